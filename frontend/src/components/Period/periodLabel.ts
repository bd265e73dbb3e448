//! A reporting period as a person reads it, in their language: `2026-10` → 2026年10月, Oct 2026.
import type { useIntl } from '@umijs/max';

type Intl = Pick<ReturnType<typeof useIntl>, 'formatMessage' | 'locale'>;

/** `2026-10` as 2026年10月 (Oct 2026); anything that is not a period as it is. */
export function periodLabel(intl: Intl, period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  const y = intl.formatMessage({ id: 'component.period.year' }, { year });
  const m = intl.formatMessage({ id: 'component.period.month' }, { month });
  return intl.locale.startsWith('zh') ? `${y}${m}` : `${m} ${y}`;
}
