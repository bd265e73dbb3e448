//! The issue ledger of tracked projects (business service `/projectIssue`, domain-model §2.2.7): the
//! paged list with its filters, one issue with its history, raising or editing one, removal, 交办, the
//! other moves of an issue on one endpoint, and the export of the current filter (the meeting's agenda
//! with `agenda=Y`), and the projects an enterprise's difficulty of its output report may be raised on
//! (产值填报 › 转为问题). What the caller may do to an issue now comes with it (`actions`); ids and days
//! travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';
import type { NO, YES } from './project';

const BASE = '/projectIssue';

/** `issue_level`: 1 上报问题 (untriaged), 2 建议问题, 3 一般问题, 4 重点问题. */
export type IssueLevel = '1' | '2' | '3' | '4';
/** `issue_status`: 10 待研判, 20 已交办, 30 办理中, 40 已办结, 50 已销号, 60 已关闭. */
export const ISSUE_STATUS = { pending: '10', assigned: '20', handling: '30', resolved: '40', struckOff: '50', closed: '60' } as const;
/** The triaged levels from which 一般 (3) and 重点 (4) need a deadline. */
export const DEADLINE_LEVELS: readonly string[] = ['3', '4'];

/** The moves of `projectIssue/act`. */
export const ACT_ACTIONS = ['refuse', 'accept', 'progress', 'resolve', 'confirm', 'reject', 'close', 'relevel'] as const;
export type ActAction = (typeof ACT_ACTIONS)[number];
/** Everything the server may let the caller do to an issue. */
export type IssueAction = ActAction | 'assign' | 'edit' | 'remove';
/** The moves that need a text (a reason, a note, the resolution). */
export const NEEDS_CONTENT: readonly ActAction[] = ['refuse', 'progress', 'resolve', 'reject', 'close', 'relevel'];

/** IssueView: one issue of a project. */
export interface ProjectIssueRecord {
  id: string;
  issueNo: string;
  projectId: string;
  projectName: string;
  projectNo: string;
  /** the monthly report it came with, if any */
  reportId?: string | null;
  /** the output report whose difficulty it was raised from (产值填报 › 转为问题); '' when none */
  outputReportId?: string;
  /** the project's park */
  deptId: string;
  deptName: string;
  raisedByDeptId: string;
  raisedByDeptName: string;
  raisedByName: string;
  /** `2026-10` */
  raisedPeriod: string;
  issueLevel: IssueLevel | string;
  issueLevelName: string;
  issueType: string;
  issueTypeName: string;
  description: string;
  suggestion: string;
  responsibleDeptId?: string | null;
  responsibleDeptName: string;
  coDeptIds: string[];
  coDeptNames: string;
  responsibleLeader: string;
  /** `yyyy-MM-dd`, '' when none */
  deadline: string;
  issueStatus: string;
  issueStatusName: string;
  resolution: string;
  resolvedDate: string;
  closedByName: string;
  closedDate: string;
  meetingRef: string;
  createTime: string;
  updateTime: string;
  overdue: typeof YES | typeof NO;
  overdueDays: number;
  /** what this caller may do to it now */
  actions: IssueAction[];
}

/** One entry of an issue's history, oldest first. */
export interface IssueLogEntry {
  id: string;
  action: string;
  actionName: string;
  fromStatusName: string;
  toStatusName: string;
  fromLevelName: string;
  toLevelName: string;
  content: string;
  operatorName: string;
  createTime: string;
}

export interface ProjectIssueDetail extends ProjectIssueRecord {
  log: IssueLogEntry[];
}

