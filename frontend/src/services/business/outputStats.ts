//! 产值统计 (business service `/outputValue/statistics`, issue 17, services/business/src/output/stats):
//! the approved enterprise output reports of 1–N月 summed by department (the tree with subtotals, against
//! the annual target and the time progress), by industry or by leading industry; the enterprises ranked
//! by output, growth or contribution; the twelve months against last year; and the enterprises whose
//! year to date fell. The xlsx of exactly one view is `/outputValue/export-statistics` with the same
//! query. Amounts in 万元 (up to 4 decimals) and rates in % travel as decimal strings; a rate without a
//! base is null ("—" on screen).
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

const BASE = '/outputValue';

export type OutputView = 'dept' | 'industry' | 'leadingIndustry' | 'enterprise' | 'trend' | 'decliners';
/** The views in the order the screen offers them. */
export const OUTPUT_VIEWS: OutputView[] = ['dept', 'industry', 'leadingIndustry', 'enterprise', 'trend', 'decliners'];
/** The views that sum the reports into groups. */
export type GroupView = 'dept' | 'industry' | 'leadingIndustry';
/** The views that list enterprises. */
export type RankView = 'enterprise' | 'decliners';

/** Which department a report counts under: the one stored on it when filed, or the enterprise's today. */
export type DeptBasis = 'snapshot' | 'current';
/** The order of the ranking: 1–N月累计, 累计同比 (nulls last) or 拉动, each descending. */
export type RankSort = 'output' | 'growth' | 'contribution';
export const RANK_SORTS: RankSort[] = ['output', 'growth', 'contribution'];

/** 万元 as a decimal string. */
type Money = string;
/** % (or percentage points) as a decimal string, null without a base. */
type Rate = string | null;

/** A group of a department, industry or leading-industry view; also the `total` of a ranking. */
export interface OutputGroupRow {
  /** the department id or dictionary key; empty for 其他, 未填 and 合计 */
  key: string;
  name: string;
  kind: 'dept' | 'group' | 'unplaced' | 'total';
  /** depth in the department tree, 0 at the top */
  depth: number;
  subtotal: boolean;
  /** enterprises with an approved report in 1–N月 counted here */
  enterprises: number;
  /** enterprises with an approved report of month N */
  reported: number;
  monthOutput: Money;
  /** last year's month N; null without a base */
  lastMonthOutput: Money | null;
  monthYoy: Rate;
  /** 1–N月累计 */
  ytdOutput: Money;
  lastYtdOutput: Money | null;
  /** 累计同比 */
  yoy: Rate;
  /** ytd ÷ the total's ytd */
  share: Rate;
  /** 拉动, percentage points: the segments' add up to the total's yoy */
  contribution: Rate;
  /** the department view's annual 规上工业总产值 target; null elsewhere */
  target: Money | null;
  /** ytd ÷ target */
  completion: Rate;
  /** completion − time progress, percentage points */
  scheduleGap: Rate;
}

export interface OutputGroupStats {
  view: GroupView;
  period: string;
  deptBasis: DeptBasis;
  /** the sheet's title, in Chinese */
  title: string;
  /** the zone, as titles name it */
  zoneName: string;
  /** January is reported with February (1–2月) */
  januaryMerged: boolean;
  /** N ÷ 12 of the year, % */
  timeProgress: Rate;
  /** the department tree in order (or the groups in dictionary order), then 其他/未填, the total last */
  rows: OutputGroupRow[];
}

/** An enterprise of the ranking or of the decliners. */
export interface OutputEnterpriseRow {
  rank: number;
  enterpriseId: string;
  enterpriseName: string;
  deptId: string | null;
  deptName: string;
  industryCode: string;
  industryName: string;
  monthOutput: Money;
  lastMonthOutput: Money | null;
  monthYoy: Rate;
  ytdOutput: Money;
  lastYtdOutput: Money | null;
  yoy: Rate;
  share: Rate;
  contribution: Rate;
  /** of the latest approved report up to month N; "" when none */
  declineReason: string;
  /** the enterprise's annual target in force (年度产值分解); null without one */
  target: Money | null;
  /** 1–N月累计 ÷ target */
  completion: Rate;
  /** completion − 时序进度, in points */
  scheduleGap: Rate;
}

