// Figures as the dispatch screens show them, from the server's decimal text, and the columns that
// place them (real ProTable).
import { ProTable } from '@ant-design/pro-components';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPoints, formatRate, formatYi, gapColumn, moneyColumn, rateColumn } from '.';

describe('formatMoney', () => {
  it('shows 万元 with two decimals and thousands separators, exactly as sent', () => {
    for (const [value, want] of [
      ['12345678.9', '12,345,678.90'],
      ['123456.789', '123,456.79'],
      ['0.005', '0.01'],
      ['-0.004', '0.00'],
      ['-1234.5', '-1,234.50'],
      // beyond a float's 15–16 significant digits: nothing is lost
      ['98765432109876.5449', '98,765,432,109,876.54'],
      [1234.5, '1,234.50'],
      [0.1 + 0.2, '0.30'],
      ['0', '0.00'],
    ] as const) {
      expect(formatMoney(value), String(value)).toBe(want);
    }
  });

  it('shows "—" for no figure', () => {
    for (const value of [null, undefined, '', 'abc', '1.2.3', NaN, '-']) expect(formatMoney(value), String(value)).toBe('—');
  });
});

describe('formatYi', () => {
  it('shows 万元 in 亿元 with two decimals, rounded half away from zero, and "—" for no figure', () => {
    for (const [value, want] of [
      ['123456.78', '12.35'],
      ['1234567890', '123,456.79'],
      ['49.99', '0.00'],
      ['50', '0.01'],
      ['-50', '-0.01'],
      ['0', '0.00'],
      [null, '—'],
    ] as const) {
      expect(formatYi(value), String(value)).toBe(want);
    }
  });
});

describe('formatRate and formatPoints', () => {
  it('shows a rate as a percentage with two decimals, and "—" without a base', () => {
    expect(formatRate('24')).toBe('24.00%');
    expect(formatRate('10.005')).toBe('10.01%');
    expect(formatRate(-3.2)).toBe('-3.20%');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(undefined)).toBe('—');
  });

  it('shows points with their sign', () => {
    expect(formatPoints('3.2')).toBe('+3.20');
    expect(formatPoints('-26')).toBe('\u221226.00');
    expect(formatPoints('0')).toBe('0.00');
    expect(formatPoints('-0.001')).toBe('0.00');
    expect(formatPoints(null)).toBe('—');
  });
});

describe('figure columns', () => {
  interface Row {
    id: string;
    dept: string;
    ytd: string | null;
    completion: string | null;
    gap: string | null;
  }
  const rows: Row[] = [
    { id: '1', dept: '高新片区', ytd: '2400', completion: '24', gap: '-26' },
    { id: '2', dept: '东区', ytd: '8000.5', completion: '80', gap: '3.2' },
    { id: '3', dept: '新区', ytd: null, completion: null, gap: null },
  ];

  it('right-aligns the figures, shows "—" for none, and colours a gap by behind and ahead', async () => {
    render(
      <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
        <ProTable<Row>
          rowKey="id"
          search={false}
          options={false}
          pagination={false}
          dataSource={rows}
          columns={[
            { title: '单位', dataIndex: 'dept' },
            moneyColumn<Row>('1–N月完成', 'ytd'),
            rateColumn<Row>('完成率', 'completion'),
            gapColumn<Row>('超/落后', 'gap'),
          ]}
        />
      </ConfigProvider>,
    );
    const cells = async (dept: string) => Array.from((await screen.findByText(dept)).closest('tr')!.querySelectorAll('td'));
    const behind = await cells('高新片区');
    expect(behind.map((td) => td.textContent)).toEqual(['高新片区', '2,400.00', '24.00%', '\u221226.00']);
    expect(behind[3].querySelector('[data-trend]')?.getAttribute('data-trend')).toBe('behind');
    expect(behind[3].querySelector('.ant-typography-danger')).not.toBeNull();
    const ahead = await cells('东区');
    expect(ahead[3].textContent).toBe('+3.20');
    expect(ahead[3].querySelector('.ant-typography-success')).not.toBeNull();
    expect((await cells('新区')).slice(1).map((td) => td.textContent)).toEqual(['—', '—', '—']);
    expect(behind.slice(1).every((td) => td.className.includes('ant-table-cell-align-right') || td.style.textAlign === 'right')).toBe(true);
  });
});
