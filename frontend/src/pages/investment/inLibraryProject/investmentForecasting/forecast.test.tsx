// 投资预测 with real antd and Pro components against a fake back end: `/investmentForecast/*` written here
// to the contract (services/business/src/api/investment/forecast.rs). The department summary with "—"
// where the server gives no figure, the shortfall red and the surplus green, and the projects counted at
// the fallback marked; the projects of a department, filing a project's forecast from its row; the month's
// forecasts with the review steps the row's `nextSteps` and the person's buttons allow, singly and for the
// chosen rows; the opinion a return needs; a refusal naming a field shown on it; the view with its history;
// each tab's export with the query it shows, and the import, by their buttons.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../../tests/fetchMock';
import { page, projectBackend } from '../../../../../tests/fixtures';
import { signIn } from '../../../../../tests/helpers';
import {
  body,
  buttonIn,
  buttonsIn,
  click,
  findDialog,
  last,
  menuButton,
  openDrawer,
  pickOption,
  query,
  toolbarButton,
  toolbarButtons,
  typeInto,
} from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import type { ForecastDeptRow, ForecastProjectRow, ForecastRecord } from '@/services/business/forecast';
import { setButtons } from '@/utils/authority';
import InvestmentForecasting from '.';

const MENU = 'investment_forecasting';
const API = '/api/investmentForecast';
const SUMMARY = `${API}/summary`;
const PROJECTS = `${API}/projects`;
const LIST = `${API}/list`;
const DETAIL = `${API}/detail`;
const SUBMIT = `${API}/submit`;
const REMOVE = `${API}/remove`;
const REVIEW = `${API}/review`;
const LOG = `${API}/review-log`;
const EXPORTS = [`${API}/export`, `${API}/export-summary`, `${API}/export-projects`];

/** The seed's buttons of 投资预测 (services/system/src/builtin.rs), by alias. */
function forecastButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/investment/inLibraryProject/investmentForecasting';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, REMOVE, 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'import', 1, `${API}/import`, 5),
    menuButton(MENU, 'export', 1, `${API}/export`, 6),
    menuButton(MENU, 'submit', 3, `${API}/submit-audit`, 7),
    menuButton(MENU, 'approve', 3, `${API}/approve`, 8),
    menuButton(MENU, 'return', 2, `${API}/return`, 9),
  ].filter((b) => aliases.includes(b.alias));
}
const PARK = forecastButtons('add', 'edit', 'delete', 'view', 'import', 'export', 'submit');
const COMMITTEE = forecastButtons('view', 'approve', 'return');

const dept = (over: Partial<ForecastDeptRow>): ForecastDeptRow => ({
  kind: 'dept', deptId: null, deptName: '', depth: 0, subtotal: false, projects: 0, flagged: 0, annualTarget: null, ytd: '0',
  expectedYear: '0', expectedRate: null, gap: null, accuracy: null, trend: '0', ...over,
});

// By hand, March: 高新片区 expects 9,000 of its 10,000 (90 %, 1,000 short); 工信局 expects 6,000 of
// 5,000 (120 %, 1,000 over); one of 高新片区's two projects counts at its plan.
const ROWS: ForecastDeptRow[] = [
  dept({ deptId: 'd1', deptName: '东区经开区', subtotal: true, projects: 3, flagged: 1, annualTarget: '15000', ytd: '2400', expectedYear: '15000', expectedRate: '100', gap: '0', accuracy: '-12.5', trend: '9600' }),
  dept({ deptId: 'd2', deptName: '高新片区', depth: 1, projects: 2, flagged: 1, annualTarget: '10000', ytd: '1500', expectedYear: '9000', expectedRate: '90', gap: '1000', accuracy: '-12.5', trend: '6000' }),
  dept({ deptId: 'd3', deptName: '工信局', depth: 1, projects: 1, annualTarget: '5000', ytd: '900', expectedYear: '6000', expectedRate: '120', gap: '-1000', accuracy: null, trend: '3600' }),
  dept({ kind: 'other', deptName: '其他(已撤销机构)' }),
  dept({ kind: 'total', deptName: '合计', subtotal: true, projects: 3, flagged: 1, annualTarget: '15000', ytd: '2400', expectedYear: '15000', expectedRate: '100', gap: '0', accuracy: '-12.5', trend: '9600' }),
];

