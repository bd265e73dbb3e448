//! Dictionary helpers (SPEC §3, §7, §9): options de-duplicated by dictKey, the tree form, and the
//! 5-minute sessionStorage cache by dictionary code.

export const DICT_CACHE_MS = 5 * 60 * 1000;
const PREFIX = 'keeper-dict:';

interface CachedDict<T> {
  time: number;
  data: T;
}

export function readDictCache<T>(key: string, now = Date.now()): T | undefined {
  const raw = sessionStorage.getItem(PREFIX + key);
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as CachedDict<T>;
    if (typeof cached.time !== 'number' || now - cached.time >= DICT_CACHE_MS) {
      sessionStorage.removeItem(PREFIX + key);
      return undefined;
    }
    return cached.data;
  } catch {
    sessionStorage.removeItem(PREFIX + key);
    return undefined;
  }
}

export function writeDictCache<T>(key: string, data: T, now = Date.now()) {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ time: now, data }));
  } catch {
    // storage full or disabled: the dictionary is simply not cached
  }
}

export function clearDictCache() {
  const keys: string[] = [];
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  keys.forEach((k) => sessionStorage.removeItem(k));
}

/** Entries → options `{value, label, key}`, first occurrence of each dictKey wins (on each level). */
function dedupedOptions(entries: API.DictEntry[] | undefined | null, tree: boolean): API.DictOption[] {
  if (!Array.isArray(entries)) return [];
  const seen = new Set<string>();
  const options: API.DictOption[] = [];
  entries.forEach((e) => {
    if (!e || e.dictKey === undefined || e.dictKey === null) return;
    const value = String(e.dictKey);
    if (seen.has(value)) return;
    seen.add(value);
    const option: API.DictOption = { value, label: String(e.dictValue ?? value), key: String(e.key ?? value) };
    const children = tree ? dedupedOptions(e.children, true) : [];
    if (children.length) option.children = children;
    options.push(option);
  });
  return options;
}

/** Flat entries → options `{value, label, key}`, first occurrence of each dictKey wins. */
export function toDictOptions(entries: API.DictEntry[] | undefined | null): API.DictOption[] {
  return dedupedOptions(entries, false);
}

/** Tree entries → options with `children` per entry, de-duplicated by dictKey on each level. */
export function toDictTreeOptions(entries: API.DictEntry[] | undefined | null): API.DictOption[] {
  return dedupedOptions(entries, true);
}

/** Department tree → options `{value: id, label: deptName, key: id, powerType, children}`. */
export function toDeptOptions(nodes: API.DeptNode[] | undefined | null): API.DeptOption[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.map((n) => {
    const option: API.DeptOption = { value: String(n.id), label: n.deptName, key: String(n.id) };
    if (n.powerType !== undefined && n.powerType !== null) option.powerType = Number(n.powerType);
    const children = toDeptOptions(n.children);
    if (children.length) option.children = children;
    return option;
  });
}

/** The label of a dictionary value, or the value itself. */
export function dictLabel(options: API.DictOption[], value: unknown): string {
  const v = value === undefined || value === null ? '' : String(value);
  const walk = (list: API.DictOption[]): string | undefined => {
    for (const o of list) {
      if (o.value === v) return o.label;
      const found = o.children && walk(o.children);
      if (found) return found;
    }
    return undefined;
  };
  return walk(options) ?? v;
}
