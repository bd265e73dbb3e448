//! Enterprise output surveys (business service `/outputSurvey`, domain-model §2.3.5 `OutputSurvey`,
//! 摸底分解): each enterprise's expected output of a year and round (年初 / 年中 / 其他) with its quarters,
//! the new capacity its projects bring and what drives or threatens it; the park verifies the figure
//! (园区核定产值) by approving it in the review workflow. The summary sets Σ verified by department
//! against each department's target (缺口), and 生成分解 proposes the department's enterprise targets of
//! 年度产值分解 from the verified figures. Ids and decimals (万元) travel as strings; a rate is a percent
//! with two decimals, null without a base.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { type ReportStatus, reviewService, type ReviewStep } from '../review';
import type { GenerateResult } from './outputTarget';

const BASE = '/outputSurvey';

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

/** `survey_round` keys: 1 年初, 2 年中, 3 其他. */
export type SurveyRound = '1' | '2' | '3';
export const SURVEY_ROUNDS: SurveyRound[] = ['1', '2', '3'];
export const SURVEY_ROUND_DICT = 'survey_round';

/** The quarters of a survey, first to fourth. */
export const QUARTER_KEYS = ['expectedQ1', 'expectedQ2', 'expectedQ3', 'expectedQ4'] as const;
export type QuarterKey = (typeof QUARTER_KEYS)[number];

/** A survey as listed. */
export type OutputSurveyRecord = {
  id: string;
  surveyYear: number;
  surveyRound: SurveyRound | string;
  enterpriseId: string;
  /** the enterprise's territory when the survey was filed */
  deptId: string;
  /** 上年产值 (actual, or completed with an estimate) */
  lastYearOutput: string;
  /** 本年预计产值, as the enterprise states it */
  expectedOutput: string;
  /** 新增产能贡献 */
  newCapacityOutput: Figure;
  /** the projects bringing the new capacity, comma-separated ids */
  newProjectIds: string;
  growthFactors: string;
  declineFactors: string;
  /** 园区核定产值: set when approved, cleared by a new submission */
  verifiedOutput: Figure;
  reportStatus: ReportStatus | string;
  submitUserName: string;
  submitTime: string | null;
  auditUserName: string;
  auditTime: string | null;
  reviewOpinion: string;
  remark: string;
  createTime?: string;
  updateTime?: string;
  enterpriseName: string;
  deptName: string;
  surveyRoundName: string;
  reportStatusName: string;
  /** 预计增速 %: expected ÷ last year − 1 */
  expectedGrowth: Figure;
  /** 核定增速 %: verified ÷ last year − 1; null before verification */
  verifiedGrowth: Figure;
  /** the review steps open to it; the grants decide the buttons */
  nextSteps: ReviewStep[];
} & Record<QuarterKey, Figure>;

/** A project named as new capacity. */
export interface CapacityProject {
  id: string;
  projectName: string;
  projectStatus: string;
  projectStatusName: string;
  /** `yyyy-MM-dd`, when it went into production */
  productionDate: string | null;
}

export interface OutputSurveyDetail extends OutputSurveyRecord {
  /** the projects of `newProjectIds` */
  newProjects: CapacityProject[];
}

/** What the filing drawer starts from for an enterprise and year. */
export interface SurveyPrefill {
  /** Σ the enterprise's approved reports of the year before; null without any */
  lastYearOutput: Figure;
  /** the months those reports cover: under 12, the filler completes the figure with an estimate */
  lastYearMonths: number;
  /** its projects in production (or reaching it last year or this), offered as new capacity */
  projects: CapacityProject[];
}

