//! The translator of the big screen's messages, and the months-to-date label of its period.
import { useIntl } from '@umijs/max';
import { useMemo } from 'react';

export const MESSAGES = 'pages.dataAnalysis';

export type T = (key: string, values?: Record<string, unknown>) => string;

export function useT(): T {
  const intl = useIntl();
  return useMemo(() => (key, values) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any), [intl]);
}

/** `2026-10` → 1–10月 (Jan–Oct); January alone is 1月. */
export const monthsLabel = (t: T, period: string) => {
  const month = Number(period.slice(5));
  return month === 1 ? t('january') : t('toDate', { month });
};