export interface OutputRankStats {
  view: RankView;
  period: string;
  deptBasis: DeptBasis;
  /** the ranking's order (view `enterprise`) */
  sort?: RankSort;
  title: string;
  /** the zone, as titles name it */
  zoneName: string;
  januaryMerged: boolean;
  timeProgress: Rate;
  rows: OutputEnterpriseRow[];
  /** the sums of every enterprise in scope, shaped as a group row of kind `total` */
  total: OutputGroupRow;
}

export interface OutputTrendMonth {
  month: number;
  /** null after month N */
  thisMonth: Money | null;
  thisCumulative: Money | null;
  lastMonth: Money;
  lastCumulative: Money;
  /** 累计同比 */
  yoy: Rate;
  /** 当月同比 */
  monthYoy: Rate;
  /** 环比: null for January, and for February when January is reported with it */
  mom: Rate;
}

export interface OutputTrendStats {
  view: 'trend';
  period: string;
  year: number;
  lastYear: number;
  title: string;
  /** the zone, as titles name it */
  zoneName: string;
  januaryMerged: boolean;
  /** twelve, January first */
  months: OutputTrendMonth[];
  ytdOutput: Money;
  lastYtdOutput: Money | null;
  yoy: Rate;
}

export type OutputStatistics = OutputGroupStats | OutputRankStats | OutputTrendStats;

/** The query of both endpoints, as sent. */
export interface OutputStatsQuery {
  view: OutputView;
  /** `2026-10`: 1–10月 */
  period: string;
  deptBasis?: DeptBasis;
  /** a department and those below it */
  deptId?: string;
  /** an `industry` dictionary key (its sub-classes match too) */
  industryCode?: string;
  aboveScale?: 'Y' | 'N';
  /** view `enterprise` only */
  sort?: RankSort;
  /** view `enterprise` only: 1..1000; absent for every enterprise */
  top?: number;
}

/** What the screen has chosen, whatever the view. */
export interface OutputStatsChoice {
  view: OutputView;
  period: string;
  deptBasis: DeptBasis;
  deptId?: string;
  industryCode?: string;
  aboveScale?: 'Y' | 'N';
  sort: RankSort;
  /** undefined: every enterprise */
  top?: number;
}

/** The views whose rows are placed by department: grouped under it, or naming it in a column. */
const PLACED_BY_DEPT: OutputView[] = ['dept', 'enterprise', 'decliners'];

/**
 * Whether the department basis matters to a view: where its rows are placed by department, or where
 * a department filter decides which enterprises count (their department then or now).
 */
export const takesDeptBasis = (view: OutputView, deptId?: string) => PLACED_BY_DEPT.includes(view) || !!deptId;

/**
 * The query of a view: only the parameters that view takes (the export is asked with the same, so the
 * sheet is the view on screen) — the basis where it matters, the sort and the top of the ranking alone
 * (the decliners are every one of them, worst first), no empty filter.
 */
export function outputStatsQuery(c: OutputStatsChoice): OutputStatsQuery {
  const q: OutputStatsQuery = { view: c.view, period: c.period };
  if (takesDeptBasis(c.view, c.deptId)) q.deptBasis = c.deptBasis;
  if (c.deptId) q.deptId = c.deptId;
  if (c.industryCode) q.industryCode = c.industryCode;
  if (c.aboveScale) q.aboveScale = c.aboveScale;
  if (c.view === 'enterprise') {
    q.sort = c.sort;
    if (c.top !== undefined) q.top = c.top;
  }
  return q;
}

/** The query as parameters: strings, nothing empty (the server reads an empty one as a value). */
const params = (q: OutputStatsQuery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const getOutputStatistics = <S extends OutputStatistics = OutputStatistics>(query: OutputStatsQuery, options?: KeeperRequestOptions) =>
  call<S>(`${BASE}/statistics`, { method: 'GET', params: params(query), ...options });

export const OUTPUT_STATS_EXPORT_URL = `${BASE}/export-statistics`;

/** The xlsx of exactly this view. */
export const exportOutputStatistics = (query: OutputStatsQuery, fallbackName: string) =>
  downloadFile(OUTPUT_STATS_EXPORT_URL, params(query), fallbackName);
