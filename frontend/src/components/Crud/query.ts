//! The wire side of list screens (api-contract §1.4): ProTable's paging, sorting and filter values
//! become `current`/`size`/`ascs`/`descs` and plain query parameters; a paged or tree reply becomes
//! what ProTable expects.
import type { SortOrder } from 'antd/es/table/interface';

/** Paging and sorting as the back end reads them. */
export interface PageQuery {
  current?: number;
  size?: number;
  /** comma-separated snake_case columns */
  ascs?: string;
  descs?: string;
}

/** `realName` → `real_name`: sort columns are database column names. */
export function toSnakeCase(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}

function emptyFilter(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/**
 * ProTable's request arguments → the query of a list call. Text filters are trimmed and empty ones
 * dropped; `pageSize` becomes `size`; the sorter becomes `ascs`/`descs` (snake_case columns).
 * `paged: false` (tree lists) sends neither `current` nor `size`.
 */
export function toListQuery(
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort: Record<string, SortOrder | undefined> | undefined,
  opts: { paged?: boolean } = {},
): Record<string, unknown> & PageQuery {
  const { current, pageSize, keyword: _keyword, ...filters } = params;
  const query: Record<string, unknown> & PageQuery = {};
  if (opts.paged !== false) {
    query.current = current ?? 1;
    query.size = pageSize ?? 10;
  }
  Object.entries(filters).forEach(([key, value]) => {
    if (emptyFilter(value)) return;
    query[key] = typeof value === 'string' ? value.trim() : value;
  });
  const ascs: string[] = [];
  const descs: string[] = [];
  Object.entries(sort ?? {}).forEach(([column, order]) => {
    if (order === 'ascend') ascs.push(toSnakeCase(column));
    else if (order === 'descend') descs.push(toSnakeCase(column));
  });
  if (ascs.length) query.ascs = ascs.join(',');
  if (descs.length) query.descs = descs.join(',');
  return query;
}

export interface TableData<T> {
  data: T[];
  total: number;
  success: boolean;
}

/** A list reply (a page `{records,total}` or a plain array for trees) → ProTable's data. */
export function fromListReply<T>(res: API.Result<API.Page<T> | T[]> | undefined): TableData<T> {
  if (!res?.success) return { data: [], total: 0, success: false };
  const data = res.data as API.Page<T> | T[] | undefined;
  if (Array.isArray(data)) return { data, total: data.length, success: true };
  if (data && Array.isArray(data.records)) {
    return { data: data.records, total: Number(data.total) || 0, success: true };
  }
  return { data: [], total: 0, success: true };
}

/** Keys of every node that has children: a tree table opens fully when it loads. */
export function parentKeys<T extends { children?: T[] }>(rows: T[], key: (row: T) => string): string[] {
  const out: string[] = [];
  const walk = (list: T[]) =>
    list.forEach((r) => {
      if (r.children?.length) {
        out.push(key(r));
        walk(r.children);
      }
    });
  walk(rows);
  return out;
}
