//! An output report between the wire and the form: a month as form values, the form values as the
//! `outputValue/submit` body (decimals as text, never through a float), and the year-on-year change the
//! drawer shows while the clerk types — the same rule the server applies (domain-model §2.3.1): 1–N月累计
//! is the approved months before plus this one, and a fall against last year's 1–N月累计 needs a reason.
import { toScaled } from '@/components/Figures';
import type { OutputReportRecord, OutputReportSubmit } from '@/services/business/outputReport';

/** Money in 万元 a clerk types: `decimal(18,4)`. */
export const MONEY = ['monthOutput', 'monthRevenue', 'monthAddedValue', 'monthTax', 'monthProfit', 'nextMonthForecast'] as const;
/** Last year's figures, typed only when last year has no approved report. */
export const LAST_YEAR = ['lastYearMonthOutput', 'lastYearYtdOutput'] as const;

type Money = (typeof MONEY)[number] | (typeof LAST_YEAR)[number] | 'electricity';

export type OutputFormValues = Partial<Record<Money, string>> & {
  employeeCount?: number | null;
  declineReason?: string;
  problems?: string;
  remark?: string;
};

const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** A month (a report, or the empty month of an enterprise) as form values. */
export function toFormValues(r: OutputReportRecord): OutputFormValues {
  const values: OutputFormValues = {
    employeeCount: r.employeeCount ?? undefined,
    declineReason: r.declineReason,
    problems: r.problems,
    remark: r.remark,
    electricity: text(r.electricity),
  };
  for (const f of [...MONEY, ...LAST_YEAR]) values[f] = text(r[f]);
  return values;
}

/** The submit body: a month not filed yet is created, a filed one updated. Last year's figures go only
 * when the clerk may type them. */
export function toSubmit(values: OutputFormValues, record: OutputReportRecord): OutputReportSubmit {
  const body: OutputReportSubmit = {
    ...(record.id ? { id: record.id } : {}),
    enterpriseId: record.enterpriseId,
    period: record.period,
    monthOutput: text(values.monthOutput) ?? null,
    electricity: text(values.electricity) ?? null,
    employeeCount: values.employeeCount ?? null,
    declineReason: (values.declineReason ?? '').trim(),
    problems: (values.problems ?? '').trim(),
    remark: (values.remark ?? '').trim(),
  };
  for (const f of MONEY) if (f !== 'monthOutput') body[f] = text(values[f]) ?? null;
  if (!record.lastYearFromReports) for (const f of LAST_YEAR) body[f] = text(values[f]) ?? null;
  return body;
}

/** `num ÷ den` rounded half away from zero. */
function divide(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const a = num < 0n ? -num : num;
  const b = den < 0n ? -den : den;
  const q = (a * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/** The figures the drawer shows while the clerk types: 1–N月累计 and its 同比 as decimal text (two
 * decimals for the rate), undefined where there is no figure or no base. */
export function liveFigures(
  record: Pick<OutputReportRecord, 'ytdBefore' | 'lastYearYtdOutput' | 'lastYearFromReports'>,
  values: OutputFormValues,
): { ytd?: string; yoy?: string; declines: boolean } {
  const month = toScaled(values.monthOutput, 4);
  const before = toScaled(record.ytdBefore, 4) ?? 0n;
  const last = toScaled(record.lastYearFromReports ? record.lastYearYtdOutput : values.lastYearYtdOutput, 4);
  if (month === undefined) return { declines: false };
  const ytd = before + month;
  const ytdText = scaled(ytd, 4);
  const yoy = growthOf(ytd, last);
  if (yoy === undefined) return { ytd: ytdText, declines: false };
  return {
    ytd: ytdText,
    yoy,
    declines: yoy.startsWith('-'),
  };
}

/**
 * The growth of `current` over `base` (both in the same scale, e.g. 万元 as `toScaled(v, 4)`) in percent
 * with two decimals, as decimal text: (current − base) ÷ base × 100, rounded half away from zero as the
 * server's `metrics::yoy`; undefined without a base (none, or zero).
 */
export function growthOf(current: bigint, base: bigint | undefined): string | undefined {
  if (base === undefined || base === 0n) return undefined;
  // the rate in hundredths of a percent: (current − base) ÷ base × 100 × 100
  return scaled(divide((current - base) * 10000n, base), 2);
}

function scaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
}
