//! Options loaded once per key while a screen uses them: every select, column and filter asking for
//! the same dictionary or tree at the same moment shares one call.
import { useEffect, useState } from 'react';

const inFlight = new Map<string, Promise<unknown>>();

/** Runs `loader` once for all callers waiting on `key`; a finished call is not kept here (the
 * loaders keep their own caches where the data allows one). */
export function shared<T>(key: string, loader: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const p = loader().finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

/** `{options, loading}` of a loader; reloads when `key` changes. */
export function useOptions<T>(key: string, loader: () => Promise<T[]>): { options: T[]; loading: boolean } {
  const [state, setState] = useState<{ key?: string; options: T[]; loading: boolean }>({
    options: [],
    loading: true,
  });
  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    shared(key, loader)
      .catch(() => [] as T[])
      .then((options) => {
        if (alive) setState({ key, options, loading: false });
      });
    return () => {
      alive = false;
    };
    // the loader is identified by its key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { options: state.options, loading: state.loading };
}

/** A tree of options `{value,label,children}` as antd Tree / TreeSelect nodes. */
export interface TreeOption {
  value: string;
  /** shown by Tree and TreeSelect */
  title: string;
  /** the same text, for read-only ProForm fields (they look labels up by `label`) */
  label: string;
  key: string;
  /** shown but not pickable (an ancestor kept so that the tree reads as a tree) */
  disabled?: boolean;
  children?: TreeOption[];
}

export function toTreeOptions<O extends API.DictOption>(list: O[] | undefined, extra?: (o: O) => Record<string, unknown>): TreeOption[] {
  return (list ?? []).map((o) => {
    const node: TreeOption = { value: o.value, title: o.label, label: o.label, key: o.value, ...extra?.(o) };
    if (o.children?.length) node.children = toTreeOptions(o.children as O[], extra);
    return node;
  });
}

/** The title of a value in a tree, or undefined. */
export function treeTitle(tree: TreeOption[], value: string): string | undefined {
  for (const n of tree) {
    if (n.value === value) return n.title;
    const found = n.children && treeTitle(n.children, value);
    if (found) return found;
  }
  return undefined;
}

/** How every tree picker behaves: clearable, searchable by title, opened fully. */
export const TREE_SELECT_DEFAULTS = {
  allowClear: true,
  treeDefaultExpandAll: true,
  showSearch: true,
  treeNodeFilterProp: 'title',
  style: { width: '100%' },
};
