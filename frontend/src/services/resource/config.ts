//! What the OSS and SMS configurations of keeper-resource share (api-contract §8.1, §8.4): a tenant
//! keeps several, exactly one is enabled (`status` 2) and used; the secret is written and never read
//! back, so a record only says whether it has one and an update with an empty secret keeps it.
import type { KeeperRequestOptions } from '@/utils/request';
import { crudService, postForm } from '../crud';

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

/** The calls of one kind of configuration under `base` (`/keeper-resource/oss`). `submit` creates
 * without `id` and updates with it; `secretKey: ""` keeps the stored secret. */
export function configService<R extends ConfigRecord, S extends { id?: string }>(base: string) {
  return {
    ...crudService<R, Record<string, unknown>, S>(base),
    /** enables this one; the tenant's others become disabled */
    enable: (id: string, options?: KeeperRequestOptions) => postForm<unknown>(`${base}/enable`, { id }, options),
  };
}
