//! keeper-system parameters (api-contract §4.9): rows of the platform tenant are the defaults; another
//! tenant sees them next to its own overrides and, by saving a default, creates its override.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

const BASE = '/keeper-system/param';

/** ParamView of `param/list` and `param/detail`. */
export interface ParamRecord {
  id: string;
  /** `000000` for a platform default, the tenant's code for its override */
  tenantId: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  status: number;
  createTime: string;
  updateTime: string;
}

export interface ParamListQuery {
  paramName?: string;
  paramKey?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface ParamSubmit {
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}

export async function listParams(params: ParamListQuery, options?: KeeperRequestOptions) {
  return request<API.Result<API.Page<ParamRecord>>>(`${BASE}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions);
}

export async function getParam(id: string, options?: KeeperRequestOptions) {
  return request<API.Result<ParamRecord>>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

/** Creates without `id`, updates with it; answers `{id}` (a new id when a default became an override). */
export async function submitParam(data: ParamSubmit, options?: KeeperRequestOptions) {
  return request<API.Result<{ id: string }>>(`${BASE}/submit`, { method: 'POST', data, ...options } as KeeperRequestOptions);
}

export async function removeParams(ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE}/remove`, { ids }, options);
}
