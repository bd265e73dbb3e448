//! Which review steps a person may take on a row: those the server lists in the row's `nextSteps`
//! (the workflow is the server's; the SPA never derives a step from a status) and whose button the
//! person was granted on the menu. The seed grants `submit`, `approve` and `return`; withdrawing and
//! resubmitting come with `submit` (the filler's grant), un-approving with `approve` (the reviewer's).
import { getButton } from '@/utils/authority';
import { REVIEW_STEPS, type Reviewable, type ReviewStep } from '@/services/review';

/** The menu button alias that grants each step. */
export const GRANTED_BY: Record<ReviewStep, string> = {
  submit: 'submit',
  withdraw: 'submit',
  resubmit: 'submit',
  approve: 'approve',
  return: 'return',
  unapprove: 'approve',
};

/** A return says what to fix and an un-approval why: both need an opinion. */
export const needsOpinion = (step: ReviewStep) => step === 'return' || step === 'unapprove';

/** The reviewer's steps carry an opinion (optional for an approval); the filler's do not. */
export const takesOpinion = (step: ReviewStep) => needsOpinion(step) || step === 'approve';

/** The steps the user's buttons on this menu grant, in the server's order. */
export function grantedSteps(menuCode: string): ReviewStep[] {
  const held = new Set(getButton(menuCode).map((b) => b.alias));
  return REVIEW_STEPS.filter((step) => held.has(GRANTED_BY[step]));
}

/** Whether the server allows `step` on the row now. */
export const allows = (row: Reviewable, step: ReviewStep) => !!row.nextSteps?.includes(step);
