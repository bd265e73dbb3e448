//! Department targets (business service `/target`, domain-model §2.2.5a `DeptTarget`) and the official
//! figures beside them (`/officialIndicator`, §2.3.4): the targets of a year with the lifecycle steps
//! open to each (草稿 → 下达 → 确认; 调整 reopens an issued or confirmed one with a reason and keeps the
//! version), one target with its earlier versions, the completion rows of an indicator for 1–N月 in
//! department-tree order and their xlsx, the targets' own xlsx (which imports back), and the 1–N月
//! figures the bureau types in for the indicators the platform does not measure. Ids and decimals
//! travel as strings; a figure without a base is null.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { MONTH_KEYS, type MonthKey } from './projectPlan';

const BASE = '/target';
const OFFICIAL = '/officialIndicator';

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

/** `target_status`: 1 草稿, 2 已下达, 3 已确认, 4 调整中. */
export const TARGET_STATUS = { draft: '1', issued: '2', confirmed: '3', revising: '4' } as const;
export type TargetStatus = (typeof TARGET_STATUS)[keyof typeof TARGET_STATUS];

/** `split_mode`: 1 平均, 2 按上年同期结构 (the server splits by last year's actuals), 3 按季度节点
 * (cumulative shares), 4 手工 (the months as typed). */
export const SPLIT_MODES = ['1', '2', '3', '4'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const SPLIT_QUARTERLY: SplitMode = '3';
export const SPLIT_MANUAL: SplitMode = '4';

/** The lifecycle steps the server lists as open to a target; the grants decide the buttons. */
export type TargetStep = 'issue' | 'confirm' | 'revise';

/** `target_indicator` 4 项目完成投资: the indicator the screen opens on. */
export const DEFAULT_INDICATOR = '4';
/** The `target_indicator` keys the platform does not measure: their actuals are typed in as official
 * figures (固定资产投资, 省外到位资金, 实际使用外资 and the output side). */
export const OFFICIAL_INDICATORS = ['1', '10', '11', '12', '13', '14'];

/** A target as listed. */
export type TargetRecord = {
  id: string;
  targetYear: number;
  deptId: string;
  indicatorCode: string;
  annualTarget: string;
  /** 目标增速, % */
  targetGrowth: Figure;
  lastYearActual: Figure;
  splitMode: SplitMode;
  /** cumulative % of the year by the end of March, June, September (split mode 3) */
  q1Share: Figure;
  h1Share: Figure;
  q3Share: Figure;
  targetStatus: TargetStatus;
  version: number;
  issuedName?: string;
  issuedTime?: string;
  confirmedName?: string;
  confirmedTime?: string;
  revisionReason?: string;
  remark: string;
  createTime?: string;
  updateTime?: string;
  deptName: string;
  indicatorName: string;
  splitModeName: string;
  targetStatusName: string;
  nextSteps: TargetStep[];
} & Record<MonthKey, Figure>;

/** An earlier version of a target, kept when it was revised. */
export interface TargetVersion {
  id: string;
  targetId: string;
  version: number;
  /** the target as it was: JSON with the same camelCase keys as TargetRecord */
  content: string;
  reason: string;
  createUserName: string;
  createTime: string;
}

export interface TargetDetail extends TargetRecord {
  /** latest first */
  versions: TargetVersion[];
}

/** The body of `target/submit`: creates a draft without `id`, saves a draft or a revision with it. */
export interface TargetSubmit {
  id?: string;
  targetYear: number;
  deptId: string;
  indicatorCode: string;
  annualTarget: string;
  targetGrowth?: string | null;
  lastYearActual?: string | null;
  splitMode: SplitMode;
  q1Share?: string | null;
  h1Share?: string | null;
  q3Share?: string | null;
  /** twelve months, January first (split mode 4) */
  months?: (string | null)[];
  remark?: string;
}

export interface TargetQuery {
  year: number;
  indicatorCode?: string;
  deptId?: string;
}

/** Which department a report's figures count under: the one stored when it was filed, or the
 * project's department now. */
export type DeptBasis = 'filed' | 'current';

export interface CompletionQuery {
  /** `2026-06`: the year and the N of 1–N月 */
  period: string;
  indicatorCode: string;
  deptBasis?: DeptBasis;
}

/** One row of the completion view; rates in %, the gap in percentage points (negative: behind). */
export interface CompletionRow {
  /** `other`: figures of departments removed since; `total`: 合计, always last */
  kind: 'dept' | 'other' | 'total';
  deptId: string | null;
  deptName: string;
  /** 0 at the top of the tree */
  depth: number;
  /** the figures add up the departments below */
  subtotal: boolean;
  annualTarget: Figure;
  /** 1–N月目标 */
  periodTarget: Figure;
  /** 1–N月完成 */
  actual: Figure;
  /** 完成率 against the year */
  completion: Figure;
  /** against 1–N月目标 */
  periodCompletion: Figure;
  /** 时序进度 */
  timeProgress: Figure;
  /** 超/落后 */
  scheduleGap: Figure;
  /** 上年同期 */
  lastYear: Figure;
  /** 同比 */
  yoy: Figure;
  rank: number | null;
  /** an industry authority's row: its industry's projects in every park, outside the subtotals and the total */
  byIndustry?: boolean;
}

/** An official figure: a department's 1–N月 cumulative value of an unmeasured indicator. */
export interface OfficialRecord {
  id: string;
  deptId: string;
  periodYear: number;
  periodMonth: number;
  indicatorCode: string;
  /** `data_source`: 2 统计快报, 3 统计正式 */
  dataSource: string;
  indicatorValue: string;
  remark: string;
  deptName: string;
  indicatorName: string;
  dataSourceName: string;
}

/** Saving replaces the figure of the same department, month, indicator and source. */
export interface OfficialSubmit {
  deptId: string;
  /** `2026-06` */
  period: string;
  indicatorCode: string;
  dataSource: string;
  indicatorValue: string;
  remark?: string;
}

/** Drops empty filters: the server reads an empty parameter as a value. */
const present = <T extends object>(q: T): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** The months of a target, January first. */
export const monthsOf = (t: Partial<Record<MonthKey, Figure>>): Figure[] => MONTH_KEYS.map((k) => t[k] ?? null);

/** The targets of a year the caller may see (drafts only for the committee). */
export const listTargets = (query: TargetQuery, options?: KeeperRequestOptions) =>
  call<TargetRecord[]>(`${BASE}/list`, { method: 'GET', params: present(query), ...options });

export const getTarget = (id: string, options?: KeeperRequestOptions) => call<TargetDetail>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options });

