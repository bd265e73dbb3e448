//! What the object storage form reads for each category (api-contract §8.1): a local folder needs only
//! its name; the cloud stores need their address, key pair and bucket, S3 its region as well.
import { OSS_CATEGORIES, type OssRecord, type OssSubmit, ossService } from '@/services/resource/oss';
import type { ConfigField, ConfigKind } from '../../components/ConfigForm';

const KEYS: ConfigField[] = [
  { name: 'accessKey', term: 'AccessKey', required: true },
  { name: 'secretKey', term: 'SecretKey' },
];

const cloud = (endpoint: string, bucket = 'keeper'): ConfigField[] => [
  { name: 'endpoint', placeholder: endpoint, required: true },
  ...KEYS,
  { name: 'bucketName', placeholder: bucket, required: true },
];

export const OSS_KIND: ConfigKind<OssRecord, OssSubmit> = {
  kind: 'oss',
  codeField: 'ossCode',
  fields: {
    [OSS_CATEGORIES.LOCAL]: [{ name: 'bucketName', label: 'folder', placeholder: 'keeper', help: 'folder', required: true }],
    [OSS_CATEGORIES.S3]: [
      ...cloud('http://127.0.0.1:9000'),
      { name: 'region', placeholder: 'us-east-1', initial: 'us-east-1', help: 'region', required: true },
    ],
    [OSS_CATEGORIES.ALIYUN]: cloud('https://oss-cn-hangzhou.aliyuncs.com'),
    [OSS_CATEGORIES.TENCENT]: cloud('https://cos.ap-shanghai.myqcloud.com', 'keeper-1250000000'),
    [OSS_CATEGORIES.HUAWEI]: cloud('https://obs.cn-north-4.myhuaweicloud.com'),
  },
  bodyFields: ['endpoint', 'accessKey', 'secretKey', 'bucketName', 'region'],
  defaultCategory: OSS_CATEGORIES.S3,
  service: ossService,
};
