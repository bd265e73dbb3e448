import { describe, expect, it } from 'vitest';
import type { OutputReportRecord } from '@/services/business/outputReport';
import { liveFigures, toSubmit } from './reportValues';

const month = (over: Partial<OutputReportRecord> = {}) =>
  ({
    id: '',
    enterpriseId: '7',
    period: '2026-03',
    ytdBefore: '2100.5',
    lastYearYtdOutput: '3000',
    lastYearFromReports: true,
    ...over,
  }) as OutputReportRecord;

describe('the figures the drawer shows while a clerk types', () => {
  it('adds the month to the approved months before it and compares with last year as the server does', () => {
    // 2,100.5 + 1,200 = 3,300.5 against 3,000: +10.0166… → 10.02 %
    expect(liveFigures(month(), { monthOutput: '1200' })).toEqual({
      ytd: '3300.5000',
      yoy: '10.02',
      declines: false,
    });
    // 2,100.5 + 100 = 2,200.5 against 3,000: −26.65 % — a decline that needs its reason
    expect(liveFigures(month(), { monthOutput: '100' })).toEqual({
      ytd: '2200.5000',
      yoy: '-26.65',
      declines: true,
    });
  });

  it('takes the typed last year only when last year has no approved report, and has no rate without a base', () => {
    const joined = month({
      ytdBefore: '0',
      lastYearYtdOutput: null,
      lastYearFromReports: false,
    });
    expect(liveFigures(joined, { monthOutput: '400', lastYearYtdOutput: '1000' }).yoy).toBe('-60.00');
    expect(liveFigures(joined, { monthOutput: '400' })).toEqual({
      ytd: '400.0000',
      declines: false,
    });
    expect(liveFigures(joined, { monthOutput: '400', lastYearYtdOutput: '0' }).yoy).toBeUndefined();
    expect(liveFigures(joined, {})).toEqual({ declines: false });
    // a third of a percent rounds half away from zero: (1 − 3) ÷ 3 = −66.666… → −66.67
    expect(
      liveFigures(month({ ytdBefore: '0', lastYearYtdOutput: '3' }), {
        monthOutput: '1',
      }).yoy,
    ).toBe('-66.67');
  });
});

describe('the submit body', () => {
  it('creates a month not filed yet and updates a filed one, sending last year only when it may be typed', () => {
    const values = {
      monthOutput: '1200',
      lastYearYtdOutput: '9',
      monthProfit: '-20.5',
      declineReason: ' ',
      problems: ' 订单不足 ',
    };
    const created = toSubmit(values, month());
    expect(created).toMatchObject({
      enterpriseId: '7',
      period: '2026-03',
      monthOutput: '1200',
      monthProfit: '-20.5',
      declineReason: '',
      problems: '订单不足',
    });
    expect(created).not.toHaveProperty('id');
    expect(created).not.toHaveProperty('lastYearYtdOutput');
    const updated = toSubmit(values, month({ id: '42', lastYearFromReports: false }));
    expect(updated).toMatchObject({
      id: '42',
      lastYearYtdOutput: '9',
      lastYearMonthOutput: null,
    });
  });
});
