//! Year and month of a dispatch screen. When the tenant merges January into February, January is not
//! offered and February reads "1–2月" (the period the statistics bureau publishes). A screen of a whole
//! year (a year's months side by side) picks the year alone with `YearPicker`.
import { useIntl } from '@umijs/max';
import { Select, Space } from 'antd';
import React, { useMemo } from 'react';
import { type Period, reportingPeriod } from './period';

export interface PeriodPickerProps {
  value: Period;
  onChange: (p: Period) => void;
  mergeJanuary?: boolean;
  /** the years offered; by default the last nine, this one and the next (and the value's) */
  years?: number[];
}

/** The label of a month, "1–2月" for a merged February. */
export function useMonthLabel(mergeJanuary = false) {
  const intl = useIntl();
  return (month: number) =>
    mergeJanuary && month === 2
      ? intl.formatMessage({ id: 'component.period.janFeb' })
      : intl.formatMessage({ id: 'component.period.month' }, { month });
}

export interface YearPickerProps {
  value: number;
  onChange: (year: number) => void;
  /** the years offered; by default the last nine, this one and the next (and the value's) */
  years?: number[];
}

/** The year of a dispatch screen: `2026年`. */
export const YearPicker: React.FC<YearPickerProps> = ({ value, onChange, years }) => {
  const intl = useIntl();
  const options = useMemo(() => {
    const now = new Date().getFullYear();
    const list = years ?? Array.from({ length: 11 }, (_, i) => now - 9 + i);
    const all = list.includes(value) ? list : [...list, value].sort((a, b) => a - b);
    return all.map((y) => ({ value: y, label: intl.formatMessage({ id: 'component.period.year' }, { year: y }) }));
  }, [years, value, intl]);
  return (
    <Select
      aria-label={intl.formatMessage({ id: 'component.period.pickYear' })}
      data-testid="period-year"
      value={value}
      options={options}
      // the year alone, not antd's option with it
      onChange={(year: number) => onChange(year)}
      style={{ width: 100 }}
    />
  );
};

const PeriodPicker: React.FC<PeriodPickerProps> = ({ value, onChange, mergeJanuary = false, years }) => {
  const intl = useIntl();
  const monthLabel = useMonthLabel(mergeJanuary);
  const monthOptions = Array.from({ length: 12 }, (_, i) => i + 1)
    .filter((m) => !(mergeJanuary && m === 1))
    .map((m) => ({ value: m, label: monthLabel(m) }));
  const shown = reportingPeriod(value, mergeJanuary);
  return (
    <Space.Compact>
      <YearPicker value={shown.year} years={years} onChange={(year) => onChange({ ...shown, year })} />
      <Select
        aria-label={intl.formatMessage({ id: 'component.period.pickMonth' })}
        data-testid="period-month"
        value={shown.month}
        options={monthOptions}
        // twelve options at most: all in the list, none rendered on demand
        virtual={false}
        listHeight={12 * 32}
        onChange={(month: number) => onChange({ ...shown, month })}
        style={{ width: 96 }}
      />
    </Space.Compact>
  );
};

export default PeriodPicker;
