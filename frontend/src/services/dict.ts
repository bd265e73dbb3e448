//! Dictionaries (SPEC §3, §7, §9): cached 5 minutes in sessionStorage by code unless `reload`,
//! an empty list when the call fails, options `{value, label, key}` de-duplicated by dictKey.
import {
  readDictCache,
  toDeptOptions,
  toDictOptions,
  toDictTreeOptions,
  writeDictCache,
} from '@/utils/dict';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from './crud';

/**
 * Where a dictionary comes from:
 * - `biz` (default): GET /keeper-system/dict-biz/dictionary?code= (the tenant's business dictionary)
 * - `bizList`: GET /keeper-system/dict-biz/list?code=
 * - `bizTree`: GET /keeper-system/dict-biz/dictionary-tree?code= (tree form)
 * - `system`: GET /keeper-system/dict/dictionary?code=
 * - `powerType`: GET /keeper-system/dept/getPowerType
 */
export type DictSource = 'biz' | 'bizList' | 'bizTree' | 'system' | 'powerType';

const SOURCES: Record<DictSource, { url: string; tree: boolean; withCode: boolean }> = {
  biz: { url: '/keeper-system/dict-biz/dictionary', tree: false, withCode: true },
  bizList: { url: '/keeper-system/dict-biz/list', tree: false, withCode: true },
  bizTree: { url: '/keeper-system/dict-biz/dictionary-tree', tree: true, withCode: true },
  system: { url: '/keeper-system/dict/dictionary', tree: false, withCode: true },
  powerType: { url: '/keeper-system/dept/getPowerType', tree: false, withCode: false },
};

const QUIET: KeeperRequestOptions = { showMsg: false, showType: 0 };

/** Raw dictionary entries (cached), or [] when the call fails. */
export async function getDictEntries(
  code: string,
  opts: { source?: DictSource; reload?: boolean } = {},
): Promise<API.DictEntry[]> {
  const source = opts.source ?? 'biz';
  const spec = SOURCES[source];
  const cacheKey = `${source}:${code}`;
  if (!opts.reload) {
    const cached = readDictCache<API.DictEntry[]>(cacheKey);
    if (cached) return cached;
  }
  try {
    const res = await call<API.DictEntry[] | API.Page<API.DictEntry>>(spec.url, {
      method: 'GET',
      params: spec.withCode ? { code } : undefined,
      ...QUIET,
    });
    const data = res?.data as any;
    const list: API.DictEntry[] | undefined = Array.isArray(data)
      ? data
      : Array.isArray(data?.records)
        ? data.records
        : undefined;
    if (!res?.success || !list) return [];
    writeDictCache(cacheKey, list);
    return list;
  } catch {
    return [];
  }
}

/** A dictionary as options; `bizTree` gives the tree form. */
export async function getDictionary(
  code: string,
  opts: { source?: DictSource; reload?: boolean } = {},
): Promise<API.DictOption[]> {
  const entries = await getDictEntries(code, opts);
  return SOURCES[opts.source ?? 'biz'].tree ? toDictTreeOptions(entries) : toDictOptions(entries);
}

/** The four dictionaries loaded at start-up (SPEC §3). */
export const STARTUP_DICTIONARIES = [
  'company_type',
  'project_type',
  'project_status',
  'industry',
] as const;
export type StartupDicts = Record<(typeof STARTUP_DICTIONARIES)[number], API.DictOption[]>;

export async function loadStartupDictionaries(): Promise<StartupDicts> {
  const lists = await Promise.all(STARTUP_DICTIONARIES.map((code) => getDictionary(code)));
  return Object.fromEntries(STARTUP_DICTIONARIES.map((code, i) => [code, lists[i]])) as StartupDicts;
}

/** GET /dept/commonList: the department tree as options (cached like a dictionary). */
export async function getDeptTree(opts: { reload?: boolean } = {}): Promise<API.DeptOption[]> {
  const cacheKey = 'dept:commonList';
  let nodes = opts.reload ? undefined : readDictCache<API.DeptNode[]>(cacheKey);
  if (!nodes) {
    try {
      const res = await call<API.DeptNode[]>('/keeper-system/dept/commonList', {
        method: 'GET',
        ...QUIET,
      });
      if (!res?.success || !Array.isArray(res.data)) return [];
      nodes = res.data;
      writeDictCache(cacheKey, nodes);
    } catch {
      return [];
    }
  }
  return toDeptOptions(nodes);
}
