// 报表 with real antd and Pro components against a fake back end: `/project/report-sheet` answering the
// rows the server shapes (group titles, projects, subtotals, the grand total), its export and the month
// lock written here to the contract. The sheet rendered as on paper (title line, unit line, the months
// in the header, a group's title across the row, "—" where the server gives no figure), the filters and
// the grouping sent as the query, the export of exactly that query, and locking and unlocking (a reason
// required) by grant, with the locked state shown.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../../tests/backend';
import { ok } from '../../../../../tests/fetchMock';
import { projectBackend } from '../../../../../tests/fixtures';
import { signIn } from '../../../../../tests/helpers';
import { body, buttonByText, buttonIn, buttonsIn, click, findDialog, last, menuButton, query } from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import type { DispatchSheet, SheetRow } from '@/services/business/dispatchSheet';
import { setButtons } from '@/utils/authority';
import ReportSheet from '.';

const MENU = 'in_library_report';
const SHEET = '/api/project/report-sheet';
const EXPORT = '/api/project/export-report';
const LOCK = '/api/project/report-sheet/lock';
const UNLOCK = '/api/project/report-sheet/unlock';

/** The seed's buttons of 报表 (services/system/src/builtin.rs), by alias. */
function sheetButtons(...aliases: string[]): API.MenuButton[] {
  return [
    menuButton(MENU, 'view', 2, '/investment/inLibraryProject/report/view', 1),
    menuButton(MENU, 'export', 1, EXPORT, 2),
    menuButton(MENU, 'lock', 1, LOCK, 3),
    menuButton(MENU, 'unlock', 1, UNLOCK, 4),
  ].filter((b) => aliases.includes(b.alias));
}

const blank: SheetRow = {
  kind: 'project', depth: 0, no: '', name: '', groupName: '', projectId: '', projectNo: '', unitName: '', constructionContent: '',
  constructionYears: '', totalInvestment: null, yearPlanInvestment: null, monthInvestment: null, ytdInvestment: null, ytdPlanRate: null,
  cumulativeInvestment: null, totalRate: null, progressDesc: '', issues: '', responsibleLeader: '', responsibleDeptName: '',
  projectStatusName: '', projectCount: null,
};
const row = (over: Partial<SheetRow>): SheetRow => ({ ...blank, ...over });

/** The June sheet of crates/testkit/tests/api/dispatch_sheet.rs (figures worked out there). */
const ROWS: SheetRow[] = [
  row({ kind: 'group', no: '一', name: '东区', projectCount: 2 }),
  row({
    depth: 1, no: '1', name: '智能装备产业园', projectId: 'p1', unitName: '新能源电机有限公司', constructionContent: '新建厂房4.2万平方米',
    constructionYears: '2026–2027', totalInvestment: '52000.5', yearPlanInvestment: '12000', monthInvestment: '1000',
    ytdInvestment: '1999.9999', ytdPlanRate: '16.67', cumulativeInvestment: '5600.7499', totalRate: '10.77', progressDesc: '主体施工',
    responsibleLeader: '王副主任', responsibleDeptName: '经发局', projectStatusName: '在建',
  }),
  row({ depth: 1, no: '2', name: '新材料项目', projectId: 'p2', totalInvestment: '8000', ytdInvestment: '300', cumulativeInvestment: '300', totalRate: '3.75', projectStatusName: '在建' }),
  row({ kind: 'subtotal', name: '小计', groupName: '东区', totalInvestment: '60000.5', yearPlanInvestment: '12000', monthInvestment: '1000', ytdInvestment: '2299.9999', ytdPlanRate: '19.17', cumulativeInvestment: '5900.7499', totalRate: '9.83', projectCount: 2 }),
  row({ kind: 'group', no: '二', name: '西区', projectCount: 1 }),
  row({ depth: 1, no: '3', name: '现代物流园', projectId: 'p3', totalInvestment: '20000', yearPlanInvestment: '5000', monthInvestment: '250', ytdInvestment: '1000', ytdPlanRate: '20', cumulativeInvestment: '1000', totalRate: '5', issues: '10kV专线未接入，设备无法调试' }),
  row({ kind: 'subtotal', name: '小计', groupName: '西区', totalInvestment: '20000', yearPlanInvestment: '5000', monthInvestment: '250', ytdInvestment: '1000', ytdPlanRate: '20', cumulativeInvestment: '1000', totalRate: '5', projectCount: 1 }),
  row({ kind: 'total', name: '合计', totalInvestment: '80000.5', yearPlanInvestment: '17000', monthInvestment: '1250', ytdInvestment: '3299.9999', ytdPlanRate: '19.41', cumulativeInvestment: '6900.7499', totalRate: '8.63', projectCount: 3 }),
];