/** Saves a draft or a target being revised; answers `{id}`. */
export const submitTarget = (data: TargetSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

export const removeTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** 下达: drafts and revised targets go to their departments. */
export const releaseTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/release`, { ids }, options);

/** 确认: the department accepts the targets issued to it. */
export const confirmTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/confirm`, { ids }, options);

/** 调整: reopens an issued or confirmed target; the reason is kept with the version in force. */
export const reviseTarget = (id: string, reason: string, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/revise`, { method: 'POST', data: { id, reason }, ...options });

/** The completion rows of an indicator for 1–N月, in department-tree order, 合计 last. */
export const getCompletion = (query: CompletionQuery, options?: KeeperRequestOptions) =>
  call<CompletionRow[]>(`${BASE}/completion`, { method: 'GET', params: present(query), ...options });

export const COMPLETION_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the completion rows of `query`. */
export const exportCompletion = (query: CompletionQuery, fallbackName: string) => downloadFile(COMPLETION_EXPORT_URL, present(query), fallbackName);

export const TARGETS_EXPORT_URL = `${BASE}/export-targets`;

/** The xlsx of exactly the targets `listTargets(query)` shows, with their months: the layout of the
 * import (`/target/export-template`, `/target/import`), so an exported file imports back. */
export const exportTargets = (query: TargetQuery, fallbackName: string) => downloadFile(TARGETS_EXPORT_URL, present(query), fallbackName);

/** The base of the target import (the shared import dialog adds `/export-template` and `/import`): rows
 * land as drafts; a target already issued or confirmed is never overwritten. */
export const TARGET_IMPORT_BASE = BASE;

export const listOfficial = (query: { year: number; indicatorCode?: string }, options?: KeeperRequestOptions) =>
  call<OfficialRecord[]>(`${OFFICIAL}/list`, { method: 'GET', params: present(query), ...options });

export const submitOfficial = (data: OfficialSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${OFFICIAL}/submit`, { method: 'POST', data, ...options });

export const removeOfficial = (ids: string[], options?: KeeperRequestOptions) => postForm(`${OFFICIAL}/remove`, { ids }, options);