const PROJECT_ROWS: ForecastProjectRow[] = [
  { projectId: 'p1', projectName: '智能传感器产业园一期', deptName: '高新片区', yearPlan: '6000', ytd: '1000', expectedYear: '6000', flagged: true, deviation: '0', forecastId: null, forecastStatus: '' },
  { projectId: 'p2', projectName: '信达电子扩产技改项目', deptName: '高新片区', yearPlan: '3600', ytd: '500', expectedYear: '3000', flagged: false, deviation: '-600', forecastId: 'f2', forecastStatus: '2' },
  { projectId: 'p3', projectName: '东区污水处理厂提标改造', deptName: '工信局', yearPlan: '5000', ytd: '900', expectedYear: '6000', flagged: false, deviation: '1000', forecastId: 'f3', forecastStatus: '3' },
];

const forecast = (over: Partial<ForecastRecord>): ForecastRecord => ({
  id: '', projectId: 'p1', deptId: 'd2', forecastYear: 2026, forecastMonth: 3, period: '2026-03', expectedMonthInvestment: '300',
  expectedQuarterInvestment: null, expectedYearInvestment: '3600', expectedStartDate: '', expectedProductionDate: '', basis: '',
  reportStatus: '0', projectName: '', deptName: '高新片区', nextSteps: [], ...over,
});

const FORECASTS: ForecastRecord[] = [
  forecast({ id: 'f1', projectName: '智能传感器产业园一期', reportStatus: '0', nextSteps: ['submit'] }),
  forecast({ id: 'f2', projectId: 'p2', projectName: '信达电子扩产技改项目', reportStatus: '1', nextSteps: ['withdraw', 'approve', 'return'], submitUserName: '周会计' }),
  forecast({ id: 'f3', projectId: 'p3', projectName: '东区污水处理厂提标改造', deptName: '工信局', reportStatus: '3', nextSteps: ['resubmit'], reviewOpinion: '依据不足。', expectedQuarterInvestment: '900', expectedStartDate: '2026-04-01', basis: '设备 4 月到货' }),
  forecast({ id: 'f4', projectId: 'p4', projectName: '新能源电池材料项目', reportStatus: '2', nextSteps: ['unapprove'] }),
];

function serve(over: Parameters<typeof projectBackend>[0] = {}) {
  return projectBackend({
    [SUMMARY]: () => ok(ROWS),
    [PROJECTS]: (req) => ok(PROJECT_ROWS.filter((p) => !query(req).deptId || (query(req).deptId === 'd3') === (p.deptName === '工信局'))),
    [LIST]: () => ok(FORECASTS),
    [DETAIL]: (req) => ok(FORECASTS.find((f) => f.id === query(req).id)),
    [SUBMIT]: (req) =>
      body(req).expectedYearInvestment === '99999999999'
        ? fail(400, 'expectedYearInvestment: 超出范围', { field: 'expectedYearInvestment', reason: '超出范围' })
        : body(req).projectId === 'p9'
          ? fail(400, 'period: 该项目本月已填报预测', { field: 'period', reason: '该项目本月已填报预测' })
          : ok({ id: body(req).id ?? 'f9' }),
    [REVIEW]: (req) => ok({ count: body(req).ids.length }),
    [LOG]: () =>
      ok([
        { id: 'l1', step: 'submit', fromStatus: '0', toStatus: '1', opinion: '', operatorName: '周会计', createTime: '2026-03-20 09:00:00' },
        { id: 'l2', step: 'return', fromStatus: '1', toStatus: '3', opinion: '依据不足。', operatorName: '王科长', createTime: '2026-03-21 16:20:00' },
      ]),
    '/api/project/list': () =>
      page([
        { id: 'p1', projectName: '智能传感器产业园一期', projectNo: 'XM2026-0001' },
        { id: 'p9', projectName: '已报项目', projectNo: 'XM2026-0009' },
      ]),
    ...over,
  });
}

