//! The monthly progress reports of tracked projects (business service `/projectReport`, domain-model
//! §2.2.6) and the list of tracked projects they are filed for (`/project/tracked`, §2.2.7): the paged
//! lists with their filters, one report, create-or-update, remove, the review workflow
//! (`reviewService`) and the export of the current filter. Ids, decimals (万元, up to 4 decimals) and
//! days travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';
import { type ReportStatus, reviewService, type ReviewStep } from '../review';
import type { Decimal, NO, ProjectRecord, YES } from './project';

const BASE = '/projectReport';

/** The facts a proposed status needs (the names and rules of `POST /project/status`): the days of the
 * statuses it brings, the signing of a 招商引资 project, the reason of a halt. */
export interface ReportStatusChange {
  reason?: string;
  signDate?: string;
  contractAmount?: Decimal;
  actualStartDate?: string;
  actualCompletionDate?: string;
  productionDate?: string;
  fullCapacityDate?: string;
}

/** ReportView: one project's report of one month, its figures, its progress and its review. */
export interface ProjectReportRecord {
  id: string;
  projectId: string;
  projectName: string;
  projectNo: string;
  /** the park the project belonged to when the report was filed */
  deptId?: string | null;
  deptName: string;
  periodYear: number;
  periodMonth: number;
  /** `2026-10` */
  period: string;
  /** 本月完成投资 */
  monthInvestment: Decimal;
  /** 本年累计: null until approved */
  ytdInvestment: Decimal;
  /** 开工累计: null until approved */
  cumulativeInvestment: Decimal;
  /** 占总投资, a percentage with two decimals */
  totalRate: string | null;
  /** the cumulative figure is above the planned total (show it in a warning colour) */
  overInvestment: boolean;
  buildingInvestment: Decimal;
  installInvestment: Decimal;
  equipmentPurchase: Decimal;
  otherCost: Decimal;
  fundsInPlaceMonth: Decimal;
  /** 本月末项目状态 */
  projectStatus: string;
  projectStatusName: string;
  statusChange: ReportStatusChange | null;
  /** the project's status when the report was filed (what a proposed change starts from); not in
   * the written contract, so optional */
  fromStatus?: string;
  fromStatusName?: string;
  /** the report asks the project to move to `projectStatus` when it is approved */
  proposesChange: boolean;
  currentStage: string;
  currentStageName: string;
  /** 形象进度 */
  progressDesc: string;
  nextMonthPlan: string;
  workersOnSite: number | null;
  hasIssue: typeof YES | typeof NO | string;
  hasIssueName: string;
  reportStatus: ReportStatus | string;
  reportStatusName: string;
  submitUserName: string;
  submitTime: string;
  auditUserName: string;
  auditTime: string;
  /** the opinion of the latest return or approval, "" when none */
  reviewOpinion: string;
  remark: string;
  createTime: string;
  updateTime: string;
  /** the steps the server allows now */
  nextSteps?: ReviewStep[];
}

