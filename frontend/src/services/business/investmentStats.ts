//! 在库项目统计 (business service `/project/statistics`, domain-model §2.2.5d): the in-library projects
//! summed by department (tree with subtotals) or by a project field, the monthly trend against last year,
//! and the status funnel, as the server shaped and rated them; and the xlsx of exactly one view
//! (`/project/export-statistics`, the same rows). Amounts in 万元 and rates in % travel as decimal
//! strings; a rate without a base is null and shows as "—".
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

const BASE = '/project';

export type Dimension = 'dept' | 'type' | 'industry' | 'leadingIndustry' | 'level' | 'status' | 'band';
export const DIMENSIONS: Dimension[] = ['dept', 'type', 'industry', 'leadingIndustry', 'level', 'status', 'band'];
export type StatsView = 'dimension' | 'trend' | 'funnel';
/** Which department a report's investment counts under: the one on the report, or the project's now. */
export type DeptBasis = 'snapshot' | 'current';

/** 万元 as a decimal string. */
type Money = string;
/** % as a decimal string, null without a base. */
type Rate = string | null;

export interface GroupRow {
  /** the department id, dictionary key or band; empty for 其他, 未填 and the total */
  key: string;
  name: string;
  kind: 'dept' | 'group' | 'unplaced' | 'total';
  /** depth in the department tree, 0 at the top */
  depth: number;
  subtotal: boolean;
  projects: number;
  totalInvestment: Money;
  yearPlanInvestment: Money;
  ytdInvestment: Money;
  ytdPlanRate: Rate;
  started: number;
  plannedStarts: number;
  startRate: Rate;
  finished: number;
  plannedFinishes: number;
  finishRate: Rate;
  overYiProjects: number;
  openIssues: number;
}

export interface DimensionStats {
  view: 'dimension';
  by: Dimension;
  byName: string;
  period: string;
  deptBasis: DeptBasis;
  title: string;
  /** in tree order; the grand total last */
  rows: GroupRow[];
}

export interface TrendMonth {
  month: number;
  /** null after month N */
  thisMonth: Money | null;
  thisCumulative: Money | null;
  lastMonth: Money;
  lastCumulative: Money;
  /** 累计同比 */
  yoy: Rate;
}

export interface TrendStats {
  view: 'trend';
  period: string;
  year: number;
  lastYear: number;
  title: string;
  months: TrendMonth[];
  ytdInvestment: Money;
  lastYtdInvestment: Money;
  yoy: Rate;
}

export interface FunnelStage {
  status: string;
  name: string;
  reached: number;
  reachedInvestment: Money;
  current: number;
  currentInvestment: Money;
  conversion: Rate;
}

export interface FunnelStats {
  view: 'funnel';
  period: string;
  title: string;
  stages: FunnelStage[];
}

export type Statistics = DimensionStats | TrendStats | FunnelStats;

export interface StatsQuery {
  /** `2026-06` */
  period: string;
  view: StatsView;
  by?: Dimension;
  deptBasis?: DeptBasis;
}

const params = (q: StatsQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === 'string' && v !== ''));

export const getStatistics = <S extends Statistics = Statistics>(query: StatsQuery, options?: KeeperRequestOptions) =>
  call<S>(`${BASE}/statistics`, { method: 'GET', params: params(query), ...options });

export const STATS_EXPORT_URL = `${BASE}/export-statistics`;

/** The xlsx of exactly this view. */
export const exportStatistics = (query: StatsQuery, fallbackName: string) => downloadFile(STATS_EXPORT_URL, params(query), fallbackName);
