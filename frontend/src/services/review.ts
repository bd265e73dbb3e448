//! The review workflow of a filing (domain-model §2.0, dictionary `report_status`) under the filing's
//! base path: take a step on some rows, read a row's history. Used by every filing kind (library
//! entry, project monthly reports, output reports, surveys, targets).
//!
//! The endpoints, chosen here for the back end to match:
//! - `POST ${base}/review`, JSON `{ ids: string[], step, opinion }` → `{ count }`. `step` is one of
//!   the `Step` names of `services/business/src/review` (camelCase); `opinion` is `""` when none was
//!   given. The server checks every row against its workflow table (the same table it sends as a
//!   row's `nextSteps`) and takes the step on all of them or none. A return or un-approval without an
//!   opinion is a 400 with `data: { field: "opinion", reason }`, which the dialog puts on its field.
//! - `GET ${base}/review-log?id=` → `ReviewLogEntry[]`, oldest first (rows of `biz_review_log`).
//!
//! One endpoint with the step as data rather than one per verb (`/submit-audit`, `/approve`,
//! `/return`…): the step is checked against one table on the server, batches of any step go the same
//! way, and a new step (a second review level) needs no new route.
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from './crud';

/** A move of the workflow, as the server names it in `nextSteps`. */
export type ReviewStep = 'submit' | 'withdraw' | 'approve' | 'return' | 'resubmit' | 'unapprove';

/** Every step, in the order the server's table lists them (and the buttons show). */
export const REVIEW_STEPS: ReviewStep[] = ['submit', 'approve', 'return', 'withdraw', 'resubmit', 'unapprove'];

/** `report_status` keys: 0 草稿, 1 待审核, 2 已通过, 3 已退回. */
export type ReportStatus = '0' | '1' | '2' | '3';

/** What a filing row carries for the workflow. */
export interface Reviewable {
  id: string;
  reportStatus: ReportStatus | string;
  /** the steps the server allows from the row's status; the client never derives them itself */
  nextSteps?: ReviewStep[];
}

/** One move in a filing's history. */
export interface ReviewLogEntry {
  id: string;
  step: ReviewStep;
  fromStatus: ReportStatus | string;
  toStatus: ReportStatus | string;
  opinion: string;
  operatorName: string;
  /** `yyyy-MM-dd HH:mm:ss` */
  createTime: string;
}

/** The review calls of the filings under `base` (`/outputReport`). */
export function reviewService(base: string) {
  const review = (step: ReviewStep, ids: string[], opinion = '', options?: KeeperRequestOptions) =>
    call<{ count: number }>(`${base}/review`, { method: 'POST', data: { ids, step, opinion }, ...options });
  const stepper = (step: ReviewStep) => (ids: string[], opinion?: string, options?: KeeperRequestOptions) => review(step, ids, opinion, options);
  return {
    review,
    submit: stepper('submit'),
    withdraw: stepper('withdraw'),
    approve: stepper('approve'),
    return: stepper('return'),
    resubmit: stepper('resubmit'),
    unapprove: stepper('unapprove'),
    /** the moves of one row, oldest first; a filing never reviewed has none, which is no news to toast */
    log: (id: string, options?: KeeperRequestOptions) =>
      call<ReviewLogEntry[]>(`${base}/review-log`, { method: 'GET', params: { id }, showMsg: false, ...options }),
  };
}

export type ReviewService = ReturnType<typeof reviewService>;
