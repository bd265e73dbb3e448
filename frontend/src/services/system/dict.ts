//! keeper-system dictionary administration (api-contract §4.7, §4.8), for the system dictionaries
//! (`dict`, global) and the tenant's business dictionaries (`dict-biz`): the paged dictionaries (top
//! rows), the items of one dictionary as a tree, one row, create-or-update and remove. The cached
//! dictionaries of the pickers are dropped after every change.
import { request } from '@umijs/max';
import { clearDictCache } from '@/utils/dict';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

/** Which family of dictionaries a screen administers. */
export type DictBook = 'system' | 'biz';

const BASE: Record<DictBook, string> = {
  system: '/keeper-system/dict',
  biz: '/keeper-system/dict-biz',
};

/** The `dictKey` of every dictionary's top row. */
export const TOP_KEY = '-1';

/** DictVO of every administration call. A dictionary is a top row (`parentId` "0") whose items share
 * its `code`; items may nest. */
export interface DictRecord {
  id: string;
  parentId: string;
  parentName: string;
  tenantId?: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  /** 1: left out of the pickers */
  isSealed: number;
  children?: DictRecord[];
  hasChildren?: boolean;
}

export interface DictListQuery {
  code?: string;
  dictKey?: string;
  dictValue?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface DictSubmit {
  id?: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
}

/** The dictionaries (top rows), paged. */
export async function listDictionaries(book: DictBook, params: DictListQuery = {}, options?: KeeperRequestOptions) {
  return request<API.Result<API.Page<DictRecord>>>(`${BASE[book]}/parent-list`, {
    method: 'GET',
    params,
    ...options,
  } as KeeperRequestOptions);
}

/** Everything below `parentId` that matches, as a tree. */
export async function listDictItems(
  book: DictBook,
  parentId: string,
  params: Omit<DictListQuery, 'current' | 'size'> = {},
  options?: KeeperRequestOptions,
) {
  return request<API.Result<DictRecord[]>>(`${BASE[book]}/child-list`, {
    method: 'GET',
    params: { ...params, parentId },
    ...options,
  } as KeeperRequestOptions);
}

export async function getDictRow(book: DictBook, id: string, options?: KeeperRequestOptions) {
  return request<API.Result<DictRecord>>(`${BASE[book]}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

/** The dictionary (top row) with this code, or undefined. */
export async function findDictionary(book: DictBook, code: string, options?: KeeperRequestOptions): Promise<DictRecord | undefined> {
  const res = await listDictionaries(book, { code, current: 1, size: 100 }, { showMsg: false, ...options } as KeeperRequestOptions);
  return res?.success ? res.data?.records?.find((r) => r.code === code) : undefined;
}

export async function submitDictRow(book: DictBook, values: DictSubmit, options?: KeeperRequestOptions) {
  const res = await request<API.Result<{ id: string }>>(`${BASE[book]}/submit`, {
    method: 'POST',
    data: values,
    ...options,
  } as KeeperRequestOptions);
  if (res?.success) clearDictCache();
  return res;
}

/** Soft-deletes; the server refuses a row that still has items below it. */
export async function removeDictRows(book: DictBook, ids: string[], options?: KeeperRequestOptions) {
  const res = await postForm<{ count: number }>(`${BASE[book]}/remove`, { ids }, options);
  if (res?.success) clearDictCache();
  return res;
}
