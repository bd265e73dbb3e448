//! The period a dispatch screen shows, kept in the URL (`?period=2026-06`) so that a shared link or a
//! reload opens the same month; without one, the latest closed month (the month being reported on), or
//! for a screen that looks ahead, such as the forecasts, the current month.
import { history } from '@umijs/max';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { currentAppLocation } from '@/utils/location';
import { currentMonth, formatPeriod, latestClosed, parsePeriod, type Period, reportingPeriod } from './period';

export interface PeriodParamOptions {
  /** the tenant merges January into February: a link to January opens 1–2月 */
  mergeJanuary?: boolean;
  /** the query parameter; `period` unless a screen shows two */
  param?: string;
  /** the month opened without one in the URL: the latest closed (default) or the current one */
  default?: 'closed' | 'current';
  /** what "today" is (tests) */
  today?: Date;
}

const subscribe = (onChange: () => void) => history.listen(onChange);
const currentSearch = () => history.location.search;

/** `[period, setPeriod]`: the period in the URL (or the default one), and a setter that
 * replaces it there, keeping the other query parameters. */
export function usePeriodParam(opts: PeriodParamOptions = {}): [Period, (p: Period) => void] {
  const { mergeJanuary = false, param = 'period', default: opening = 'closed', today } = opts;
  const search = useSyncExternalStore(subscribe, currentSearch);
  const text = new URLSearchParams(search).get(param);
  const todayKey = today?.getTime();
  const period = useMemo(() => {
    const fromUrl = parsePeriod(text);
    if (fromUrl) return reportingPeriod(fromUrl, mergeJanuary);
    return opening === 'current' ? reportingPeriod(currentMonth(today), mergeJanuary) : latestClosed(today, mergeJanuary);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, mergeJanuary, opening, todayKey]);
  const setPeriod = useCallback(
    (p: Period) => {
      const params = new URLSearchParams(history.location.search);
      params.set(param, formatPeriod(p));
      // replace, not push: stepping through months should not fill the back button
      history.replace({ pathname: currentAppLocation().pathname, search: `?${params.toString()}`, hash: history.location.hash });
    },
    [param],
  );
  return [period, setPeriod];
}
