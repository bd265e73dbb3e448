//! Investment forecasts (business service `/investmentForecast`, domain-model §2.2.5b
//! `InvestmentForecast`): each month a park states what a library project expects to complete this
//! month, quarter and year; the forecast goes through the filings' review (`reviewService`). Beside the
//! filings, the month's department summary (target, 1–N月完成, expected year, rate, gap, accuracy and the
//! trend, 合计 last) and the project detail (plan, done, expected, deviation), where a project without an
//! approved forecast counts at the fallback max(已完成, 年度计划) and is flagged. Ids and decimals travel
//! as strings; a figure without a base is null. Each tab exports what it shows; the import template and
//! upload go through the shared import dialog under `BASE`.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { type ReportStatus, type ReviewStep, reviewService } from '../review';

export const FORECAST_BASE = '/investmentForecast';
const BASE = FORECAST_BASE;

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

/** A forecast as listed and read. */
export interface ForecastRecord {
  id: string;
  projectId: string;
  deptId: string;
  forecastYear: number;
  forecastMonth: number;
  /** `yyyy-MM` */
  period: string;
  expectedMonthInvestment: string;
  expectedQuarterInvestment: Figure;
  expectedYearInvestment: string;
  /** `yyyy-MM-dd`, `''` when none */
  expectedStartDate: string;
  expectedProductionDate: string;
  basis: string;
  reportStatus: ReportStatus | string;
  submitUserName?: string;
  submitTime?: string;
  auditUserName?: string;
  auditTime?: string;
  reviewOpinion?: string;
  createTime?: string;
  updateTime?: string;
  projectName: string;
  projectNo?: string;
  deptName: string;
  reportStatusName?: string;
  nextSteps?: ReviewStep[];
}

/** The body of `submit`: without `id` files a draft, with it changes a draft or a returned one. */
export interface ForecastSubmit {
  id?: string;
  projectId: string;
  /** `yyyy-MM` */
  period: string;
  expectedMonthInvestment: string;
  expectedQuarterInvestment?: string | null;
  expectedYearInvestment: string;
  expectedStartDate?: string | null;
  expectedProductionDate?: string | null;
  basis?: string;
}

export interface ForecastQuery {
  /** `yyyy-MM` */
  period: string;
  reportStatus?: string;
  /** a department and everything below it */
  deptId?: string;
}

/** A row of the department summary, in tree order with its depth; rates in %, amounts in 万元. */
export interface ForecastDeptRow {
  /** `other`: figures of departments removed since; `total`: 合计, always last */
  kind: 'dept' | 'other' | 'total';
  deptId: string | null;
  deptName: string;
  depth: number;
  subtotal: boolean;
  projects: number;
  /** projects counted at the fallback (no approved forecast) */
  flagged: number;
  annualTarget: Figure;
  /** 1–N月完成 */
  ytd: Figure;
  /** 预计全年 */
  expectedYear: Figure;
  /** 预计完成率 */
  expectedRate: Figure;
  /** 缺口 = target − expected; negative when expected to exceed */
  gap: Figure;
  /** 预测准确度 = actual month ÷ expected month − 1, %; null when not measurable */
  accuracy: Figure;
  /** 趋势预测 = 1–N月完成 ÷ N × 12 */
  trend: Figure;
}

/** A project of the detail. */
export interface ForecastProjectRow {
  projectId: string;
  projectName: string;
  deptName: string;
  /** 年度计划 */
  yearPlan: Figure;
  /** 1–N月完成 */
  ytd: Figure;
  /** 预计全年: the approved forecast, or the fallback when flagged */
  expectedYear: Figure;
  flagged: boolean;
  /** 偏差 = expected − plan */
  deviation: Figure;
  /** the month's forecast whatever its status; empty when none was filed */
  forecastId: string | null;
  forecastStatus: ReportStatus | string;
}

/** Drops empty filters: the server reads an empty parameter as a value. */
const present = <T extends object>(q: T): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** The month's forecasts the caller may see. */
export const listForecasts = (query: ForecastQuery, options?: KeeperRequestOptions) =>
  call<ForecastRecord[]>(`${BASE}/list`, { method: 'GET', params: present(query), ...options });

export const getForecast = (id: string, options?: KeeperRequestOptions) => call<ForecastRecord>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options });

/** Files or changes a forecast (one per project and month); answers `{id}`. */
export const submitForecast = (data: ForecastSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** Drafts and returned forecasts only. */
export const removeForecasts = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** submit, withdraw, approve, return (opinion required), resubmit, unapprove, and a forecast's history. */
export const forecastReview = reviewService(BASE);

/** The department summary of a month, tree order, 合计 last. */
export const getForecastSummary = (period: string, options?: KeeperRequestOptions) =>
  call<ForecastDeptRow[]>(`${BASE}/summary`, { method: 'GET', params: { period }, ...options });

/** The projects of a month (of a department's subtree when given). */
export const listForecastProjects = (query: { period: string; deptId?: string }, options?: KeeperRequestOptions) =>
  call<ForecastProjectRow[]>(`${BASE}/projects`, { method: 'GET', params: present(query), ...options });

/** 预测填报 as xlsx: the forecasts `listForecasts` answers for the same query. */
export const exportForecasts = (query: ForecastQuery, fallbackName: string) => downloadFile(`${BASE}/export`, present(query), fallbackName);

/** 汇总 as xlsx: the department summary of the month. */
export const exportForecastSummary = (period: string, fallbackName: string) => downloadFile(`${BASE}/export-summary`, { period }, fallbackName);

/** 项目明细 as xlsx: the projects of the month (of a department's subtree when given). */
export const exportForecastProjects = (query: { period: string; deptId?: string }, fallbackName: string) =>
  downloadFile(`${BASE}/export-projects`, present(query), fallbackName);
