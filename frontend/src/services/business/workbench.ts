//! 工作台 (business service `/workbench`, issue 18): what waits for the signed-in person — the filings to
//! review or to fix, the month's enterprises that have not reported, the overdue issues of their unit.
//! Each to-do comes only to whoever holds the permission that makes it theirs; a count of 0 still comes
//! (nothing left to do).
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

/** The kinds of to-do, in the order the home page lists them. */
export const TODO_KINDS = ['outputReview', 'outputReturned', 'outputMissing', 'projectReportReview', 'projectReportReturned', 'overdueIssues'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export interface TodoItem {
  /** a kind this build does not know is left out */
  kind: TodoKind | string;
  count: number;
  /** `2026-09`: the oldest month among the filings (outputReview, outputReturned), the reporting month
   * (outputMissing); absent when there is none */
  period?: string | null;
}

export interface Todos {
  /** `2026-10`: the month being reported now (the month before today's) */
  period: string;
  items: TodoItem[];
}

/** GET `/workbench/todo`: the signed-in person's to-dos. */
export const getTodos = (options?: KeeperRequestOptions) => call<Todos>('/workbench/todo', { method: 'GET', ...options });
