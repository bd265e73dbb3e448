//! Monthly output reports of enterprises (business service `/outputValue`, domain-model §2.3.1): the
//! month's rows (every enterprise that owes a report, 未填 included, and every report filed) with their
//! filters, the completeness summary 应报 / 已报 / 未报, one report or one enterprise's month for the
//! filing drawer, create-or-update, remove, the review workflow (`reviewService`), the month lock and
//! the export of the current filter. Ids, decimals (万元, up to 4 decimals) and rates travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { type ReportStatus, reviewService, type ReviewStep } from '../review';

const BASE = '/outputValue';

type Decimal = string | null;

/** OutputReportView: one enterprise's month. A month not filed (未填) has `id` and `reportStatus` "". */
export interface OutputReportRecord {
  id: string;
  enterpriseId: string;
  enterpriseName: string;
  creditCode: string;
  /** the park the report was filed under (the enterprise's, for a month not filed) */
  deptId: string | null;
  deptName: string;
  industryCode: string;
  industryName: string;
  isAboveScale: 'Y' | 'N' | string;
  isAboveScaleName: string;
  /** the enterprise owes the month's report (应报) */
  expected: boolean;
  /** `2026-03` */
  period: string;
  /** 本月产值 */
  monthOutput: Decimal;
  /** Σ approved months before this one */
  ytdBefore: string;
  /** 1–N月累计, this month included (what it makes once approved) */
  ytdOutput: Decimal;
  lastYearMonthOutput: Decimal;
  lastYearYtdOutput: Decimal;
  /** last year's figures come from approved reports and are not typed */
  lastYearFromReports: boolean;
  /** 同比 of 1–N月累计, percent with two decimals; null without a base */
  yoy: string | null;
  monthYoy: string | null;
  /** the enterprise's annual target in force (年度产值分解); null without one */
  annualTarget: string | null;
  /** its months 1..N */
  ytdTarget: string | null;
  /** 1–N月累计 ÷ the annual target, percent; null without a target */
  completion: string | null;
  monthRevenue: Decimal;
  monthAddedValue: Decimal;
  monthTax: Decimal;
  monthProfit: Decimal;
  electricity: Decimal;
  employeeCount: number | null;
  nextMonthForecast: Decimal;
  declineReason: string;
  problems: string;
  remark: string;
  reportStatus: ReportStatus | '';
  reportStatusName: string;
  /** `Y` submitted after the deadline */
  isLate: string;
  isLateName: string;
  submitUserName: string;
  submitTime: string;
  auditUserName: string;
  auditTime: string;
  reviewOpinion: string;
  nextSteps?: ReviewStep[];
}

/** The 未填 key of the status filter, next to the `report_status` keys. */
export const MISSING = 'none';

/** The filters of `outputValue/list`, `completeness` and `export`. */
export interface OutputReportQuery {
  /** `YYYY-MM`; the server takes the previous calendar month without one */
  period?: string;
  /** the department and everything below it */
  deptId?: string;
  /** an `industry` key; its sub-classes match too */
  industryCode?: string;
  aboveScale?: 'Y' | 'N';
  /** a `report_status` key, or `none` for 未填 */
  reportStatus?: string;
  /** `Y`: only year-on-year declines */
  decline?: 'Y';
  enterpriseName?: string;
  current?: number;
  size?: number;
}

/** 应报 / 已报 / 未报 of a department, or of all. */
export interface Completeness {
  deptId: string | null;
  deptName: string;
  expected: number;
  reported: number;
  approved: number;
  missing: number;
  late: number;
}

export interface CompletenessView {
  period: string;
  /** `yyyy-MM-dd`, the day the month's reports are due */
  deadline: string;
  locked: boolean;
  /** false for January when the tenant merges it into February */
  reportingMonth: boolean;
  depts: Completeness[];
  total: Completeness;
}

/** The body of `outputValue/submit`: no `id` creates, with `id` updates a draft or returned report. */
export interface OutputReportSubmit {
  id?: string;
  enterpriseId: string;
  period: string;
  monthOutput: string | null;
  lastYearMonthOutput?: string | null;
  lastYearYtdOutput?: string | null;
  monthRevenue?: string | null;
  monthAddedValue?: string | null;
  monthTax?: string | null;
  monthProfit?: string | null;
  electricity?: string | null;
  employeeCount?: number | null;
  nextMonthForecast?: string | null;
  declineReason?: string;
  problems?: string;
  remark?: string;
}

export const listOutputReports = (params: OutputReportQuery = {}, options?: KeeperRequestOptions) =>
  call<API.Page<OutputReportRecord>>(`${BASE}/list`, {
    method: 'GET',
    params,
    ...options,
  });

export const getOutputCompleteness = (params: OutputReportQuery = {}, options?: KeeperRequestOptions) =>
  call<CompletenessView>(`${BASE}/completeness`, {
    method: 'GET',
    params,
    ...options,
  });

export const getOutputReport = (id: string, options?: KeeperRequestOptions) =>
  call<OutputReportRecord>(`${BASE}/detail`, {
    method: 'GET',
    params: { id },
    ...options,
  });

/** An enterprise's month as the filing drawer opens it: its report, or the empty month with the
 * approved figures before it and last year's. */
export const getOutputMonth = (enterpriseId: string, period: string, options?: KeeperRequestOptions) =>
  call<OutputReportRecord>(`${BASE}/month`, {
    method: 'GET',
    params: { enterpriseId, period },
    ...options,
  });

export const submitOutputReport = (data: OutputReportSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** Drafts and returned reports only; answers `{count}`. */
export const removeOutputReports = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** Submit, withdraw, approve (also many at once), return (opinion required), resubmit, un-approve
 * (reason required), and the history of one report. */
export const outputReview = reviewService(BASE);

/** The committee closes a month (no report of it changes until it is unlocked with a reason). */
export const lockOutputMonth = (period: string) =>
  call<{ period: string; locked: boolean }>(`${BASE}/lock`, {
    method: 'POST',
    data: { period },
  });
export const unlockOutputMonth = (period: string, reason: string) =>
  call<{ period: string; locked: boolean }>(`${BASE}/unlock`, {
    method: 'POST',
    data: { period, reason },
  });

/** What 催报 did: the month's missing enterprises of the filters, the notices published to their parks,
 * the mobiles texted, those without one, and why no text went when texts were asked for and could not. */
export interface Reminded {
  enterprises: number;
  notices: number;
  texted: number;
  withoutPhone: number;
  smsError: string | null;
}

/** 催报: a notice to each park listing the month's missing enterprises of these filters, and with `sms`
 * a text to their contacts. */
export function remindMissing(query: OutputReportQuery, sms: boolean) {
  const { current: _current, size: _size, reportStatus: _status, ...filters } = query;
  return call<Reminded>(`${BASE}/remind`, { method: 'POST', params: { ...filters, sms: sms ? 'Y' : 'N' } });
}

/** The xlsx of exactly the rows the list shows for these filters (no paging). */
export function exportOutputReports(query: OutputReportQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(`${BASE}/export`, filters, fallbackName);
}

/** Every reporting month of `year` so far, each as the list shows it for the same filters, one after
 * another (the month is not a filter here). */
export function exportOutputYear(query: OutputReportQuery, year: number, fallbackName: string) {
  const { current: _current, size: _size, period: _period, ...filters } = query;
  return downloadFile(`${BASE}/export-year`, { ...filters, year: String(year) }, fallbackName);
}
