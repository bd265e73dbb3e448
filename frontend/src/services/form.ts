//! The form-encoded POST most administration actions use (remove, grant, enable...): ids and flags as
//! `application/x-www-form-urlencoded`, lists comma-joined by the request layer.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';

export function postForm<T = { count: number }>(url: string, data: Record<string, unknown>, options?: KeeperRequestOptions) {
  return request<API.Result<T>>(url, { method: 'POST', requestType: 'form', data, ...options } as KeeperRequestOptions);
}
