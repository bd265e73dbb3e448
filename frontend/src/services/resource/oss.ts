//! keeper-resource object storage configurations (api-contract §8.1): where the tenant's files go.
//! Each category reads its own fields; the connection test checks one with the storage itself.
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../crud';
import { type ConfigRecord, configService } from './config';

const BASE = '/keeper-resource/oss';

export const OSS_CATEGORIES = {
  /** a folder on the server's disk: only `bucketName` (the folder) is read */
  LOCAL: 1,
  /** MinIO, AWS S3 and other S3-compatible stores */
  S3: 2,
  ALIYUN: 3,
  TENCENT: 4,
  HUAWEI: 5,
} as const;

export interface OssRecord extends ConfigRecord {
  ossCode: string;
  endpoint: string;
  accessKey: string;
  bucketName: string;
  region: string;
}

export interface OssSubmit {
  id?: string;
  ossCode: string;
  category: number;
  endpoint: string;
  accessKey: string;
  /** empty on an update: the stored secret is kept */
  secretKey: string;
  bucketName: string;
  region: string;
  remark: string;
}

export const ossService = configService<OssRecord, OssSubmit>(BASE);

/** Connects with the stored settings; answers success with a message, or fails with the reason. */
export const testOss = (id: string, options?: KeeperRequestOptions) => postForm<unknown>(`${BASE}/test`, { id }, options);
