//! Figures as the dispatch screens show them: money, rates, percentage points, and their columns.
export { formatMoney, formatPoints, formatRate, formatYi, NONE, trendOf } from './format';
export { gapColumn, GapText, moneyColumn, rateColumn, valueAt } from './columns';
export { scaledText, toScaled } from './decimal';