/** The filters of `projectReport/list` (and of the export). */
export interface ProjectReportQuery {
  projectId?: string;
  /** fuzzy */
  projectName?: string;
  /** the department and everything below it */
  deptId?: string;
  /** `YYYY-MM` */
  period?: string;
  year?: number | string;
  /** one `report_status` key */
  reportStatus?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `projectReport/submit`: no `id` creates, with `id` updates a draft or returned report.
 * Decimals as strings; `statusChange` only when `projectStatus` is not the project's own. */
export interface ProjectReportSubmit {
  id?: string;
  projectId: string;
  period: string;
  monthInvestment: string | null;
  buildingInvestment: string | null;
  installInvestment: string | null;
  equipmentPurchase: string | null;
  otherCost: string | null;
  fundsInPlaceMonth: string | null;
  projectStatus: string;
  statusChange?: ReportStatusChange;
  currentStage: string;
  progressDesc: string;
  nextMonthPlan: string;
  workersOnSite: number | null;
  hasIssue: string;
  remark: string;
}

const reports = crudService<ProjectReportRecord, ProjectReportQuery, ProjectReportSubmit>(BASE);

/** Newest period first. */
export const listReports = reports.list;
export const getReport = reports.detail;
/** Creates without `id`, updates a draft or returned report with it; answers `{id}`. */
export const submitReport = reports.submit;
/** Drafts and returned reports only; answers `{count}`. */
export const removeReports = reports.remove;

/** Submit, withdraw, approve, return (opinion required), resubmit, un-approve, and the history of one
 * report. Approving a report that proposes a status moves the project. */
export const reportReview = reviewService(BASE);

/** The export path (the token may ride as the `keeper-auth` query parameter). */
export const REPORT_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the reports the list shows for these filters and this sort (no paging). */
export function exportReports(query: ProjectReportQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(REPORT_EXPORT_URL, filters, fallbackName);
}

// Tracked projects.

/** A project in the library that is tracked (isTracked=Y, status 30/40/50/60/90), with its report of
 * the month asked. Its other fields are those of ProjectView. */
export interface TrackedProjectRecord extends ProjectRecord {
  /** the statuses the viewer may move the project to directly (ProjectView) */
  nextStatuses?: string[];
  /** the `project_status` keys a monthly report of the project may propose as 本月末项目状态 besides
   * its own: the filler's moves of the lifecycle, alone or confirmed by the report's review (for a
   * halted project only the status it resumes to) */
  proposableStatuses: string[];
  /** `2026-10`, the month asked */
  period: string;
  /** that month's report, if any */
  monthReportId: string | null;
  /** its `report_status`, "" when none */
  monthReportStatus: ReportStatus | '';
  monthReportStatusName: string;
  /** 本月完成 of that month's report, whatever its status */
  monthInvestment: Decimal;
  /** 1–N月累计: the approved months of the year up to the month */
  ytdInvestment: Decimal;
  /** that month's report was submitted or approved */
  reported: typeof YES | typeof NO;
  /** 年度计划 of the month's year, null without a plan */
  yearPlanInvestment?: Decimal;
  /** 占年度计划, a percentage with two decimals; null without a plan */
  ytdPlanRate?: string | null;
  /** 时序进度: the share of the year gone by the month, a percentage */
  timeProgress?: string;
  /** issues not yet struck off or closed */
  openIssueCount?: number;
  /** the highest `issue_level` among them, '' when none */
  topIssueLevel?: '' | '1' | '2' | '3' | '4';
  topIssueLevelName?: string;
  overdueIssueCount?: number;
  /** 预警色 (domain-model §2.2.7) and its name: 正常, 问题办理中, 关注, 预警 */
  warning?: TrackedWarning;
  warningName?: string;
  /** why the colour is what it is, one sentence each */
  warningReasons?: string[];
}

/** The warning colours of a tracked project, mildest first. */
export const WARNINGS = ['green', 'blue', 'yellow', 'red'] as const;
export type TrackedWarning = (typeof WARNINGS)[number];

/** The filters of `project/tracked`. */
export interface TrackedProjectQuery {
  /** `YYYY-MM`; the server takes the previous calendar month without one */
  period?: string;
  /** one project */
  projectId?: string;
  /** fuzzy */
  projectName?: string;
  /** the department and everything below it */
  deptId?: string;
  projectType?: string;
  projectStatus?: string;
  projectLevel?: string;
  reported?: typeof YES | typeof NO;
  /** fuzzy */
  responsibleLeader?: string;
  /** with issues not yet struck off or closed */
  hasOpenIssue?: typeof YES;
  /** with an open issue of this `issue_level` or higher */
  minIssueLevel?: string;
  /** of these warning colours, comma-separated: `red,yellow` */
  warning?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** One page of the tracked projects with their report of `period`. */
export const listTrackedProjects = (params: TrackedProjectQuery = {}, options?: KeeperRequestOptions) =>
  call<API.Page<TrackedProjectRecord>>('/project/tracked', { method: 'GET', params, ...options });

/** The tracked project `projectId` as of `period` (`projectId` filter of `project/tracked`), or
 * undefined when it is not (or no longer) a tracked project the user sees: what a report's form needs
 * of its project (status, the statuses a report may propose, the facts it already holds) for someone
 * who may see tracked projects but not the project library. */
export async function getTrackedProject(projectId: string, period: string, options?: KeeperRequestOptions) {
  const res = await listTrackedProjects({ projectId, period }, options);
  return res?.success ? res.data?.records?.find((p) => String(p.id) === String(projectId)) : undefined;
}
