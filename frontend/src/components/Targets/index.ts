//! The pieces both target screens share (目标任务's department targets, 年度产值分解's enterprise
//! targets: the same lifecycle 草稿 → 已下达 → 已确认, 调整中 with the earlier versions kept, the same split
//! into months). Each screen keeps its own texts and passes its translator (see messages.ts).
export type { TargetT } from './messages';
export { decimal, EMPTY_MONTHS, empty, monthFieldNames, targetFormValues, targetSubmitBody } from './targetForm';
export type { TargetFormValues } from './targetForm';
export { default as SplitFields, RevisingAlert } from './SplitFields';
export { default as TargetViewDrawer, useTargetDetail } from './TargetViewDrawer';
export { default as ReviseModal } from './ReviseModal';
export { useTargetActions } from './useTargetActions';
