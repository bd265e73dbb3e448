//! Enterprise output targets (business service `/outputTarget`, domain-model §2.3.3 `OutputTarget`,
//! 年度产值分解): each reporting enterprise's annual target of 规上工业总产值 for a year, split into months,
//! with the lifecycle of department targets (草稿 → 下达 → 确认; 调整 reopens one with a reason and keeps
//! the version). The list of a year and department comes with the totals, the department's own target
//! beside Σ its enterprises' (the difference, 待落实, never blocks), and the reporting enterprises
//! still without a target. 按上年结构分解 (`generate`) shares the department's target among them by last
//! year's output. Last year's output and the growth are the server's; ids and decimals travel as
//! strings, a figure without a base is null.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import type { SplitMode, TargetStatus, TargetStep, TargetVersion } from './deptTarget';
import { MONTH_KEYS, type MonthKey } from './projectPlan';

const BASE = '/outputTarget';

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

/** An enterprise's target as listed. */
export type OutputTargetRecord = {
  id: string;
  targetYear: number;
  enterpriseId: string;
  /** the enterprise's department when the target was made */
  deptId: string;
  enterpriseName: string;
  deptName: string;
  /** 上年实际产值: Σ its approved reports of the year before, when the target was saved */
  lastYearOutput: Figure;
  /** 摸底预计产值, when the target came from a survey */
  surveyedOutput: Figure;
  annualTarget: string;
  /** 目标增速, % */
  targetGrowth: Figure;
  splitMode: SplitMode;
  splitModeName: string;
  /** cumulative % of the year by the end of March, June, September (split mode 3) */
  q1Share: Figure;
  h1Share: Figure;
  q3Share: Figure;
  targetStatus: TargetStatus;
  targetStatusName: string;
  version: number;
  issuedName?: string;
  issuedTime?: string | null;
  confirmedName?: string;
  confirmedTime?: string | null;
  revisionReason?: string;
  remark: string;
  createTime?: string;
  updateTime?: string;
  /** the lifecycle steps open to it; the grants decide the buttons */
  nextSteps: TargetStep[];
} & Record<MonthKey, Figure>;

export interface OutputTargetDetail extends OutputTargetRecord {
  /** earlier versions, latest first; `content` is the target as it was (JSON, the same keys) */
  versions: TargetVersion[];
}

/** A reporting enterprise of the department's subtree without a target for the year. */
export interface PendingEnterprise {
  enterpriseId: string;
  enterpriseName: string;
  deptName: string;
  lastYearOutput: Figure;
}

export interface OutputTargetTotals {
  annualTarget: string;
  lastYearOutput: string;
  /** Σ of each month, January first */
  months: string[];
}

/** The breakdown of a year and department, as the screen shows it. */
export interface OutputBreakdown {
  year: number;
  records: OutputTargetRecord[];
  totals: OutputTargetTotals;
  /** the department's own issued target of 规上工业总产值; null without a department or a target */
  deptTarget: Figure;
  /** deptTarget − Σ annualTarget: 待落实 when positive, over-assigned when negative; null without deptTarget */
  unassigned: Figure;
  pending: PendingEnterprise[];
  /** the tenant merges January into February: January's target is 0, February reads 1–2月 */
  januaryMerged: boolean;
}

export interface OutputTargetQuery {
  year: number;
  deptId?: string;
}

/** The body of `outputTarget/submit`: creates a draft without `id`, saves a draft or a revision with it. */
export interface OutputTargetSubmit {
  id?: string;
  targetYear: number;
  enterpriseId: string;
  annualTarget: string;
  splitMode: SplitMode;
  q1Share?: string | null;
  h1Share?: string | null;
  q3Share?: string | null;
  /** twelve months, January first (split mode 4) */
  months?: (string | null)[];
  remark?: string;
}

/** What 按上年结构分解 did. */
export interface GenerateResult {
  created: number;
  updated: number;
  /** reporting enterprises left out: no approved report last year to weigh them by */
  skipped: number;
  /** the amount shared: the department's target less the targets kept */
  shared: string;
}

/** Drops empty filters: the server reads an empty parameter as a value. */
const present = (q: OutputTargetQuery): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** The months of a target, January first. */
export const monthsOf = (t: Partial<Record<MonthKey, Figure>>): Figure[] => MONTH_KEYS.map((k) => t[k] ?? null);

/** The targets of a year (a department's subtree when given) with the totals and what is left to assign. */
export const listOutputTargets = (query: OutputTargetQuery, options?: KeeperRequestOptions) =>
  call<OutputBreakdown>(`${BASE}/list`, { method: 'GET', params: present(query), ...options });

export const getOutputTarget = (id: string, options?: KeeperRequestOptions) =>
  call<OutputTargetDetail>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options });

/** Saves a draft or a target being revised; answers `{id}`. */
export const submitOutputTarget = (data: OutputTargetSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** 按上年结构分解: drafts for the department's reporting enterprises (existing drafts overwritten). */
export const generateOutputTargets = (data: { targetYear: number; deptId: string }, options?: KeeperRequestOptions) =>
  call<GenerateResult>(`${BASE}/generate`, { method: 'POST', data, ...options });

/** Removes drafts. */
export const removeOutputTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** 下达: drafts and revised targets go to their enterprises' departments. */
export const releaseOutputTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/release`, { ids }, options);

/** 确认: the department accepts the targets issued to its enterprises. */
export const confirmOutputTargets = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/confirm`, { ids }, options);

/** 调整: reopens an issued or confirmed target; the reason is kept with the version in force. */
export const reviseOutputTarget = (id: string, reason: string, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/revise`, { method: 'POST', data: { id, reason }, ...options });

export const OUTPUT_TARGETS_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly what `listOutputTargets(query)` shows. */
export const exportOutputTargets = (query: OutputTargetQuery, fallbackName: string) =>
  downloadFile(OUTPUT_TARGETS_EXPORT_URL, present(query), fallbackName);
