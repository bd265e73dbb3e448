//! The scrolling table of the big screen, written once (SPEC §9 loop-scroll).
export { default as LoopScroll, LOOP_INTERVAL_MS, LOOP_STEP, LOOP_WINDOW, windowOf } from './LoopScroll';
export type { LoopColumn, LoopScrollProps } from './LoopScroll';
