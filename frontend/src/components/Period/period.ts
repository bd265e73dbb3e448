//! The reporting period of the monthly dispatch cycle (domain-model §2.0): a year and a month,
//! written `2026-06` in links and queries, as `services/business/src/period.rs` parses it. With
//! January merged into February (the statistics bureau publishes 1–2月 together), January is no
//! period of its own: February stands for both.

export interface Period {
  year: number;
  month: number;
}

/** The years the server accepts. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

/** `2026-06` as a period; undefined for anything else. */
export function parsePeriod(text: string | null | undefined): Period | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return undefined;
  return { year, month };
}

export const formatPeriod = (p: Period) => `${p.year}-${String(p.month).padStart(2, '0')}`;

/** The period a merged January is filed in: February of the same year. */
export const reportingPeriod = (p: Period, mergeJanuary = false): Period => (mergeJanuary && p.month === 1 ? { ...p, month: 2 } : p);

/**
 * The latest closed period on `today`: the month before. When January is merged, 1–2月 closes only
 * with February, so in February the latest closed period is still last December.
 */
export function latestClosed(today: Date = new Date(), mergeJanuary = false): Period {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return mergeJanuary && previous.month === 1 ? { year: year - 1, month: 12 } : previous;
}

/** The month of `today`: the period a forecast is usually filed for. */
export function currentMonth(today: Date = new Date()): Period {
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
}

/** The period as a list or statistics call sends it: `{ period: '2026-06' }`. */
export const toQuery = (p: Period) => ({ period: formatPeriod(p) });
