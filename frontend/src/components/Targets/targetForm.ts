//! The form values of a target of either target screen (目标任务's department targets, 年度产值分解's
//! enterprise targets): both hold an annual figure split into months and a remark, and store them the
//! same way, so their conversion between the stored target, the form and the body of `submit` is
//! written once here; a screen adds what its own target is for (the department and indicator, or the
//! enterprise).
import type { Checkpoints } from '@/components/MonthGrid';
import { monthsOf, SPLIT_MANUAL, SPLIT_QUARTERLY, type SplitMode, type TargetRecord } from '@/services/business/deptTarget';
import type { MonthKey } from '@/services/business/projectPlan';

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

/** The twelve months of a target as stored (`m01`…`m12`). */
export type StoredMonths = Partial<Record<MonthKey, Figure>>;

/** What every stored target has: the annual figure, the split (the mode, the quarterly shares and the
 * months) and the remark. */
export type StoredTarget = Pick<TargetRecord, 'annualTarget' | 'splitMode' | 'q1Share' | 'h1Share' | 'q3Share' | 'remark'> & StoredMonths;

/** What every target has as the form holds it: the annual figure, the split (the months as the grid's
 * texts) and the remark; a screen adds what its target is for. */
export interface TargetFormValues {
  annualTarget?: string;
  splitMode?: SplitMode;
  q1Share?: string | null;
  h1Share?: string | null;
  q3Share?: string | null;
  months?: string[];
  remark?: string;
}

/** The split as `submit` takes it: the shares only for 按季度节点, the months only for 手工. */
interface SplitSubmit {
  splitMode: SplitMode;
  q1Share?: string | null;
  h1Share?: string | null;
  q3Share?: string | null;
  /** twelve months, January first (split mode 4) */
  months?: (string | null)[];
}

/** The months of a new target: twelve empty cells. */
export const EMPTY_MONTHS = Array.from({ length: 12 }, () => '');

/** A field left empty (a cleared number input gives null, a cleared text ''). */
export const empty = (v: unknown) => v === undefined || v === null || v === '';

/** A decimal field as the server takes it: its text, or null when empty. */
export const decimal = (v: unknown) => (empty(v) ? null : String(v));

/** The stored months as the grid shows them (a month without a figure is an empty cell). */
export const gridMonths = (r: StoredMonths) => monthsOf(r).map((m) => m ?? '');

/** A share as a form field holds it. */
type Share = Checkpoints['firstQuarter'];

/** The quarterly checkpoints, once all three shares are filled in (no split before). */
export function checkpointsOf(q1: unknown, h1: unknown, q3: unknown): Checkpoints | undefined {
  return !empty(q1) && !empty(h1) && !empty(q3) ? { firstQuarter: q1 as Share, firstHalf: h1 as Share, firstThreeQuarters: q3 as Share } : undefined;
}

/** What every stored target has, as the form's values. */
export function targetFormValues(r: StoredTarget): TargetFormValues {
  return {
    annualTarget: r.annualTarget,
    splitMode: r.splitMode,
    q1Share: r.q1Share,
    h1Share: r.h1Share,
    q3Share: r.q3Share,
    months: gridMonths(r),
    remark: r.remark,
  };
}

/** The split of the form as `submit` takes it (平均 without a mode chosen). */
function splitSubmit(v: TargetFormValues): SplitSubmit {
  const mode = v.splitMode ?? '1';
  return {
    splitMode: mode,
    ...(mode === SPLIT_QUARTERLY ? { q1Share: decimal(v.q1Share), h1Share: decimal(v.h1Share), q3Share: decimal(v.q3Share) } : {}),
    ...(mode === SPLIT_MANUAL ? { months: (v.months ?? EMPTY_MONTHS).map((m) => decimal(m)) } : {}),
  };
}

/** What the body of every target's `submit` has: without `id` it makes a draft, with it it saves a
 * draft or a revision. `year` is the stored target's own, or the year a new one is made for. */
export function targetSubmitBody(v: TargetFormValues, year: number, id?: string) {
  return {
    ...(id ? { id } : {}),
    targetYear: year,
    annualTarget: String(v.annualTarget),
    ...splitSubmit(v),
    remark: (v.remark ?? '').trim(),
  };
}

/** The server names a month `months` or `m01`…`m12`; both are the grid. */
export const monthFieldNames = (field: string) => (/^months/.test(field) || /^m\d\d$/.test(field) ? 'months' : field);
