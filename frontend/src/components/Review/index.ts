//! The review workflow of every filing kind (domain-model §2.0): the status tag and column, the
//! buttons from the server's `nextSteps` and the user's grants, the opinion dialog, and the history.
export { REPORT_STATUS_DICT, ReviewStatusTag, reviewStatusColumn, useReviewStatusLabel } from './ReviewStatusTag';
export { default as OpinionModal, MAX_OPINION } from './OpinionModal';
export type { OpinionModalProps } from './OpinionModal';
export { default as ReviewActions } from './ReviewActions';
export type { ReviewActionsProps } from './ReviewActions';
export { default as ReviewTimeline } from './ReviewTimeline';
export type { ReviewTimelineProps } from './ReviewTimeline';
export { reviewActions, reviewExtraButtons, useReviewActions, useReviewDialog, useStepLabel } from './useReview';
export { allows, GRANTED_BY, grantedSteps, needsOpinion, takesOpinion } from './steps';
