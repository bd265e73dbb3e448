//! What the OSS and SMS configurations of keeper-resource share (api-contract §8.1, §8.4): a tenant
//! keeps several, exactly one is enabled (`status` 2) and used; the secret is written and never read
//! back, so a record only says whether it has one and an update with an empty secret keeps it.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

export const CONFIG_DISABLED = 1;
export const CONFIG_ENABLED = 2;

/** The fields every configuration record has. */
export interface ConfigRecord {
  id: string;
  tenantId?: string;
  category: number;
  categoryName: string;
  remark: string;
  /** 1 停用, 2 启用 */
  status: number;
  statusName: string;
  /** a secret is stored (the secret itself never comes back) */
  hasSecret: boolean;
  createTime: string;
}

/** The calls of one kind of configuration under `base` (`/keeper-resource/oss`). */
export function configService<R extends ConfigRecord, S extends { id?: string }>(base: string) {
  return {
    list: (params: Record<string, unknown>, options?: KeeperRequestOptions) =>
      request<API.Result<API.Page<R>>>(`${base}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions),
    detail: (id: string, options?: KeeperRequestOptions) =>
      request<API.Result<R>>(`${base}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions),
    /** creates without `id`, updates with it; `secretKey: ""` keeps the stored secret */
    submit: (data: S, options?: KeeperRequestOptions) =>
      request<API.Result<{ id: string }>>(`${base}/submit`, { method: 'POST', data, ...options } as KeeperRequestOptions),
    remove: (ids: string[], options?: KeeperRequestOptions) => postForm(`${base}/remove`, { ids }, options),
    /** enables this one; the tenant's others become disabled */
    enable: (id: string, options?: KeeperRequestOptions) => postForm<unknown>(`${base}/enable`, { id }, options),
  };
}
