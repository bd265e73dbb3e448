//! The annual plans of a project (business service `/projectPlan`, domain-model §2.2.1 ProjectAnnualPlan):
//! the plans of one project, newest year first; saving the plan of a year (it replaces what that year
//! had), optionally split evenly over the months on the server; removal. Amounts in 万元 as strings.
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import type { Decimal, NO, YES } from './project';

const BASE = '/projectPlan';

type Flag = typeof YES | typeof NO;
export const MONTH_KEYS = ['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11', 'm12'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];

/** `splitMode` of a save: the server splits the year evenly, or keeps the months as typed. */
export const SPLIT_EVENLY = '1';
export const SPLIT_AS_TYPED = '4';

/** One project's plan of one year. */
export type ProjectPlanRecord = {
  id: string;
  projectId: string;
  planYear: number;
  yearPlanInvestment: Decimal;
  /** 年度形象进度目标 */
  yearMilestone: string;
  planStartThisYear: Flag;
  planCompleteThisYear: Flag;
  remark: string;
} & Record<MonthKey, Decimal>;

/** The body of `projectPlan/submit`: creates or replaces the plan of `planYear`. */
export interface ProjectPlanSubmit {
  projectId: string;
  planYear: number;
  yearPlanInvestment: string;
  yearMilestone: string;
  planStartThisYear: Flag;
  planCompleteThisYear: Flag;
  splitMode?: typeof SPLIT_EVENLY | typeof SPLIT_AS_TYPED;
  /** January first; null for a month left empty */
  months?: (string | null)[];
  remark?: string;
}

/** The months of a plan, January first. */
export const monthsOf = (plan: Partial<Record<MonthKey, Decimal>>): (string | null)[] => MONTH_KEYS.map((k) => plan[k] ?? null);

/** The plans of a project, latest year first. */
export const listPlans = (projectId: string, options?: KeeperRequestOptions) =>
  call<ProjectPlanRecord[]>(`${BASE}/list`, { method: 'GET', params: { projectId }, ...options });

/** Saves the plan of a year; answers `{id}`. */
export const submitPlan = (data: ProjectPlanSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

export const removePlans = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);
