//! keeper-system dictionary administration (api-contract §4.7, §4.8), for the system dictionaries
//! (`dict`, global) and the tenant's business dictionaries (`dict-biz`): the paged dictionaries (top
//! rows), the items of one dictionary as a tree, one row, create-or-update and remove. The cached
//! dictionaries of the pickers are dropped after every change.
import { clearDictCache } from '@/utils/dict';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';

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
  return call<API.Page<DictRecord>>(`${BASE[book]}/parent-list`, {
    method: 'GET',
    params,
    ...options,
  });
}

/** Everything below `parentId` that matches, as a tree. */
export async function listDictItems(
  book: DictBook,
  parentId: string,
  params: Omit<DictListQuery, 'current' | 'size'> = {},
  options?: KeeperRequestOptions,
) {
  return call<DictRecord[]>(`${BASE[book]}/child-list`, {
    method: 'GET',
    params: { ...params, parentId },
    ...options,
  });
}

/** One row of a book: detail, submit and remove have the common shape; the lists above do not. */
const rows = (book: DictBook) => crudService<DictRecord, DictListQuery, DictSubmit>(BASE[book]);

export const getDictRow = (book: DictBook, id: string, options?: KeeperRequestOptions) => rows(book).detail(id, options);

/** The dictionary (top row) with this code, or undefined. */
export async function findDictionary(book: DictBook, code: string, options?: KeeperRequestOptions): Promise<DictRecord | undefined> {
  const res = await listDictionaries(book, { code, current: 1, size: 100 }, { showMsg: false, ...options });
  return res?.success ? res.data?.records?.find((r) => r.code === code) : undefined;
}

export async function submitDictRow(book: DictBook, values: DictSubmit, options?: KeeperRequestOptions) {
  const res = await rows(book).submit(values, options);
  if (res?.success) clearDictCache();
  return res;
}

/** Soft-deletes; the server refuses a row that still has items below it. */
export async function removeDictRows(book: DictBook, ids: string[], options?: KeeperRequestOptions) {
  const res = await rows(book).remove(ids, options);
  if (res?.success) clearDictCache();
  return res;
}
