//! keeper-resource SMS configurations (api-contract §8.4, §8.5): the providers' accounts and templates,
//! test messages and verification codes sent through one of them, and the log of what was sent.
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { type ConfigRecord, configService } from './config';

const BASE = '/keeper-resource/sms';

export const SMS_CATEGORIES = {
  YUNPIAN: 1,
  QINIU: 2,
  ALIYUN: 3,
  TENCENT: 4,
} as const;

export interface SmsRecord extends ConfigRecord {
  smsCode: string;
  templateId: string;
  accessKey: string;
  appId: string;
  regionId: string;
  signName: string;
  /** empty: the provider's public address */
  endpoint: string;
}

export interface SmsSubmit {
  id?: string;
  smsCode: string;
  category: number;
  templateId: string;
  accessKey: string;
  /** empty on an update: the stored secret is kept */
  secretKey: string;
  appId: string;
  regionId: string;
  signName: string;
  endpoint: string;
  remark: string;
}

/** A row of the send log. */
export interface SmsLogRecord {
  id: string;
  smsCode: string;
  category: number;
  categoryName: string;
  phone: string;
  templateId: string;
  /** the template variables as sent (JSON) */
  params: string;
  /** 1 sent, 0 refused */
  success: number;
  message: string;
  createTime: string;
}

export const smsService = configService<SmsRecord, SmsSubmit>(BASE);

/** Sends the configuration's template to `phones` (comma-joined) with `params`, a JSON object of the
 * template's variables. */
export const sendSmsMessage = (code: string, phones: string, params: string, options?: KeeperRequestOptions) =>
  postForm<unknown>(`${BASE}/endpoint/send-message`, { code, phones, params }, options);

/** Sends a verification code to `phone`; answers the id to check it under (never the code). */
export const sendSmsValidate = (code: string, phone: string, options?: KeeperRequestOptions) =>
  postForm<{ id: string; phone: string }>(`${BASE}/endpoint/send-validate`, { phone, code }, options);

/** Checks the code the phone received. */
export const validateSmsMessage = (id: string, value: string, phone: string, options?: KeeperRequestOptions) =>
  postForm<unknown>(`${BASE}/endpoint/validate-message`, { id, value, phone }, options);

export const listSmsLogs = (params: Record<string, unknown>, options?: KeeperRequestOptions) =>
  call<API.Page<SmsLogRecord>>(`${BASE}/log/list`, { method: 'GET', params, ...options });
