//! The monthly dispatch sheet 报表 (business service `/project/report-sheet`, domain-model §2.2.5c):
//! "XX经开区 YYYY年1–N月重点项目推进情况表" as rows the server has grouped, summed and rated (group
//! titles, projects, subtotals, the grand total), its xlsx (`/project/export-report`, the same rows), and
//! the committee's month lock. Amounts in 万元 and rates in % travel as decimal strings; a rate without a
//! base is null and shows as "—".
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';
import type { Decimal } from './project';

const BASE = '/project';

export type SheetRowKind = 'group' | 'project' | 'subtotal' | 'total';

/** One row of the sheet, as the server shaped it. */
export interface SheetRow {
  kind: SheetRowKind;
  /** nesting of a group, its projects and its subtotal; 0 at the top */
  depth: number;
  /** 序号: `1`… for projects, `一`… for top groups, `（一）` nested, `""` for sums */
  no: string;
  /** the project, the group's title, `小计` or `合计` */
  name: string;
  /** the group a subtotal closes */
  groupName: string;
  /** the project; `""` on group, subtotal and total rows */
  projectId: string;
  projectNo: string;
  unitName: string;
  constructionContent: string;
  constructionYears: string;
  totalInvestment: Decimal;
  yearPlanInvestment: Decimal;
  monthInvestment: Decimal;
  ytdInvestment: Decimal;
  /** 占年度计划 (%) */
  ytdPlanRate: string | null;
  cumulativeInvestment: Decimal;
  /** 占总投资 (%) */
  totalRate: string | null;
  progressDesc: string;
  issues: string;
  responsibleLeader: string;
  responsibleDeptName: string;
  projectStatusName: string;
  projectCount: number | null;
}

export type GroupBy = 'dept' | 'type';
export type DeptBasis = 'report' | 'current';

export interface DispatchSheet {
  title: string;
  /** `2026-06` */
  period: string;
  /** the months to date as the headers name them: `1–6月` */
  monthsLabel: string;
  groupBy: GroupBy;
  deptBasis: DeptBasis;
  /** the month is locked: the rows are those frozen at `lockedTime` */
  locked: boolean;
  lockedByName: string;
  lockedTime: string;
  rows: SheetRow[];
}

/** The query of the sheet and of its export. */
export interface SheetQuery {
  /** `2026-06`, required */
  period: string;
  groupBy?: GroupBy;
  deptBasis?: DeptBasis;
  /** a department and everything below it */
  deptId?: string;
  projectType?: string;
  projectLevel?: string;
  /** `Y` or `N` */
  isKeyProject?: string;
  /** the status at the month's end */
  projectStatus?: string;
  /** `1`…`6` */
  investmentBand?: string;
}

export interface MonthLock {
  period: string;
  locked: boolean;
  lockedByName: string;
  lockedTime: string;
}

export const SHEET_EXPORT_URL = `${BASE}/export-report`;

/** Drops the filters left empty, so the query reads as what was chosen. */
const chosen = (q: SheetQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === 'string' && v !== ''));

export const getDispatchSheet = (query: SheetQuery, options?: KeeperRequestOptions) =>
  call<DispatchSheet>(`${BASE}/report-sheet`, { method: 'GET', params: chosen(query), ...options });

/** The xlsx of the sheet of exactly this query. */
export const exportDispatchSheet = (query: SheetQuery, fallbackName: string) => downloadFile(SHEET_EXPORT_URL, chosen(query), fallbackName);

/** Locks the month and freezes its sheet. */
export const lockMonth = (period: string, options?: KeeperRequestOptions) =>
  call<MonthLock>(`${BASE}/report-sheet/lock`, { method: 'POST', data: { period }, ...options });

/** Opens the month again; the reason is required. */
export const unlockMonth = (period: string, reason: string, options?: KeeperRequestOptions) =>
  call<MonthLock>(`${BASE}/report-sheet/unlock`, { method: 'POST', data: { period, reason }, ...options });
