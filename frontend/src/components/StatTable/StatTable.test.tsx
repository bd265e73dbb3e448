// The statistics table with real Pro components: subtotal rows set apart, the grand total as the
// summary row, and an export of exactly the query and the columns on screen.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../tests/helpers';
import { renderWidget } from '../../../tests/renderWidget';
import { gapColumn, moneyColumn, rateColumn } from '@/components/Figures';
import { StatTable } from '.';

configure({ asyncUtilTimeout: 15000 });

interface DeptRow {
  id: string;
  deptName: string;
  ytd: string;
  completion: string | null;
  gap: string | null;
  subtotal?: boolean;
  children?: DeptRow[];
}

const ROWS: DeptRow[] = [
  {
    id: 'd1',
    deptName: '东区',
    ytd: '3600',
    completion: '36',
    gap: '-14',
    subtotal: true,
    children: [
      { id: 'd2', deptName: '高新片区', ytd: '2400', completion: '24', gap: '-26' },
      { id: 'd3', deptName: '新区', ytd: '1200', completion: '60', gap: '10' },
    ],
  },
  { id: 'd4', deptName: '西区', ytd: '1000.5', completion: null, gap: null },
];
const TOTAL: DeptRow = { id: 'total', deptName: '', ytd: '4600.5', completion: '46.01', gap: '-3.99' };
const COLUMNS = [
  { title: '单位', dataIndex: 'deptName' },
  moneyColumn<DeptRow>('1–N月完成(万元)', 'ytd'),
  rateColumn<DeptRow>('完成率', 'completion'),
  gapColumn<DeptRow>('超/落后(百分点)', 'gap'),
];

const cellsOf = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);

describe('StatTable', () => {
  it('opens the tree, sets subtotal rows apart and pins the grand total as the summary row', async () => {
    renderWidget(<StatTable<DeptRow> columns={COLUMNS} rows={ROWS} total={TOTAL} query={{ period: '2026-06' }} />);
    const east = (await screen.findByText('东区')).closest('tr')!;
    const park = screen.getByText('高新片区').closest('tr')!;
    expect(east.getAttribute('data-subtotal')).toBe('true');
    expect(east.classList.contains('keeper-subtotal-row')).toBe(true);
    expect(park.classList.contains('keeper-subtotal-row')).toBe(false);
    expect(park.getAttribute('data-subtotal')).toBeNull();
    expect(cellsOf(park)).toEqual(['高新片区', '2,400.00', '24.00%', '\u221226.00']);
    const total = document.querySelector('.ant-table-summary tr')!;
    expect(cellsOf(total)).toEqual(['合计', '4,600.50', '46.01%', '\u22123.99']);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('exports the query of the rows with the columns left shown', async () => {
    const exportData = vi.fn(async () => undefined);
    renderWidget(<StatTable<DeptRow> columns={COLUMNS} rows={ROWS} total={TOTAL} query={{ period: '2026-06', deptId: 'd1' }} exportData={exportData} />);
    await screen.findByText('东区');
    // hide 完成率 in the column settings
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-pro-table-list-toolbar-setting-item .anticon-setting, .anticon-setting')!);
    });
    const settings = await waitFor(() => {
      const pop = document.querySelector('.ant-pro-table-column-setting-overlay, .ant-popover');
      if (!pop) throw new Error('no column settings');
      return pop as HTMLElement;
    });
    await act(async () => {
      fireEvent.click(within(settings).getByText('完成率'));
    });
    await waitFor(() => expect(cellsOf(document.querySelector('.ant-table-summary tr')!)).toEqual(['合计', '4,600.50', '\u22123.99']));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    });
    expect(exportData).toHaveBeenCalledWith({ period: '2026-06', deptId: 'd1' }, ['deptName', 'ytd', 'gap']);
    await waitFor(() => expect(messages('success')).toEqual(['已导出']));
  });
});
