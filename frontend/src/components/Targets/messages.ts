//! The labels of the shared target pieces. Each target screen keeps its own texts (目标任务 under
//! `pages.investment.targetTask.*`, 年度产值分解 under `pages.output.breakdown.*`: the words differ, the
//! department's "target" against the enterprise's "output target"), under the same keys below its own
//! prefix; a shared piece takes the screen's translator and asks it for these keys.
import type { SplitMode } from '@/services/business/deptTarget';

/** The keys a shared target piece reads, below the screen's own prefix. */
export type TargetKey =
  | `split.${SplitMode}`
  | 'split.previewHelp'
  | 'split.previewPending'
  | 'split.lastYearHelp'
  | 'split.lastYearPending'
  | 'shares'
  | 'field.splitMode'
  | 'field.q1Share'
  | 'field.h1Share'
  | 'field.q3Share'
  | 'field.months'
  | 'field.issued'
  | 'field.confirmed'
  | 'field.remark'
  | 'column.status'
  | 'rule.share'
  | 'rule.shareOrder'
  | 'rule.monthsSum'
  | 'revising'
  | 'step.noneAllowed'
  | 'step.issue.confirm'
  | 'step.confirm.confirm'
  | 'step.skipped'
  | 'revise.title'
  | 'revise.reason'
  | 'revise.required'
  | 'versions.title'
  | 'versions.none'
  | 'versions.reason'
  | 'versions.by'
  | 'versions.time'
  | 'drawer.view'
  | 'back'
  | 'notFound';

/** The screen's translator (its `useT()`). */
export type TargetT = (key: TargetKey, values?: Record<string, unknown>) => string;
