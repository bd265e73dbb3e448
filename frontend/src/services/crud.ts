//! How a service module reaches the server: `call` for any envelope-answering call, `postForm` for the
//! form-encoded actions (remove, grant, enable…), and `crudService` for the four calls every
//! administered record has under one base path. The request layer (src/utils/request.ts) does the rest.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';

/**
 * One call answering Keeper's envelope. Typing the options as Keeper's here lets object literals carry
 * `showMsg`, `showType` or `requestType` without a cast at every call site.
 */
export function call<T>(url: string, options: KeeperRequestOptions): Promise<API.Result<T>> {
  return request<API.Result<T>>(url, options);
}

/** POST `application/x-www-form-urlencoded`; lists go comma-joined (the BladeX `ids=1,2` convention). */
export function postForm<T = { count: number }>(url: string, data: Record<string, unknown>, options?: KeeperRequestOptions) {
  return call<T>(url, { method: 'POST', requestType: 'form', data, ...options });
}

/**
 * The calls of a record administered under `base` (`/keeper-system/post`): `R` the record as read,
 * `Q` the list filters, `S` the submit body. Modules whose calls differ (a secret hashed before it
 * goes out, a cache dropped after a change) wrap these or write their own with `call`.
 */
export function crudService<R, Q = Record<string, unknown>, S = Partial<R>>(base: string) {
  return {
    /** GET `list`: one page of the records the filters find */
    list: (params: Q = {} as Q, options?: KeeperRequestOptions) =>
      call<API.Page<R>>(`${base}/list`, { method: 'GET', params, ...options }),
    /** GET `detail?id=` */
    detail: (id: string, options?: KeeperRequestOptions) => call<R>(`${base}/detail`, { method: 'GET', params: { id }, ...options }),
    /** POST `submit` (JSON): creates without `id`, updates with it; answers `{id}` */
    submit: (data: S, options?: KeeperRequestOptions) => call<{ id: string }>(`${base}/submit`, { method: 'POST', data, ...options }),
    /** POST `remove` (form `ids=1,2`): soft-deletes; answers `{count}` */
    remove: (ids: string[], options?: KeeperRequestOptions) => postForm(`${base}/remove`, { ids }, options),
  };
}
