//! A screen's choices kept in the URL (`?year=2026&deptId=…`), so that a shared link or a reload opens
//! the same view: the query parameters read again on every change of the location (a link, back and
//! forward), and a setter that replaces — not pushes: stepping through years should not fill the back
//! button — the parameters it names, keeping the others.
import { history } from '@umijs/max';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { currentAppLocation } from './location';

/** A change of the query: a value sets its parameter, undefined or '' removes it. */
export type QueryChange = Record<string, string | number | undefined>;

const subscribe = (onChange: () => void) => history.listen(onChange);
const currentSearch = () => history.location.search;

/** `[params, set]`: the current query parameters, and the setter of some of them. */
export function useQueryParams(): [URLSearchParams, (change: QueryChange) => void] {
  const search = useSyncExternalStore(subscribe, currentSearch);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((change: QueryChange) => {
    const next = new URLSearchParams(history.location.search);
    Object.entries(change).forEach(([k, v]) => (v === undefined || v === '' ? next.delete(k) : next.set(k, String(v))));
    history.replace({ pathname: currentAppLocation().pathname, search: `?${next.toString()}`, hash: history.location.hash });
  }, []);
  return [params, set];
}
