// 技术改造 with real antd and Pro components against the fake back end of tests/backend.ts: the list of
// 技改 projects with their renovation figures and the summary of the same filters; a clerk adding a 技改
// project in the shared project drawer (its renovation facts nested, its equipment theirs, the subsidy
// amount only once applied for); a server refusal of a renovation fact on its field; and the export of
// exactly the filters shown.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../../tests/backend';
import { json, ok, type RecordedRequest } from '../../../../../tests/fetchMock';
import { PROJECT_DICTS, PROJECTS, projectBackend } from '../../../../../tests/fixtures';
import { signIn } from '../../../../../tests/helpers';
import { body, buttonIn, itemOf, last, menuButton, openDrawer, pickOption, query, searchButton, typeInto } from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import type { RenovationRecord, RenovationSummary } from '@/services/business/renovation';
import { setButtons } from '@/utils/authority';
import TechnicalRenovation from '.';

const MENU = 'technical_renovation';
const LIST = '/api/techRenovation/list';
const SUMMARY = '/api/techRenovation/summary';
const BASE = '/investment/projectManagement/technicalRenovation';
const BUTTONS = [
  menuButton(MENU, 'add', 1, `${BASE}/add`, 1),
  menuButton(MENU, 'edit', 2, `${BASE}/edit`, 2),
  menuButton(MENU, 'view', 2, `${BASE}/view`, 4),
  menuButton(MENU, 'export', 1, '/api/project/export', 6),
  menuButton(MENU, 'submit', 3, '/api/project/submit-audit', 7),
];

const DICTS: Record<string, [string, string][]> = {
  ...PROJECT_DICTS,
  renovation_type: [['1', '智能化改造'], ['3', '绿色化(节能降碳)改造']],
};

/** The 技改 project of the fixtures as the list shows it. */
const ROW: RenovationRecord = {
  ...PROJECTS[1],
  renovationType: '1',
  renovationTypeName: '智能化改造',
  filingCode: '2601-340100-07-02-000123',
  isKeyRenovation: 'Y',
  isKeyRenovationName: '是',
  subsidyApplied: 'Y',
  subsidyAppliedName: '是',
  subsidyAmount: '200',
  ytdInvestment: '1200.5',
  yearPlanRate: null,
};

const SUMMARY_DATA: RenovationSummary = {
  year: 2026,
  projectCount: 1,
  totalInvestment: '3600',
  equipmentInvestment: '2100.25',
  equipmentShare: '58.34',
  ytdInvestment: '1200.5',
  industrialYtdInvestment: '2401',
  industrialShare: '50',
};

/** Signs in with the screen's buttons, serves the fake back end (with `over`) and shows the screen. */
async function open(over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons: BUTTONS }]);
  const server = projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req: RecordedRequest) =>
      ok((DICTS[query(req).code] ?? []).map(([dictKey, dictValue]) => ({ dictKey, dictValue }))),
    [LIST]: () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
    [SUMMARY]: () => ok(SUMMARY_DATA),
    ...over,
  });
  renderWidget(
    <StyleProvider mock="server">
      <TechnicalRenovation />
    </StyleProvider>,
  );
  await screen.findByText('信达电子扩产技改项目');
  return server;
}

async function clickIn(root: ParentNode, label: string) {
  await act(async () => {
    fireEvent.click(buttonIn(root, label));
  });
}

/** Adds a 技改 project in the drawer up to its renovation facts; answers the drawer. */
async function fillNew() {
  await clickIn(document, '新增');
  const drawer = await openDrawer();
  await typeInto(drawer, '项目名称', '信达电子智能产线改造');
  await pickOption('属地园区', '高新片区', drawer);
  await typeInto(drawer, '计划总投资', '5000');
  await pickOption('改造类型', '智能化改造', drawer);
  await typeInto(drawer, '设备投资', '3200.125');
  return drawer;
}

