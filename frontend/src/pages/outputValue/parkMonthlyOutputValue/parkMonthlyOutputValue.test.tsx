// 园区月度产值 with real antd and Pro components against a fake back end: `/parkMonthlyOutput/*`
// answering to the contract of services/business/src/api/output/park.rs, with the matrices of
// tests/fixtures.ts. The department tree with its subtotal, the total and "—" where there is no figure;
// the measure switched on the screen alone; the enterprises reported counted for 企业汇总 only; the
// source and the department basis sent as the query; the official figures entered, listed and deleted
// by grant; and the export of exactly the matrix shown.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import type { RecordedRequest } from '../../../../tests/fetchMock';
import { parkOutputBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { body, buttonByText, buttonIn, click, findDialog, form, last, menuButton, pickOption, query, typeInto } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import ParkMonthlyOutputValue from '.';

const MENU = 'park_monthly_output_value';
const MATRIX = '/api/parkMonthlyOutput/matrix';
const EXPORT = '/api/parkMonthlyOutput/export';
const OFFICIAL = '/api/parkMonthlyOutput/official';
const SUBMIT = '/api/parkMonthlyOutput/submit';
const REMOVE = '/api/parkMonthlyOutput/remove';
/** The page opens on this year. */
const YEAR = String(new Date().getFullYear());
const NO_FIGURE = Array(9).fill('—');

/** The seed's buttons of the menu (services/system/src/builtin.rs), by alias. */
function parkButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/outputValue/parkMonthlyOutputValue';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, REMOVE, 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'export', 1, EXPORT, 6),
  ].filter((b) => aliases.includes(b.alias));
}

async function open(...aliases: string[]) {
  signIn();
  setButtons([{ code: MENU, buttons: parkButtons(...aliases) }]);
  const server = parkOutputBackend();
  renderWidget(
    <StyleProvider mock="server">
      <ParkMonthlyOutputValue />
    </StyleProvider>,
  );
  await screen.findByText('临港片区');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
/** The matrix row whose first cell reads `text`. */
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('.ant-table-tbody tr')).find((r) => r.querySelector('td')?.textContent === text);
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const heads = () => Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);
const total = () => cells(screen.getByTestId('stat-total'));
const matrixCalls = (calls: RecordedRequest[]) => calls.filter((c) => path(c) === MATRIX).length;
const choose = (testId: string, label: string) => click(within(screen.getByTestId(testId)).getByText(label));

