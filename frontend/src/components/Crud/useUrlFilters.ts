//! The filters of a list that a link may set (`/outputValue/report?reportStatus=1`, from the home page's
//! to-dos): the search form starts with those the URL holds, and the URL follows the filters sent
//! afterwards, so that a reload or a shared link shows the same rows. Only the named parameters are
//! touched; the others (the month, the tab) stay. Meant for single-valued filters (a select, a flag).
import { history } from '@umijs/max';
import { useCallback, useState } from 'react';
import { useQueryParams } from '@/utils/useQueryParams';

/** A filter value as a query parameter; undefined (removed) when empty. */
function asParam(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  return String(value);
}

export interface UrlFilters {
  /** the link's filters, for the search form's initial values; undefined once the list has been asked */
  initialValues?: Record<string, string>;
  /** the list was opened with filters in the URL */
  arrivedWithFilters: boolean;
  /** call with each query sent: the URL takes its values of the named filters */
  sent: (query: Record<string, unknown>) => void;
}

export function useUrlFilters(keys: string[] = []): UrlFilters {
  const [params, setParams] = useQueryParams();
  const names = keys.join(',');
  // Held until the form has taken them and then dropped: ProTable's 重置 resets the form to its initial
  // values, and a person who resets wants every filter gone, the link's too. (In development ProForm
  // notes that its initial values changed after it started: here that is the point.)
  const [initialValues, setInitialValues] = useState<Record<string, string> | undefined>(() => {
    const found = keys.flatMap((k) => {
      const v = params.get(k);
      return v ? [[k, v] as const] : [];
    });
    return found.length ? Object.fromEntries(found) : undefined;
  });
  const [arrivedWithFilters] = useState(() => !!initialValues);

  const sent = useCallback(
    (query: Record<string, unknown>) => {
      if (!names) return;
      setInitialValues(undefined);
      const now = new URLSearchParams(history.location.search);
      const change = Object.fromEntries(names.split(',').map((k) => [k, asParam(query[k])]));
      // a reload of the same rows leaves the URL (and the back button) alone
      if (Object.entries(change).some(([k, v]) => (now.get(k) ?? undefined) !== v)) setParams(change);
    },
    [names, setParams],
  );
  return { initialValues, arrivedWithFilters, sent };
}