describe('技术改造 list', () => {
  it('shows the renovation figures of each project and the summary of the same filters, and sends every filter to both', async () => {
    const { calls } = await open();
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10' });
    const row = (await screen.findByText('信达电子扩产技改项目')).closest('tr') as HTMLElement;
    await waitFor(() => {
      for (const text of ['智能化改造', '3,600.00', '2,100.25', '1,200.50', '待审核']) expect(row.textContent).toContain(text);
    });
    // the park and the subsidy flag wait in the column settings
    expect(screen.queryByRole('columnheader', { name: '是否奖补' })).toBeNull();
    // no annual plan yet: no share of it
    expect(row.textContent).toContain('—');
    const summary = await screen.findByTestId('renovation-summary');
    await waitFor(() => {
      for (const text of ['本年技改投资 (2026)', '1,200.50', '占工业投资比重', '50.00%', '2,100.25', '58.34%']) {
        expect(summary.textContent).toContain(text);
      }
    });

    const filters = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    const expand = Array.from(filters.querySelectorAll('a')).find((a) => a.textContent?.includes('展开'));
    if (expand) {
      await act(async () => {
        fireEvent.click(expand);
      });
    }
    await pickOption('改造类型', '绿色化(节能降碳)改造', filters);
    await pickOption('属地园区', '高新片区', filters);
    await pickOption('项目状态', '在建', filters);
    await act(async () => {
      fireEvent.click(searchButton());
    });
    const sent = { renovationType: '3', deptId: 'd2', projectStatus: '50' };
    await waitFor(() => expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10', ...sent }));
    await waitFor(() => expect(query(last(calls, SUMMARY)!)).toEqual(sent));
  });

  it('exports exactly the filters the list shows', async () => {
    const { calls } = await open({ '/api/techRenovation/export': () => new Response(new Blob(['xlsx'])) });
    await clickIn(document, '导出');
    await waitFor(() => expect(last(calls, '/api/techRenovation/export')).toBeTruthy());
    // the filters only: the whole list, not the page on screen
    expect(query(last(calls, '/api/techRenovation/export')!)).not.toHaveProperty('current');
  });
});

describe('a 技改 project in the drawer', () => {
  it('starts as a 技改 project and sends its renovation facts nested, the subsidy amount only once applied for', async () => {
    const { calls } = await open();
    const drawer = await fillNew();
    expect(drawer.textContent).toContain('技改信息');
    // the project's equipment is its renovation's
    expect(within(drawer).queryByText('其中设备投资', { selector: 'label' })).toBeNull();
    expect(within(drawer).queryByText('奖补金额', { selector: 'label' })).toBeNull();
    const applied = within(await itemOf(drawer, '是否申报技改奖补')).getByText('是');
    await act(async () => {
      fireEvent.click(applied);
    });
    await typeInto(drawer, '奖补金额', '150');
    await typeInto(drawer, '备案代码', '2601-340100-07-02-000456');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    await waitFor(() => expect(last(calls, '/api/project/submit')).toBeTruthy());
    const sent = body(last(calls, '/api/project/submit')!);
    expect(sent).toMatchObject({
      projectName: '信达电子智能产线改造',
      projectType: '02',
      constructionNature: '3',
      totalInvestment: '5000',
      renovation: {
        renovationType: '1',
        equipmentInvestment: '3200.125',
        subsidyApplied: 'Y',
        subsidyAmount: '150',
        isKeyRenovation: 'N',
        filingCode: '2601-340100-07-02-000456',
        filingDate: '',
        newEquipmentCount: null,
      },
    });
    expect(sent).not.toHaveProperty('equipmentInvestment');
  });

  it('keeps the equipment within the total before sending, and puts a server refusal of a renovation fact on its field', async () => {
    const { calls } = await open({
      '/api/project/submit': () =>
        json({ code: 400, success: false, msg: 'renovation.filingCode: 备案代码已被占用', data: { field: 'renovation.filingCode', reason: '备案代码已被占用' } }, 400),
    });
    const drawer = await fillNew();
    await typeInto(drawer, '设备投资', '5000.5');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    expect(await within(await itemOf(drawer, '设备投资')).findByText('设备投资不能大于计划总投资')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/project/submit')).toBe(false);
    await typeInto(drawer, '设备投资', '4000');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    expect(await within(await itemOf(drawer, '备案代码')).findByText('备案代码已被占用')).toBeTruthy();
  });
});
