// The monthly split, in whole cents as the server does it (services/business/src/split.rs), and the
// grid with real antd: split buttons, the merged January, and the Σ check that warns but never blocks.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { getIntl, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import React, { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../tests/helpers';
import { cents, MonthGrid, type SplitResult, splitByCheckpoints, splitEvenly, splitLikeLastYear, sumCents } from '.';

const monthsOf = (r: SplitResult) => {
  if ('refusal' in r) throw new Error(r.refusal);
  return r.months;
};
/** A typical year: the Spring Festival dip in February, a busy year end (the server's own example). */
const LAST_YEAR = ['80', '40', '90', '90', '90', '100', '90', '90', '100', '100', '110', '120'];
const CHECKPOINTS = { firstQuarter: '20', firstHalf: '52', firstThreeQuarters: '78' };

describe('the monthly split', () => {
  it('always adds up to the year, for awkward years, every way, merged or not', () => {
    for (const annual of ['100.01', '0.05', '0', '1000', '0.11', '99999999999.99', '12345.67', '7', '200']) {
      for (const merged of [false, true]) {
        for (const months of [
          monthsOf(splitEvenly(annual, merged)),
          monthsOf(splitLikeLastYear(annual, LAST_YEAR, merged)),
          monthsOf(splitByCheckpoints(annual, CHECKPOINTS, merged)),
        ]) {
          expect(months).toHaveLength(12);
          expect(sumCents(months), `${annual} ${merged}`).toBe(cents(annual));
          expect(months.every((m) => /^\d+\.\d\d$/.test(m)), months.join()).toBe(true);
          if (merged) expect(months[0]).toBe('0.00');
        }
      }
    }
  });

  it('gives each month its share cut to the cent and December the rounding, as the server does', () => {
    expect(monthsOf(splitEvenly('100.01'))).toEqual([...Array(11).fill('8.33'), '8.38']);
    expect(monthsOf(splitEvenly('1000'))).toEqual([...Array(11).fill('83.33'), '83.37']);
    expect(monthsOf(splitEvenly('11000', true))).toEqual(['0.00', ...Array(11).fill('1000.00')]);
    // 1000 × 80 / 1100 = 72.7272… → 72.72; December 1000 − 890.83
    expect(monthsOf(splitLikeLastYear('1000', LAST_YEAR))).toEqual([
      '72.72', '36.36', '81.81', '81.81', '81.81', '90.90', '81.81', '81.81', '90.90', '90.90', '100.00', '109.17',
    ]);
    // merged: February weighs last year's January and February together
    expect(monthsOf(splitLikeLastYear('1100', LAST_YEAR, true)).slice(0, 3)).toEqual(['0.00', '120.00', '90.00']);
    // 一季度 20 %, 双过半 52 %, 前三季度 78 % of 12000: 2400 / 3840 / 3120 / 2640 a quarter
    expect(monthsOf(splitByCheckpoints('12000', CHECKPOINTS))).toEqual([
      '800.00', '800.00', '800.00', '1280.00', '1280.00', '1280.00', '1040.00', '1040.00', '1040.00', '880.00', '880.00', '880.00',
    ]);
    expect(monthsOf(splitByCheckpoints('12000', { firstQuarter: '20', firstHalf: '50', firstThreeQuarters: '75' }, true)).slice(0, 4)).toEqual([
      '0.00', '1200.00', '1200.00', '1200.00',
    ]);
  });

  it('refuses what it cannot split', () => {
    expect(splitEvenly('')).toEqual({ refusal: 'noAnnual' });
    expect(splitLikeLastYear('100', Array(12).fill('0'))).toEqual({ refusal: 'lastYearEmpty' });
    expect(splitLikeLastYear('100', ['-1', ...LAST_YEAR.slice(1)])).toEqual({ refusal: 'lastYearNegative' });
    expect(splitByCheckpoints('100', { firstQuarter: '30', firstHalf: '20', firstThreeQuarters: '80' })).toEqual({ refusal: 'checkpoints' });
    expect(splitByCheckpoints('100', { firstQuarter: '30', firstHalf: '60', firstThreeQuarters: '101' })).toEqual({ refusal: 'checkpoints' });
  });
});

describe('MonthGrid', () => {
  const Owner: React.FC<Omit<React.ComponentProps<typeof MonthGrid>, 'value' | 'onChange'>> = (props) => {
    const [months, setMonths] = useState<string[]>([]);
    return <MonthGrid {...props} value={months} onChange={setMonths} />;
  };
  const wrap = (node: React.ReactNode) =>
    render(
      <RawIntlProvider value={getIntl('zh-CN')}>
        <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
          {node}
        </ConfigProvider>
      </RawIntlProvider>,
    );
  const press = async (label: string) => {
    await act(async () => {
      fireEvent.click(screen.getByText(label).closest('button')!);
    });
  };
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const sumLine = () => screen.getByTestId('month-grid-sum').textContent;

  it('splits 100.01 evenly so that the months sum to the year, and shows a sum that misses it without blocking', async () => {
    wrap(<Owner annual="100.01" lastYear={LAST_YEAR} />);
    expect(sumLine()).toContain('比年度少 100.01');
    await press('平均分解');
    expect(input('3月').value).toBe('8.33');
    expect(input('12月').value).toBe('8.38');
    expect(sumLine()).toContain('各月合计 100.01');
    expect(sumLine()).toContain('与年度一致');

    await act(async () => {
      fireEvent.change(input('3月'), { target: { value: '10.33' } });
    });
    expect(screen.getByTestId('month-grid-diff').textContent).toBe('比年度多 2.00');
    // still editable: nothing is blocked
    expect(input('3月').disabled).toBe(false);
  });

  it('keeps January at 0 and labels February 1–2月 when January is merged', async () => {
    wrap(<Owner annual="1100" lastYear={LAST_YEAR} mergeJanuary />);
    await press('按上年同期结构');
    expect(input('1月').disabled).toBe(true);
    expect(input('1月').value).toBe('0.00');
    expect(input('1–2月').value).toBe('120.00');
    expect(sumLine()).toContain('与年度一致');
  });

  it('says why a split cannot be made and leaves the months alone', async () => {
    wrap(<Owner annual="1000" lastYear={Array(12).fill('0')} />);
    await press('按上年同期结构');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(messages('warning')).toEqual(['上年各月数据为空，无法按上年同期结构分解']);
    expect(input('1月').value).toBe('');
    // no checkpoints given: that split is not offered
    expect(screen.getByText('按季度节点').closest('button')!.disabled).toBe(true);
  });
});
