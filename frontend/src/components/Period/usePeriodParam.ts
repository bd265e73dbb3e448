//! The period a dispatch screen shows, kept in the URL (`?period=2026-06`) so that a shared link or a
//! reload opens the same month; without one, the latest closed month (the month being reported on), or
//! for a screen that looks ahead, such as the forecasts, the current month.
import { useCallback, useMemo } from 'react';
import { useQueryParams } from '@/utils/useQueryParams';
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

/** `[period, setPeriod]`: the period in the URL (or the default one), and a setter that
 * replaces it there, keeping the other query parameters. */
export function usePeriodParam(opts: PeriodParamOptions = {}): [Period, (p: Period) => void] {
  const { mergeJanuary = false, param = 'period', default: opening = 'closed', today } = opts;
  const [params, setParams] = useQueryParams();
  const text = params.get(param);
  const todayKey = today?.getTime();
  const period = useMemo(() => {
    const fromUrl = parsePeriod(text);
    if (fromUrl) return reportingPeriod(fromUrl, mergeJanuary);
    return opening === 'current' ? reportingPeriod(currentMonth(today), mergeJanuary) : latestClosed(today, mergeJanuary);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, mergeJanuary, opening, todayKey]);
  const setPeriod = useCallback((p: Period) => setParams({ [param]: formatPeriod(p) }), [param, setParams]);
  return [period, setPeriod];
}