function serve() {
  const lock = { locked: false, lockedByName: '', lockedTime: '' };
  const server = projectBackend({
    [SHEET]: (req) => {
      const q = query(req);
      const sheet: DispatchSheet = {
        title: '东湖经开区 2026年1–6月重点项目推进情况表',
        period: q.period,
        monthsLabel: '1–6月',
        groupBy: (q.groupBy as DispatchSheet['groupBy']) ?? 'dept',
        deptBasis: (q.deptBasis as DispatchSheet['deptBasis']) ?? 'report',
        ...lock,
        rows: q.projectType === '03' ? ROWS.slice(4) : ROWS,
      };
      return ok(sheet);
    },
    [LOCK]: (req) => {
      Object.assign(lock, { locked: true, lockedByName: '李主任', lockedTime: '2026-07-05 09:30:00' });
      return ok({ period: body(req).period, ...lock });
    },
    [UNLOCK]: (req) => {
      Object.assign(lock, { locked: false, lockedByName: '', lockedTime: '' });
      return ok({ period: body(req).period, ...lock });
    },
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('重点项目推进情况表2026-06.xlsx')}`,
        },
      }),
  });
  return server;
}

async function open(buttons: API.MenuButton[]) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/inLibraryProject/report?period=2026-06');
  const server = serve();
  renderWidget(
    <StyleProvider mock="server">
      <ReportSheet />
    </StyleProvider>,
  );
  await screen.findByText('智能装备产业园');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const paper = () => document.querySelector('.dispatch-sheet-paper') as HTMLElement;

describe('报表', () => {
  it('renders the sheet as on paper from the rows the server shaped', async () => {
    const { calls } = await open(sheetButtons('view', 'export'));
    expect(query(last(calls, SHEET)!)).toEqual({ period: '2026-06', groupBy: 'dept', deptBasis: 'report' });
    expect(screen.getByTestId('sheet-title').textContent).toBe('东湖经开区 2026年1–6月重点项目推进情况表');
    expect(paper().textContent).toContain('单位：万元');
    const head = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(head).toEqual([
      '序号', '项目名称', '项目单位', '建设内容及规模', '建设起止年限', '计划总投资', '年度计划投资', '本月完成投资', '1–6月累计完成',
      '占年度计划%', '开工累计完成', '占总投资%', '形象进度', '存在问题', '包保领导', '责任单位', '项目状态',
    ]);
    // a group's title is one cell across the row
    const east = await rowOf('一、东区');
    expect(east.querySelectorAll('td')).toHaveLength(1);
    expect(east.querySelector('td')!.getAttribute('colspan')).toBe('17');
    expect(cells(await rowOf('智能装备产业园'))).toEqual([
      '1', '智能装备产业园', '新能源电机有限公司', '新建厂房4.2万平方米', '2026–2027', '52,000.50', '12,000.00', '1,000.00', '2,000.00',
      '16.67%', '5,600.75', '10.77%', '主体施工', '', '王副主任', '经发局', '在建',
    ]);
    // no approved June, no plan: "—", never 0
    const second = cells(await rowOf('新材料项目'));
    expect([second[6], second[7], second[9]]).toEqual(['—', '—', '—']);
    const subtotal = await rowOf('东区小计');
    expect(subtotal.getAttribute('data-kind')).toBe('subtotal');
    expect(cells(subtotal).slice(5, 12)).toEqual(['60,000.50', '12,000.00', '1,000.00', '2,300.00', '19.17%', '5,900.75', '9.83%']);
    expect(cells(await rowOf('合计')).slice(5, 12)).toEqual(['80,000.50', '17,000.00', '1,250.00', '3,300.00', '19.41%', '6,900.75', '8.63%']);
    expect(buttonsIn(paper())).toEqual(['导出', '打印']);
  });

  it('sends the filters and the grouping as the query and exports exactly that query', async () => {
    const { calls } = await open(sheetButtons('view', 'export'));
    await click(within(document.body).getByText('按项目类型'));
    await waitFor(() => expect(query(last(calls, SHEET)!).groupBy).toBe('type'));
    expect(screen.queryByText('按现属地')).toBeNull();
    await click(within(document.body).getByText('按部门'));
    await click(within(document.body).getByText('按现属地'));
    await waitFor(() => expect(query(last(calls, SHEET)!)).toEqual({ period: '2026-06', groupBy: 'dept', deptBasis: 'current' }));
    await click(buttonIn(paper(), '导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toMatchObject({ period: '2026-06', groupBy: 'dept', deptBasis: 'current' });
  });

  it('locks the month for whoever holds 锁定 and unlocks it only with a reason', async () => {
    const { calls } = await open(sheetButtons('view', 'lock', 'unlock'));
    expect(screen.queryByTestId('sheet-locked')).toBeNull();
    await click(buttonIn(paper(), '锁定'));
    let dialog = await findDialog();
    expect(dialog.textContent).toContain('2026-06');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(body(last(calls, LOCK)!)).toEqual({ period: '2026-06' }));
    await screen.findByTestId('sheet-locked');
    expect(document.body.textContent).toContain('李主任 于 2026-07-05 09:30:00 锁定');
    expect(buttonByText('锁定', paper())).toBeUndefined();

    await click(buttonIn(paper(), '解锁'));
    dialog = await findDialog();
    await click(buttonIn(dialog, '确定'));
    await screen.findByText('请填写解锁原因');
    expect(last(calls, UNLOCK)).toBeUndefined();
    const reason = dialog.querySelector('textarea')!;
    await act(async () => {
      fireEvent.change(reason, { target: { value: '5月数据更正' } });
    });
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(body(last(calls, UNLOCK)!)).toEqual({ period: '2026-06', reason: '5月数据更正' }));
    await waitFor(() => expect(screen.queryByTestId('sheet-locked')).toBeNull());
    expect(calls.filter((c) => path(c) === SHEET).length).toBeGreaterThanOrEqual(3);
  });

  it('shows no export, lock or unlock without their grants', async () => {
    await open(sheetButtons('view'));
    expect(buttonsIn(paper())).toEqual(['打印']);
  });
});