/** The filters of `projectIssue/list` (and of the export). */
export interface ProjectIssueQuery {
  projectId?: string;
  /** fuzzy */
  projectName?: string;
  /** the project's park and everything below it */
  deptId?: string;
  responsibleDeptId?: string;
  issueLevel?: string;
  /** this level or higher */
  minLevel?: string;
  issueType?: string;
  issueStatus?: string;
  /** not struck off or closed */
  open?: typeof YES;
  overdue?: typeof YES;
  /** the caller's department is the responsible or a co-operating unit */
  assigned?: typeof YES;
  /** `YYYY-MM` */
  raisedPeriod?: string;
  /** the open issues a dispatch meeting discusses */
  agenda?: typeof YES;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `projectIssue/submit`: raises without `id`; edits an issue waiting for triage with it. */
export interface ProjectIssueSubmit {
  id?: string;
  projectId: string;
  reportId?: string;
  /** `YYYY-MM`; this month when left out */
  raisedPeriod?: string;
  issueType: string;
  description: string;
  suggestion?: string;
}

/** 产值填报 › 转为问题: a project of the output report's enterprise an issue may be raised on (in the
 * library, still running, within the caller's scope). */
export interface OutputIssueProject {
  id: string;
  projectNo: string;
  projectName: string;
  /** the project's park (属地) */
  deptName: string;
  projectStatusName: string;
}

/** The body of `projectIssue/submit` raising an enterprise's difficulty of its output report on one of
 * the enterprise's projects. */
export interface OutputIssueSubmit {
  projectId: string;
  outputReportId: string;
  /** `YYYY-MM`: the report's month */
  raisedPeriod: string;
  issueType: string;
  description: string;
  suggestion?: string;
}

/** The body of `projectIssue/assign` (交办). */
export interface IssueAssign {
  id: string;
  issueLevel: '2' | '3' | '4' | string;
  responsibleDeptId: string;
  coDeptIds: string[];
  responsibleLeader?: string;
  /** `yyyy-MM-dd`; required for levels 3 and 4, not before today */
  deadline?: string;
  /** required for a level-2 issue that has none */
  suggestion?: string;
  meetingRef?: string;
  opinion?: string;
}

/** The body of `projectIssue/act`. */
export interface IssueAct {
  ids: string;
  action: ActAction;
  content?: string;
  /** relevel only */
  issueLevel?: string;
  /** relevel of a level-2 issue without a deadline to 3 or 4 */
  deadline?: string;
}

const issues = crudService<ProjectIssueRecord, ProjectIssueQuery, ProjectIssueSubmit>(BASE);

export const listIssues = issues.list;
export const getIssue = (id: string, options?: KeeperRequestOptions) => call<ProjectIssueDetail>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options });
/** Raises (no `id`) or edits an issue waiting for triage; answers `{id}`. */
export const submitIssue = issues.submit;
/** Issues waiting for triage; answers `{count}`. */
export const removeIssues = issues.remove;

/** The projects of the output report `id`'s enterprise its difficulty may be raised on, the largest
 * first; an empty list when the enterprise has none. */
export const listOutputIssueProjects = (id: string, options?: KeeperRequestOptions) =>
  call<OutputIssueProject[]>(`${BASE}/output-projects`, { method: 'GET', params: { id }, ...options });

/** 转为问题: raises the output report's difficulty as an issue of the project (上报问题, 待研判); answers
 * `{id}` (and the issue's number, should the server send it). */
export const raiseOutputIssue = (data: OutputIssueSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string; issueNo?: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** 交办: triages the issue into a level and assigns it; answers `{count}`. */
export const assignIssue = (data: IssueAssign, options?: KeeperRequestOptions) =>
  call<{ count: number }>(`${BASE}/assign`, { method: 'POST', data, ...options });

/** One move on some issues, all or none; answers `{count}`. */
export const actOnIssues = (ids: string[], data: Omit<IssueAct, 'ids'>, options?: KeeperRequestOptions) =>
  call<{ count: number }>(`${BASE}/act`, { method: 'POST', data: { ids: ids.join(','), ...data }, ...options });

export const ISSUE_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the issues the list shows for these filters and this sort (no paging); with
 * `agenda`, the open issues as the dispatch meeting's agenda. */
export function exportIssues(query: ProjectIssueQuery, fallbackName: string, agenda = false) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(ISSUE_EXPORT_URL, agenda ? { ...filters, agenda: 'Y' } : filters, fallbackName);
}