async function open(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/inLibraryProject/investmentForecasting?period=2026-03');
  const server = serve(over);
  renderWidget(
    <StyleProvider mock="server">
      <InvestmentForecasting />
    </StyleProvider>,
  );
  await screen.findByText('高新片区');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('tbody tr')).find((r) => Array.from(r.querySelectorAll('td')).some((td) => td.textContent === text));
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const tab = (label: string) => within(document.querySelector('.ant-tabs-nav') as HTMLElement).getByText(label);

async function openForecasts(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  const server = await open(buttons, over);
  await click(tab('预测填报'));
  await waitFor(() => expect(last(server.calls, LIST)).toBeTruthy());
  await rowOf('信达电子扩产技改项目');
  return server;
}

async function openProjects(buttons: API.MenuButton[]) {
  const server = await open(buttons);
  await click(tab('项目明细'));
  await rowOf('信达电子扩产技改项目');
  return server;
}

const itemError = (root: HTMLElement, label: string) =>
  Array.from(root.querySelectorAll('.ant-form-item'))
    .find((i) => i.querySelector('label')?.textContent === label)
    ?.querySelector('.ant-form-item-explain')?.textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('投资预测', () => {
  it('sums up the departments with "—" where there is no figure, the shortfall red and the surplus green', async () => {
    const { calls } = await open(COMMITTEE);
    expect(query(last(calls, SUMMARY)!)).toEqual({ period: '2026-03' });
    const head = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(head).toEqual(expect.arrayContaining(['责任单位', '项目数', '年度目标', '1–3月完成', '预计全年', '预计完成率', '缺口', '预测准确度', '趋势预测']));
    expect(screen.getByTestId('summary-unit').textContent).toBe('单位：万元');
    expect(screen.getByTestId('summary-flagged').textContent).toContain('3 个项目中有 1 个未报');
    const zone = await rowOf('东区经开区');
    expect(zone.getAttribute('data-subtotal')).toBe('true');
    const park = await rowOf('高新片区');
    expect(cells(park)).toEqual(['高新片区', '21 个估算', '10,000.00', '1,500.00', '9,000.00', '90.00%', '1,000.00', '\u221212.50%', '6,000.00']);
    expect(park.querySelector('[data-gap="short"]')?.className).toContain('ant-typography-danger');
    const authority = await rowOf('工信局');
    expect(cells(authority).slice(1)).toEqual(['1', '5,000.00', '900.00', '6,000.00', '120.00%', '-1,000.00', '—', '3,600.00']);
    expect(authority.querySelector('[data-gap="covered"]')?.className).toContain('ant-typography-success');
    expect(authority.querySelector('[data-testid="flagged"]')).toBeNull();
    // the zone covers its target exactly: no shortfall is green
    expect(zone.querySelector('[data-gap="covered"]')).toBeTruthy();
    const other = cells(await rowOf('其他(已撤销机构)'));
    expect(other.slice(2, 8)).toEqual(['—', '0.00', '0.00', '—', '—', '—']);
    const total = screen.getByTestId('stat-total');
    expect(cells(total).slice(0, 3)).toEqual(['合计', '31 个估算', '15,000.00']);
  });

  it('opens the projects of a department from the summary and filters them by department', async () => {
    const { calls } = await open(COMMITTEE);
    await click(within(await rowOf('工信局')).getByText('工信局'));
    await waitFor(() => expect(query(last(calls, PROJECTS)!)).toEqual({ period: '2026-03', deptId: 'd3' }));
    await rowOf('东区污水处理厂提标改造');
    expect(document.querySelector('tbody')?.textContent).not.toContain('信达电子扩产技改项目');
    // clearing the filter shows them all
    const clear = await waitFor(() => {
      const found = screen.getByTestId('dept-filter').querySelector('.ant-select-clear');
      if (!found) throw new Error('no clear icon');
      return found;
    });
    await act(async () => {
      fireEvent.mouseDown(clear);
      fireEvent.click(clear);
    });
    await waitFor(() => expect(query(last(calls, PROJECTS)!)).toEqual({ period: '2026-03' }));
    await rowOf('信达电子扩产技改项目');
  });

  it('marks the projects counted at their plan and files a project\'s forecast from its row', async () => {
    const { calls } = await openProjects(PARK);
    expect(query(last(calls, PROJECTS)!)).toEqual({ period: '2026-03' });
    expect(toolbarButtons()).toEqual(['导入', '导出']);
    const sensor = await rowOf('智能传感器产业园一期');
    expect(sensor.querySelector('[data-testid="fallback"]')?.textContent).toBe('按计划估算');
    expect(sensor.textContent).toContain('未填报');
    expect(buttonsIn(sensor)).toEqual(['填报预测']);
    const approved = await rowOf('信达电子扩产技改项目');
    expect(approved.querySelector('[data-testid="fallback"]')).toBeNull();
    expect(approved.querySelector('[data-trend="behind"]')?.textContent).toBe('\u2212600.00');
    expect(buttonsIn(approved)).toEqual(['查看预测']);
    expect(buttonsIn(await rowOf('东区污水处理厂提标改造'))).toEqual(['修改预测', '查看预测']);

    await click(buttonIn(sensor, '填报预测'));
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('forecast-header').textContent).toContain('智能传感器产业园一期');
    expect(within(drawer).getByTestId('forecast-header').textContent).toContain('2026年3月');
    await typeInto(drawer, '预计本月完成投资', '300');
    await typeInto(drawer, '预计全年完成投资', '3600.5');
    await typeInto(drawer, '预计投产日期', '2026-12-01');
    await act(async () => {
      fireEvent.change(within(drawer).getByPlaceholderText('如：设备款 3 月到位、主体结构 4 月封顶等'), { target: { value: '  设备款到位  ' } });
    });
    await click(within(drawer).getByTestId('forecast-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      projectId: 'p1',
      period: '2026-03',
      expectedMonthInvestment: '300',
      expectedQuarterInvestment: null,
      expectedYearInvestment: '3600.5',
      expectedStartDate: null,
      expectedProductionDate: '2026-12-01',
      basis: '设备款到位',
    });
  });

  it('offers the filler\'s steps by the row\'s next steps and the submit grant, and submits the chosen rows', async () => {
    const { calls } = await openForecasts(PARK);
    expect(query(last(calls, LIST)!)).toEqual({ period: '2026-03' });
    expect(toolbarButtons()).toEqual(['新增', '删除', '导入', '导出', '提交']);
    expect(buttonsIn(await rowOf('智能传感器产业园一期'))).toEqual(['修改', '删除', '查看', '提交']);
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '撤回']);
    expect(buttonsIn(await rowOf('东区污水处理厂提标改造'))).toEqual(['修改', '删除', '查看', '重新提交']);
    expect(buttonsIn(await rowOf('新能源电池材料项目'))).toEqual(['查看']);
    for (const name of ['智能传感器产业园一期', '信达电子扩产技改项目']) {
      await act(async () => {
        fireEvent.click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
      });
    }
    await click(toolbarButton('提交'));
    const dialog = await findDialog();
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['f1'], step: 'submit', opinion: '' });
  });

  it('offers the reviewer\'s steps by the row\'s next steps and grants, and returns only with an opinion', async () => {
    const { calls } = await openForecasts(COMMITTEE);
    // the seed names the toolbar button 审核; a row's says what it does
    expect(toolbarButtons()).toEqual(['审核']);
    expect(buttonsIn(await rowOf('智能传感器产业园一期'))).toEqual(['查看']);
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '审核通过', '退回']);
    expect(buttonsIn(await rowOf('新能源电池材料项目'))).toEqual(['查看', '反审核']);
    await click(buttonIn(await rowOf('信达电子扩产技改项目'), '退回'));
    const dialog = await findDialog();
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(dialog.textContent).toContain('退回须填写审核意见'));
    expect(last(calls, REVIEW)).toBeUndefined();
    await act(async () => {
      fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '全年预计偏高，请补充依据' } });
    });
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['f2'], step: 'return', opinion: '全年预计偏高，请补充依据' });
  });

  it('files a forecast for a library project it picks, and shows a refusal on the field it names', async () => {
    const { calls } = await openForecasts(PARK);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    await pickOption('项目', '已报项目（XM2026-0009）', drawer);
    expect(query(calls.filter((c) => c.url.startsWith('/api/project/list'))[0])).toMatchObject({ inLibrary: 'Y' });
    await typeInto(drawer, '预计本月完成投资', '100');
    await typeInto(drawer, '预计全年完成投资', '1200');
    await click(within(drawer).getByTestId('forecast-submit'));
    // one forecast per project and month: the month is the server's field, the project the person's
    await waitFor(() => expect(itemError(drawer, '项目')).toBe('该项目本月已填报预测'));
    expect(body(last(calls, SUBMIT)!)).toMatchObject({ projectId: 'p9', period: '2026-03' });
    await typeInto(drawer, '预计全年完成投资', '99999999999');
    await pickOption('项目', '智能传感器产业园一期（XM2026-0001）', drawer);
    await click(within(drawer).getByTestId('forecast-submit'));
    await waitFor(() => expect(itemError(drawer, '预计全年完成投资')).toBe('超出范围'));
  });

  it('edits a returned forecast with the reviewer\'s opinion in sight', async () => {
    const { calls } = await openForecasts(PARK);
    await click(buttonIn(await rowOf('东区污水处理厂提标改造'), '修改'));
    const drawer = await openDrawer();
    await waitFor(() => expect(drawer.textContent).toContain('该预测已被退回，审核意见：依据不足。修改后'));
    await typeInto(drawer, '预计本月完成投资', '250');
    await click(within(drawer).getByTestId('forecast-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      id: 'f3',
      projectId: 'p3',
      period: '2026-03',
      expectedMonthInvestment: '250',
      expectedQuarterInvestment: '900',
      expectedYearInvestment: '3600',
      expectedStartDate: '2026-04-01',
      expectedProductionDate: null,
      basis: '设备 4 月到货',
    });
  });

  it('shows a forecast with the reviewer\'s steps and its history', async () => {
    const { calls } = await openForecasts(COMMITTEE);
    await click(buttonIn(await rowOf('信达电子扩产技改项目'), '查看'));
    const drawer = await openDrawer();
    const actions = await within(drawer).findByTestId('forecast-review-actions');
    expect(buttonsIn(actions)).toEqual(['审核通过', '退回']);
    await waitFor(() => expect(within(drawer).getByTestId('forecast-review').textContent).toContain('王科长'));
    expect(query(last(calls, LOG)!)).toEqual({ id: 'f2' });
    await click(buttonIn(actions, '审核通过'));
    const dialog = await findDialog();
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['f2'], step: 'approve', opinion: '' }));
  });

  it('exports what each tab shows and opens the import, by the buttons the person has', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const xlsx = Object.fromEntries(EXPORTS.map((p) => [p, () => new Response('xlsx')]));
    const { calls } = await open(PARK, xlsx);
    const exported = () => calls.filter((c) => EXPORTS.some((p) => c.url.startsWith(`${p}?`))).map((c) => c.url);
    await click(buttonIn(document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement, '导出'));
    await waitFor(() => expect(exported()).toEqual([`${API}/export-summary?period=2026-03`]));
    await click(tab('项目明细'));
    await rowOf('信达电子扩产技改项目');
    await click(toolbarButton('导出'));
    await waitFor(() => expect(exported()).toHaveLength(2));
    expect(exported()[1]).toBe(`${API}/export-projects?period=2026-03`);
    await click(tab('预测填报'));
    await rowOf('信达电子扩产技改项目');
    await click(toolbarButton('导出'));
    await waitFor(() => expect(exported()).toHaveLength(3));
    expect(exported()[2]).toBe(`${API}/export?period=2026-03`);
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('导入投资预测');
    expect(dialog.textContent).toContain('该月已有草稿或退回的预测时');
  });

  it('offers no export of the summary without the export button', async () => {
    await open(COMMITTEE);
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    expect(within(toolbar).queryByText('导出')).toBeNull();
  });
});
