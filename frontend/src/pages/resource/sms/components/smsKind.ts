//! What the SMS form reads for each provider (api-contract §8.4), under the names the providers'
//! consoles use; every provider may be reached through another address (a private gateway, a test
//! server) instead of its public one.
import { SMS_CATEGORIES, type SmsRecord, type SmsSubmit, smsService } from '@/services/resource/sms';
import type { ConfigField, ConfigKind } from '../../components/ConfigForm';

const SIGN: ConfigField = { name: 'signName', placeholder: '经开区', help: 'signName', required: true };
const ENDPOINT: ConfigField = { name: 'endpoint', placeholder: 'https://', help: 'endpoint' };

export const SMS_KIND: ConfigKind<SmsRecord, SmsSubmit> = {
  kind: 'sms',
  codeField: 'smsCode',
  fields: {
    [SMS_CATEGORIES.YUNPIAN]: [
      { name: 'accessKey', term: 'APIKEY', required: true },
      { name: 'templateId', label: 'tplId', placeholder: '1234567', required: true },
      SIGN,
      ENDPOINT,
    ],
    [SMS_CATEGORIES.QINIU]: [
      { name: 'accessKey', term: 'AccessKey', required: true },
      { name: 'secretKey', term: 'SecretKey' },
      { name: 'templateId', required: true },
      SIGN,
      ENDPOINT,
    ],
    [SMS_CATEGORIES.ALIYUN]: [
      { name: 'accessKey', term: 'AccessKey ID', required: true },
      { name: 'secretKey', term: 'AccessKey Secret' },
      { name: 'templateId', placeholder: 'SMS_123456', required: true },
      SIGN,
      { name: 'regionId', placeholder: 'cn-hangzhou', initial: 'cn-hangzhou', required: true },
      ENDPOINT,
    ],
    [SMS_CATEGORIES.TENCENT]: [
      { name: 'accessKey', term: 'SecretId', required: true },
      { name: 'secretKey', term: 'SecretKey' },
      { name: 'appId', label: 'sdkAppId', placeholder: '1400000000', required: true },
      { name: 'templateId', placeholder: '1234567', required: true },
      SIGN,
      { name: 'regionId', placeholder: 'ap-guangzhou', initial: 'ap-guangzhou', required: true },
      ENDPOINT,
    ],
  },
  bodyFields: ['templateId', 'accessKey', 'secretKey', 'appId', 'regionId', 'signName', 'endpoint'],
  defaultCategory: SMS_CATEGORIES.ALIYUN,
  service: smsService,
};
