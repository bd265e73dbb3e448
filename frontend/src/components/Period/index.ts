//! The reporting period of the dispatch screens: the picker, the URL parameter, and the period rules.
export { default as PeriodPicker, useMonthLabel, YearPicker } from './PeriodPicker';
export type { PeriodPickerProps, YearPickerProps } from './PeriodPicker';
export { usePeriodParam } from './usePeriodParam';
export type { PeriodParamOptions } from './usePeriodParam';
export { periodLabel } from './periodLabel';
export { currentMonth, formatPeriod, latestClosed, parsePeriod, reportingPeriod, toQuery } from './period';
export type { Period } from './period';