/** One line of the summary: a department (its subtree's surveys), removed departments, or the total. */
export interface SurveySummaryRow {
  kind: 'dept' | 'other' | 'total';
  deptId: string | null;
  deptName: string;
  /** 0 at the top, for indenting */
  depth: number;
  surveys: number;
  approved: number;
  lastYearOutput: string;
  expectedOutput: string;
  expectedGrowth: Figure;
  /** Σ verified of the approved surveys */
  verifiedOutput: string;
  /** measured against the last year of the same approved surveys */
  verifiedGrowth: Figure;
  /** the department's target of 规上工业总产值 in force; null without one */
  target: Figure;
  /** 缺口: target − Σ verified; positive when the verified figures fall short; null without a target */
  gap: Figure;
}

export interface SurveySummary {
  year: number;
  rows: SurveySummaryRow[];
  /** with a department chosen, that department's row */
  total: SurveySummaryRow;
}

/** The filters of the list, the summary (year, round, department) and the export. */
export interface OutputSurveyQuery {
  surveyYear: number;
  /** every round without one */
  surveyRound?: string;
  /** the department and everything below it */
  deptId?: string;
  /** a `report_status` key */
  reportStatus?: string;
  /** part of the enterprise's name */
  enterpriseName?: string;
  current?: number;
  size?: number;
}

/** The body of `outputSurvey/submit`: creates a draft without `id`, updates a draft or returned one with it. */
export type OutputSurveySubmit = {
  id?: string;
  surveyYear: number;
  surveyRound: string;
  enterpriseId: string;
  lastYearOutput: Figure;
  expectedOutput: Figure;
  newCapacityOutput: Figure;
  newProjectIds: string[];
  growthFactors: string;
  declineFactors: string;
  remark: string;
} & Record<QuarterKey, Figure>;

/** Drops empty filters: the server reads an empty parameter as a value. */
const present = (q: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** A page of the surveys the filters find, by department then enterprise name. */
export const listOutputSurveys = (query: OutputSurveyQuery, options?: KeeperRequestOptions) =>
  call<API.Page<OutputSurveyRecord>>(`${BASE}/list`, { method: 'GET', params: present(query), ...options });

/** Σ last year, expected and verified by department against each department's target. */
export const getSurveySummary = (query: Pick<OutputSurveyQuery, 'surveyYear' | 'surveyRound' | 'deptId'>, options?: KeeperRequestOptions) =>
  call<SurveySummary>(`${BASE}/summary`, { method: 'GET', params: present(query), ...options });

export const getOutputSurvey = (id: string, options?: KeeperRequestOptions) =>
  call<OutputSurveyDetail>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options });

/** Last year's approved output of an enterprise and the projects it may name as new capacity. */
export const getSurveyPrefill = (enterpriseId: string, surveyYear: number, options?: KeeperRequestOptions) =>
  call<SurveyPrefill>(`${BASE}/prefill`, { method: 'GET', params: { enterpriseId, surveyYear }, ...options });

/** Saves a draft or a returned survey; answers `{id}`. */
export const submitOutputSurvey = (data: OutputSurveySubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** Removes drafts and returned surveys. */
export const removeOutputSurveys = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** Submit, withdraw, approve (also many at once: each keeps the figure verified before, else the
 * enterprise's own), return (opinion required), resubmit, un-approve (reason required), and the history. */
export const surveyReview = reviewService(BASE);

/** 审核通过 of one survey with the park's verified figure (园区核定产值). */
export const verifyOutputSurvey = (id: string, verifiedOutput: string, opinion = '', options?: KeeperRequestOptions) =>
  call<{ count: number }>(`${BASE}/review`, { method: 'POST', data: { ids: [id], step: 'approve', opinion, verifiedOutput }, ...options });

/** 生成分解: drafts of the department's enterprise targets of the year (年度产值分解), its target shared in
 * proportion to the round's verified figures (existing drafts overwritten). */
export const generateFromSurveys = (data: { surveyYear: number; surveyRound: string; deptId: string }, options?: KeeperRequestOptions) =>
  call<GenerateResult>(`${BASE}/generate`, { method: 'POST', data, ...options });

/** The xlsx of the summary and every survey the filters find (no paging). */
export function exportOutputSurveys(query: OutputSurveyQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(`${BASE}/export`, present(filters), fallbackName);
}
