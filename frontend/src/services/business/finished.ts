//! Finished projects (business service `/project/finished`, domain-model §2.2.8): the projects in the
//! library at 竣工, 投产 or 达产 with what they achieved — the paged list with its filters, the export of
//! the current filter, the completion fields of one project, and the screen's status moves (投产 → 达产,
//! an administrator's re-opening) through `project/status`. Ids, decimals (万元, up to 4 decimals) and
//! days travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';
import type { Decimal, NO, ProjectRecord, YES } from './project';

const BASE = '/project';

/** The statuses of a finished project: 竣工, 投产, 达产. */
export const FINISHED_STATUSES = ['60', '70', '80'];
/** 投产: the status a project reaches 达产 from, and the one a re-opened 达产 project returns to. */
export const IN_PRODUCTION = '70';
/** 达产: terminal; only an administrator re-opens it. */
export const FULL_CAPACITY = '80';

/** A project in the library at 竣工, 投产 or 达产 (`project/finished`): every field of ProjectView, its
 * completion fields, and what it achieved. */
export interface FinishedProjectRecord extends ProjectRecord {
  /** 竣工验收日期, `""` when none */
  acceptanceDate: string;
  /** 实际完成总投资 as recorded with the completion, null until then */
  actualTotalInvestment: Decimal;
  /** 新增生产能力 */
  newCapacity: string;
  /** 投产后年产值 */
  actualAnnualOutput: Decimal;
  /** 投产后年税收 */
  actualAnnualTax: Decimal;
  /** 是否已入规: `Y`, `N` or `""` */
  enteredAboveScale: typeof YES | typeof NO | string;
  enteredAboveScaleName: string;
  /** 实际完成投资: the actual total investment once recorded, else the cumulative figure */
  actualInvestment: Decimal;
  /** 投资完成率: actualInvestment ÷ the planned total, a percentage with two decimals; null without
   * either */
  investmentCompletion: string | null;
  /** 建设周期(月): whole months from the actual start to the actual completion; null without both */
  constructionMonths: number | null;
  /** 产值兑现率: the actual annual output ÷ the output expected at full capacity, a percentage with two
   * decimals; null without either or when nothing was expected */
  outputRealisation: string | null;
  /** the statuses the viewer may change the project to (`project/status`) */
  nextStatuses?: string[];
  /** 申报达产 waiting for a reviewer: the proposed status (`""` without one), its day, why, by whom, when */
  proposedStatus?: string;
  proposedDate?: string;
  proposalReason?: string;
  proposedByName?: string;
  proposedTime?: string;
  /** the reviewer's opinion of the last proposal answered */
  proposalOpinion?: string;
}

/** The filters of `project/finished` (and of its export). */
export interface FinishedProjectQuery {
  /** fuzzy */
  projectName?: string;
  /** the department and everything below it */
  deptId?: string;
  projectType?: string;
  industryCode?: string;
  /** one of FINISHED_STATUSES */
  projectStatus?: string;
  /** `2026`: actually completed in that year */
  completionYear?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** One page of the finished projects, the newest completion first. */
export const listFinishedProjects = (params: FinishedProjectQuery = {}, options?: KeeperRequestOptions) =>
  call<API.Page<FinishedProjectRecord>>(`${BASE}/finished`, { method: 'GET', params, ...options });

/** The export path of the finished projects. */
export const FINISHED_EXPORT_URL = `${BASE}/finished/export`;

/** The xlsx of exactly the finished projects the list shows for these filters (no paging). */
export function exportFinishedProjects(query: FinishedProjectQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(FINISHED_EXPORT_URL, filters, fallbackName);
}

/** The body of `project/finished/submit`: a field left out keeps its value, `null`/`""` clears it. */
export interface CompletionSubmit {
  id: string;
  acceptanceDate?: string;
  /** required */
  actualTotalInvestment: string;
  newCapacity?: string;
  actualAnnualOutput?: string | null;
  actualAnnualTax?: string | null;
  enteredAboveScale?: string;
}

/** Records what a finished project achieved; answers `{id}`. */
export const submitCompletion = (body: CompletionSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/finished/submit`, { method: 'POST', data: body, ...options });

/** A move of `project/status` from this screen: 达产 with its day, or a re-opening with its reason. */
export interface StatusMove {
  id: string;
  toStatus: string;
  fullCapacityDate?: string;
  reason?: string;
}

/** Changes a project's status (the lifecycle decides who may); answers `{id}`. */
export const changeProjectStatus = (body: StatusMove, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/status`, { method: 'POST', data: body, ...options });

/** 申报达产: the keeper proposes a move the lifecycle gives to the park with a review. */
export interface StatusProposal {
  id: string;
  toStatus: string;
  /** the day the status was reached, `YYYY-MM-DD` */
  statusDate: string;
  reason: string;
}

export const proposeStatus = (body: StatusProposal, options?: KeeperRequestOptions) =>
  call<unknown>(`${BASE}/finished/propose`, { method: 'POST', data: body, ...options });

/** A reviewer's answer to a proposal: confirmed (the project moves) or returned with an opinion. */
export const decideProposal = (decision: 'confirm' | 'reject', body: { id: string; opinion?: string }, options?: KeeperRequestOptions) =>
  call<unknown>(`${BASE}/finished/${decision}`, { method: 'POST', data: body, ...options });
