// The reporting period: the rules (latest closed month, merged January), the URL parameter, and the
// picker with real antd.
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { getIntl, history, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl } from '../../../tests/helpers';
import { latestClosed, parsePeriod, PeriodPicker, toQuery, usePeriodParam, YearPicker } from '.';

const JULY_15 = new Date(2026, 6, 15);

describe('period rules', () => {
  it('takes the month before today as the latest closed one, and last December in a merged February', () => {
    expect(latestClosed(JULY_15)).toEqual({ year: 2026, month: 6 });
    expect(latestClosed(new Date(2026, 0, 10))).toEqual({ year: 2025, month: 12 });
    expect(latestClosed(new Date(2026, 1, 10))).toEqual({ year: 2026, month: 1 });
    expect(latestClosed(new Date(2026, 1, 10), true)).toEqual({ year: 2025, month: 12 });
    expect(latestClosed(new Date(2026, 2, 10), true)).toEqual({ year: 2026, month: 2 });
  });

  it('reads only well-formed periods and sends them as `period`', () => {
    expect(parsePeriod('2026-06')).toEqual({ year: 2026, month: 6 });
    for (const bad of ['2026-13', '2026-00', '2026-6', '1999-01', 'x', '', null]) expect(parsePeriod(bad), String(bad)).toBeUndefined();
    expect(toQuery({ year: 2026, month: 6 })).toEqual({ period: '2026-06' });
  });
});

describe('usePeriodParam', () => {
  it('defaults to the latest closed month and keeps the chosen one in the URL with the other parameters', async () => {
    history.replace('/outputValue/report?deptId=5');
    const { result } = renderHook(() => usePeriodParam({ today: JULY_15 }));
    expect(result.current[0]).toEqual({ year: 2026, month: 6 });
    await act(async () => {
      result.current[1]({ year: 2025, month: 11 });
    });
    expect(currentUrl()).toBe('/outputValue/report?deptId=5&period=2025-11');
    expect(result.current[0]).toEqual({ year: 2025, month: 11 });
    // a link opened later, or the back button: the URL leads
    await act(async () => {
      history.replace('/outputValue/report?period=2024-03');
    });
    expect(result.current[0]).toEqual({ year: 2024, month: 3 });
  });

  it('opens a link to January as 1–2月 when January is merged, and ignores a malformed period', () => {
    history.replace('/outputValue/report?period=2026-01');
    const merged = renderHook(() => usePeriodParam({ mergeJanuary: true, today: JULY_15 }));
    expect(merged.result.current[0]).toEqual({ year: 2026, month: 2 });
    merged.unmount();
    history.replace('/outputValue/report?period=2026-1');
    expect(renderHook(() => usePeriodParam({ today: JULY_15 })).result.current[0]).toEqual({ year: 2026, month: 6 });
  });

  it('opens a screen that looks ahead on the current month, yet a link still leads', () => {
    history.replace('/investment/inLibraryProject/investmentForecasting');
    expect(renderHook(() => usePeriodParam({ default: 'current', today: JULY_15 })).result.current[0]).toEqual({ year: 2026, month: 7 });
    expect(renderHook(() => usePeriodParam({ default: 'current', today: new Date(2027, 0, 5) })).result.current[0]).toEqual({ year: 2027, month: 1 });
    history.replace('/investment/inLibraryProject/investmentForecasting?period=2026-05');
    expect(renderHook(() => usePeriodParam({ default: 'current', today: JULY_15 })).result.current[0]).toEqual({ year: 2026, month: 5 });
  });
});

describe('PeriodPicker', () => {
  const open = async (testId: string) => {
    await act(async () => {
      fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector, input') ?? screen.getByTestId(testId));
    });
    return document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') as HTMLElement;
  };
  const wrap = (node: React.ReactNode) =>
    render(
      <RawIntlProvider value={getIntl('zh-CN')}>
        <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
          {node}
        </ConfigProvider>
      </RawIntlProvider>,
    );

  it('offers no January when it is merged, reads February as 1–2月, and reports the pick', async () => {
    const onChange = vi.fn();
    wrap(<PeriodPicker value={{ year: 2026, month: 2 }} onChange={onChange} mergeJanuary years={[2025, 2026]} />);
    expect(screen.getByTestId('period-month').textContent).toBe('1–2月');
    expect(screen.getByTestId('period-year').textContent).toBe('2026年');
    const months = await open('period-month');
    const labels = Array.from(months.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    expect(labels[0]).toBe('1–2月');
    expect(labels).not.toContain('1月');
    expect(labels).toHaveLength(11);
    await act(async () => {
      fireEvent.click(within(months).getByText('6月'));
    });
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, month: 6 });
  });

  it('offers all twelve months otherwise', async () => {
    wrap(<PeriodPicker value={{ year: 2026, month: 1 }} onChange={() => undefined} years={[2026]} />);
    expect(screen.getByTestId('period-month').textContent).toBe('1月');
    const months = await open('period-month');
    expect(months.querySelectorAll('.ant-select-item-option')).toHaveLength(12);
  });

  it('picks the year alone for a screen of a whole year, offering the year shown too', async () => {
    const onChange = vi.fn();
    wrap(<YearPicker value={2019} onChange={onChange} years={[2025, 2026]} />);
    expect(screen.getByTestId('period-year').textContent).toBe('2019年');
    const years = await open('period-year');
    expect(Array.from(years.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual(['2019年', '2025年', '2026年']);
    await act(async () => {
      fireEvent.click(within(years).getByText('2025年'));
    });
    expect(onChange).toHaveBeenLastCalledWith(2025);
  });
});
