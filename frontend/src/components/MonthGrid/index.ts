//! Twelve editable months of an annual figure, with the split buttons and the Σ check.
export { default as MonthGrid } from './MonthGrid';
export type { MonthGridProps } from './MonthGrid';
export { cents, centsText, splitByCheckpoints, splitEvenly, splitLikeLastYear, sumCents } from './split';
export type { Checkpoints, Refusal, SplitResult } from './split';