describe('园区月度产值', () => {
  it('shows each park’s months to date under the zone, the total, and "—" where there is no figure', async () => {
    const { calls } = await open('view', 'export');
    expect(query(last(calls, MATRIX)!)).toEqual({ year: YEAR, dataSource: '1', deptBasis: 'snapshot' });
    expect(screen.getByTestId('park-title').textContent).toBe('东区经开区 2026年园区月度产值');
    expect(document.body.textContent).toContain('单位：万元');
    expect(heads()).toEqual(expect.arrayContaining(['园区', '年度目标(万元)', '1月', '1–2月', '1–3月', '1–12月']));
    expect(heads()).not.toContain('2月');

    const zone = await rowOf('东区经开区');
    expect(zone.getAttribute('data-subtotal')).toBe('true');
    expect(cells(zone)).toEqual(['东区经开区', '30,000.00', '1,500.00', '2,600.50', '4,050.75', ...NO_FIGURE]);
    expect(cells(await rowOf('高新片区'))).toEqual(['高新片区', '12,000.00', '1,000.00', '2,100.50', '3,300.50', ...NO_FIGURE]);
    expect((await rowOf('高新片区')).getAttribute('data-subtotal')).toBeNull();
    expect(cells(await rowOf('临港片区')).slice(0, 5)).toEqual(['临港片区', '—', '500.00', '500.00', '750.25']);
    expect(cells(await rowOf('其他(已撤销机构)')).slice(0, 5)).toEqual(['其他(已撤销机构)', '—', '2.50', '2.50', '2.50']);
    expect(total()).toEqual(['合计', '30,000.00', '1,502.50', '2,603.00', '4,053.25', ...NO_FIGURE]);
    expect(screen.getByTestId('park-note').textContent).toBe('按已审核的企业月报汇总；数据截至 3 月');
  });

  it('switches the measure on the screen without asking again', async () => {
    const { calls } = await open('view');
    const asked = matrixCalls(calls);

    await choose('park-measure', '累计同比');
    await waitFor(() => expect(total().slice(2, 5)).toEqual(['66.94%', '30.15%', '35.11%']));
    expect(cells(await rowOf('高新片区'))).toEqual(['高新片区', '12,000.00', '11.11%', '5.03%', '10.02%', ...NO_FIGURE]);
    // no figure last year: no rate
    expect(cells(await rowOf('临港片区')).slice(2, 5)).toEqual(['—', '—', '—']);
    expect(document.body.textContent).toContain('单位：%');

    await choose('park-measure', '目标完成率');
    await waitFor(async () => expect(cells(await rowOf('高新片区')).slice(2, 5)).toEqual(['8.33%', '17.50%', '27.50%']));

    await choose('park-measure', '当月值');
    await waitFor(() => expect(heads()).toEqual(expect.arrayContaining(['1月', '2月', '3月', '12月'])));
    expect(heads()).not.toContain('1–3月');
    expect(cells(await rowOf('东区经开区')).slice(2, 6)).toEqual(['1,500.00', '1,100.50', '1,450.25', '—']);
    expect(matrixCalls(calls)).toBe(asked);
  });

  it('counts the enterprises reported each month for 企业汇总 as the server sends them, and not for the official figures', async () => {
    const { calls } = await open('view', 'export');
    const asked = matrixCalls(calls);
    await choose('park-measure', '已报企业数');
    // each month alone, as the month's value is headed
    await waitFor(() => expect(heads()).toEqual(expect.arrayContaining(['1月', '2月', '3月', '12月'])));
    expect(heads()).not.toContain('1–3月');
    expect(cells(await rowOf('东区经开区'))).toEqual(['东区经开区', '30,000.00', '3', '2', '2', ...NO_FIGURE]);
    expect(cells(await rowOf('高新片区')).slice(2, 5)).toEqual(['2', '2', '1']);
    // none approved in February is none, not unknown
    expect(cells(await rowOf('临港片区')).slice(2, 5)).toEqual(['1', '0', '1']);
    expect(cells(await rowOf('其他(已撤销机构)')).slice(2, 5)).toEqual(['1', '0', '0']);
    // the total is the server's: the zone and the removed department
    expect(total()).toEqual(['合计', '30,000.00', '4', '2', '2', ...NO_FIGURE]);
    expect(document.body.textContent).toContain('单位：家');
    expect(screen.getByTestId('park-note').textContent).toBe('按已审核的企业月报汇总；数据截至 3 月；已报企业数为当月月报已审核的企业数');
    // the export writes the measures only
    expect(buttonByText('导出')).toBeUndefined();
    expect(matrixCalls(calls)).toBe(asked);

    // the official figures count no enterprises: the months to date instead, and the count not offered
    await choose('park-source', '统计快报');
    await waitFor(() => expect(query(last(calls, MATRIX)!)).toEqual({ year: YEAR, dataSource: '2' }));
    await waitFor(() => expect(total().slice(2, 4)).toEqual(['5,000.00', '9,800.50']));
    const measure = screen.getByTestId('park-measure');
    expect(measure.querySelector('.ant-segmented-item-selected')?.textContent).toBe('累计值');
    const count = within(measure).getByText('已报企业数').closest('.ant-segmented-item');
    expect(count?.classList.contains('ant-segmented-item-disabled')).toBe(true);
    expect(document.body.textContent).toContain('单位：万元');
    expect(screen.getByTestId('park-note').textContent).not.toContain('已报企业数');

    // back to the reports: offered again
    await choose('park-source', '企业汇总');
    await waitFor(() => expect(query(last(calls, MATRIX)!).dataSource).toBe('1'));
    await waitFor(() => expect(within(measure).getByText('已报企业数').closest('.ant-segmented-item-disabled')).toBeNull());
  });

  it('asks again for 统计快报 without a department basis, and offers no entry without the grant to add', async () => {
    const { calls } = await open('view');
    expect(buttonByText('录入统计数据')).toBeUndefined();
    await choose('park-source', '统计快报');
    await waitFor(() => expect(query(last(calls, MATRIX)!)).toEqual({ year: YEAR, dataSource: '2' }));
    await waitFor(() => expect(total().slice(2, 4)).toEqual(['5,000.00', '9,800.50']));
    // the zone's own figure stands alone; a park without one in January shows none
    expect((await rowOf('东区经开区')).getAttribute('data-subtotal')).toBeNull();
    expect(cells(await rowOf('高新片区')).slice(2, 4)).toEqual(['—', '4,000.00']);
    expect(screen.getByTestId('park-note').textContent).toBe('统计部门发布数据，由经济部门录入；按现价计算的同比可能与统计部门可比价增速不同');
    expect(screen.getByTestId('park-basis').querySelectorAll('input:disabled')).toHaveLength(2);
    expect(buttonByText('录入统计数据')).toBeUndefined();
    expect(buttonByText('统计数据')).toBeDefined();
    expect(buttonByText('导出')).toBeUndefined();
  });

  it('enters an official figure with the grant to add and shows the matrix again', async () => {
    const { calls } = await open('view', 'add');
    // the reports are the platform's own: nothing to enter
    expect(buttonByText('录入统计数据')).toBeUndefined();
    await choose('park-source', '统计快报');
    await waitFor(() => expect(query(last(calls, MATRIX)!).dataSource).toBe('2'));
    await click(buttonIn(document.body, '录入统计数据'));
    const dialog = await findDialog();
    await pickOption('园区', '高新片区', dialog);
    await pickOption(`期间（${YEAR}年）`, '1–3月', dialog);
    await typeInto(dialog, '1–N月累计值', '4500');
    const asked = matrixCalls(calls);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({ deptId: 'd2', period: `${YEAR}-03`, dataSource: '2', indicatorValue: '4500', remark: '' });
    await waitFor(() => expect(matrixCalls(calls)).toBe(asked + 1));
    expect(query(last(calls, MATRIX)!)).toEqual({ year: YEAR, dataSource: '2' });
  });

  it('lists the figures of the year, changes one with the grant to edit and deletes one with the grant to delete', async () => {
    const { calls } = await open('view', 'edit', 'delete');
    await choose('park-source', '统计快报');
    await click(buttonIn(document.body, '统计数据'));
    const drawer = await waitFor(() => {
      const panel = document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section');
      if (!panel) throw new Error('no drawer');
      return panel;
    });
    expect(query(last(calls, OFFICIAL)!)).toEqual({ year: YEAR });
    const row = await waitFor(() => {
      const tr = Array.from(drawer.querySelectorAll('tbody tr')).find((r) => r.textContent?.includes('高新片区'));
      if (!tr) throw new Error('no 高新片区');
      return tr as HTMLElement;
    });
    expect(cells(row).slice(1, 5)).toEqual(['1–2月', '高新片区', '统计快报', '4,000.00']);

    // a change keeps the park, the month and the source, and replaces the value
    await click(buttonIn(row, '修改'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('修改统计数据');
    await typeInto(dialog, '1–N月累计值', '4100');
    let asked = matrixCalls(calls);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({ deptId: 'd2', period: '2026-02', dataSource: '2', indicatorValue: '4100', remark: '' });
    await waitFor(() => expect(matrixCalls(calls)).toBe(asked + 1));

    asked = matrixCalls(calls);
    await click(buttonIn(row, '删除'));
    await click(buttonIn(await findDialog(), '确定'));
    await waitFor(() => expect(last(calls, REMOVE)).toBeTruthy());
    expect(form(last(calls, REMOVE)!)).toEqual({ ids: 'o3' });
    await waitFor(() => expect(matrixCalls(calls)).toBe(asked + 1));
  });

  it('exports exactly the matrix shown, in the measure shown', async () => {
    const { calls } = await open('view', 'export');
    await choose('park-basis', '按现属地');
    await waitFor(() => expect(query(last(calls, MATRIX)!)).toEqual({ year: YEAR, dataSource: '1', deptBasis: 'current' }));
    await choose('park-measure', '当月值');
    await click(buttonIn(document.body, '导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ year: YEAR, dataSource: '1', deptBasis: 'current', measure: 'month' });

    // another year: asked again, and exported as shown
    const lastYear = String(Number(YEAR) - 1);
    await act(async () => {
      fireEvent.mouseDown(screen.getByTestId('period-year').querySelector('.ant-select-selector, input') ?? screen.getByTestId('period-year'));
    });
    await click(await waitFor(() => within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText(`${lastYear}年`)));
    await waitFor(() => expect(query(last(calls, MATRIX)!)).toEqual({ year: lastYear, dataSource: '1', deptBasis: 'current' }));
    await choose('park-measure', '目标完成率');
    await click(buttonIn(document.body, '导出'));
    await waitFor(() => expect(query(last(calls, EXPORT)!)).toEqual({ year: lastYear, dataSource: '1', deptBasis: 'current', measure: 'completion' }));
  });
});
