// 摸底分解 with real antd and Pro components against a fake back end: `/outputSurvey/*` written here to the
// contract (services/business/src/api/output/survey.rs) over the investment screens' departments (东区经开区
// › 高新片区) and enterprise (合肥信达电子有限公司). The list and the summary by department with money to the
// cent, "—" without a figure and the gap in red; the filters kept in the URL; the filing drawer filled
// from the prefill (an estimate to complete when last year's reports cover fewer than twelve months) and
// its quarters checked against the year before anything is sent; 审核 sending the park's verified figure,
// 退回 only with an opinion, many at once without a figure; 生成分解 sent for the year, round and
// department, leading to 年度产值分解; buttons by grant and by each row's `nextSteps`; English titles.
// 导入 comes with the menu's `import` grant only: it opens the shared import dialog with the screen's
// words, fetches `/outputSurvey/export-template`, lists a refused file's rows by row and column, and a
// good file lists the surveys and their summary again.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getIntl, history, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, json, ok } from '../../../../tests/fetchMock';
import { projectBackend } from '../../../../tests/fixtures';
import { messages, signIn } from '../../../../tests/helpers';
import {
  body,
  buttonByText,
  buttonIn,
  buttonsIn,
  click,
  findDialog,
  itemOf,
  last,
  menuButton,
  openDrawer,
  pickOption,
  query,
  typeInto,
} from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type { OutputSurveyDetail, OutputSurveyRecord, SurveySummary } from '@/services/business/outputSurvey';
import { setButtons } from '@/utils/authority';
import ExplorationAndDecomposition from '.';

const MENU = 'exploration_decomposition';
const LIST = '/api/outputSurvey/list';
const SUMMARY = '/api/outputSurvey/summary';
const DETAIL = '/api/outputSurvey/detail';
const PREFILL = '/api/outputSurvey/prefill';
const SUBMIT = '/api/outputSurvey/submit';
const REVIEW = '/api/outputSurvey/review';
const LOG = '/api/outputSurvey/review-log';
const GENERATE = '/api/outputSurvey/generate';
const EXPORT = '/api/outputSurvey/export';
const TEMPLATE = '/api/outputSurvey/export-template';
const IMPORT = '/api/outputSurvey/import';
const YEAR = new Date().getFullYear();

/** The seed's buttons of 摸底分解 (services/system/src/builtin.rs), by alias. */
function surveyButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/outputValue/explorationAndDecomposition';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, '/api/outputSurvey/remove', 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'import', 1, '/api/outputSurvey/import', 5),
    menuButton(MENU, 'export', 1, EXPORT, 6),
    menuButton(MENU, 'submit', 3, '/api/outputSurvey/submit-audit', 7),
    menuButton(MENU, 'approve', 3, '/api/outputSurvey/approve', 8),
    menuButton(MENU, 'return', 2, '/api/outputSurvey/return', 9),
  ].filter((b) => aliases.includes(b.alias));
}
const CLERK = surveyButtons('add', 'edit', 'delete', 'view', 'import', 'export', 'submit');
const REVIEWER = surveyButtons('view', 'export', 'approve', 'return');
/** 年度产值分解's grant to add targets, which brings 生成分解. */
const BREAKDOWN_ADD = [menuButton('annual_output_breakdown', 'add', 1, '/outputValue/annualOutputBreakdown/add', 1)];

const survey = (over: Partial<OutputSurveyRecord>): OutputSurveyRecord => ({
  id: '', surveyYear: YEAR, surveyRound: '1', enterpriseId: '', deptId: 'd2', lastYearOutput: '0', expectedOutput: '0',
  expectedQ1: null, expectedQ2: null, expectedQ3: null, expectedQ4: null, newCapacityOutput: null, newProjectIds: '',
  growthFactors: '', declineFactors: '', verifiedOutput: null, reportStatus: '0', submitUserName: '', submitTime: null,
  auditUserName: '', auditTime: null, reviewOpinion: '', remark: '', enterpriseName: '', deptName: '高新片区',
  surveyRoundName: '年初', reportStatusName: '草稿', expectedGrowth: null, verifiedGrowth: null, nextSteps: ['submit'], ...over,
});

// 信达电子: last 10,000, expected 11,500.5 (+15.01 %), verified 11,200 (+12.00 %), approved. 临港新能源: last
// 5,000, expected 6,000 (+20.00 %), waiting. 东区包装: a draft with nothing last year (no growth). 星湖新材料:
// returned with an opinion.
const SURVEYS: OutputSurveyRecord[] = [
  survey({
    id: 's1', enterpriseId: 'e1', enterpriseName: '合肥信达电子有限公司', lastYearOutput: '10000', expectedOutput: '11500.5', expectedGrowth: '15.01',
    verifiedOutput: '11200', verifiedGrowth: '12.00', reportStatus: '2', reportStatusName: '已通过', nextSteps: ['unapprove'],
    expectedQ1: '2500', expectedQ2: '3000', expectedQ3: '3000', expectedQ4: '3000.5', growthFactors: '新生产线投产',
  }),
  survey({
    id: 's2', enterpriseId: 'e2', enterpriseName: '临港新能源科技有限公司', lastYearOutput: '5000', expectedOutput: '6000', expectedGrowth: '20.00',
    reportStatus: '1', reportStatusName: '待审核', nextSteps: ['withdraw', 'approve', 'return'], newCapacityOutput: '800',
    growthFactors: '储能订单增加', declineFactors: '原材料涨价',
  }),
  survey({ id: 's3', enterpriseId: 'e3', enterpriseName: '东区包装材料有限公司', expectedOutput: '300' }),
  survey({
    id: 's4', enterpriseId: 'e4', enterpriseName: '星湖新材料有限公司', lastYearOutput: '2000', expectedOutput: '1800', expectedGrowth: '-10.00',
    reportStatus: '3', reportStatusName: '已退回', nextSteps: ['resubmit'], reviewOpinion: '请补充减产原因',
  }),
  survey({
    id: 's5', enterpriseId: 'e5', enterpriseName: '东区精密机械有限公司', lastYearOutput: '1000', expectedOutput: '1100', expectedGrowth: '10.00',
    reportStatus: '1', reportStatusName: '待审核', nextSteps: ['withdraw', 'approve', 'return'],
  }),
];

const row = (over: Partial<SurveySummary['rows'][number]>): SurveySummary['rows'][number] => ({
  kind: 'dept', deptId: null, deptName: '', depth: 0, surveys: 0, approved: 0, lastYearOutput: '0', expectedOutput: '0', expectedGrowth: null,
  verifiedOutput: '0', verifiedGrowth: null, target: null, gap: null, ...over,
});

// The zone over its park: Σ last year 18,000, Σ expected 20,700.5 (+15.00 %), verified 11,200 of the one
// approved (+12.00 % on its 10,000). The park's target 15,000: short by 3,800 (red); the zone's 30,000: 18,800.
const ZONE_SUMMARY: SurveySummary = {
  year: YEAR,
  rows: [
    row({ deptId: 'd1', deptName: '东区经开区', surveys: 5, approved: 1, lastYearOutput: '18000', expectedOutput: '20700.5', expectedGrowth: '15.00', verifiedOutput: '11200', verifiedGrowth: '12.00', target: '30000', gap: '18800' }),
    row({ deptId: 'd2', deptName: '高新片区', depth: 1, surveys: 5, approved: 1, lastYearOutput: '18000', expectedOutput: '20700.5', expectedGrowth: '15.00', verifiedOutput: '11200', verifiedGrowth: '12.00', target: '15000', gap: '3800' }),
    row({ deptId: 'd3', deptName: '工信局', depth: 1, target: '10000', gap: '-500' }),
  ],
  total: row({ kind: 'total', deptName: '合计', surveys: 5, approved: 1, lastYearOutput: '18000', expectedOutput: '20700.5', expectedGrowth: '15.00', verifiedOutput: '11200', verifiedGrowth: '12.00', target: '30000', gap: '18800' }),
};

const DETAILED: OutputSurveyDetail = {
  ...SURVEYS[0],
  newProjectIds: 'p2',
  newProjects: [{ id: 'p2', projectName: '信达电子扩产技改项目', projectStatus: '70', projectStatusName: '投产', productionDate: `${YEAR - 1}-10-01` }],
};

/** Last year of 信达电子: nine months approved, 9,876.5. */
const PREFILLED = {
  lastYearOutput: '9876.5',
  lastYearMonths: 9,
  projects: [{ id: 'p2', projectName: '信达电子扩产技改项目', projectStatus: '70', projectStatusName: '投产', productionDate: `${YEAR - 1}-10-01` }],
};

function serve(over: Parameters<typeof projectBackend>[0] = {}) {
  return projectBackend({
    [LIST]: () => ok({ records: SURVEYS, total: SURVEYS.length, size: 50, current: 1, pages: 1 }),
    [SUMMARY]: () => ok(ZONE_SUMMARY),
    [DETAIL]: () => ok(DETAILED),
    [PREFILL]: () => ok(PREFILLED),
    [SUBMIT]: (req) => ok({ id: body(req).id ?? 's9' }),
    [REVIEW]: (req) => ok({ count: body(req).ids.length }),
    [LOG]: () =>
      ok([{ id: 'l1', step: 'approve', fromStatus: '1', toStatus: '2', opinion: '按用电量核减', operatorName: '王科长', createTime: `${YEAR}-01-20 10:00:00` }]),
    [GENERATE]: () => ok({ created: 3, updated: 1, skipped: 2, shared: '15000' }),
    ...over,
  });
}

function page(locale: 'zh-CN' | 'en-US') {
  const node = (
    <StyleProvider mock="server">
      <ExplorationAndDecomposition />
    </StyleProvider>
  );
  if (locale === 'zh-CN') return renderWidget(node);
  return render(
    <RawIntlProvider value={getIntl('en-US')}>
      <ConfigProvider locale={enUS} theme={{ token: { motion: false } }}>
        {node}
      </ConfigProvider>
    </RawIntlProvider>,
  );
}

type OpenOptions = { over?: Parameters<typeof projectBackend>[0]; locale?: 'zh-CN' | 'en-US'; search?: string; breakdown?: boolean };

async function open(buttons: API.MenuButton[], opts: OpenOptions = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }, ...(opts.breakdown ? [{ code: 'annual_output_breakdown', buttons: BREAKDOWN_ADD }] : [])]);
  history.replace(`/outputValue/explorationAndDecomposition${opts.search ?? ''}`);
  const server = serve(opts.over);
  page(opts.locale ?? 'zh-CN');
  await rowOf('合肥信达电子有限公司');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
/** The list of surveys: the last table of the page (the summary's stands above it). */
const listTable = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-pro-table')).pop()!;
const summaryCard = () => screen.getByTestId('survey-summary');
const heads = (root: ParentNode = listTable()) => Array.from(root.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
/** The row of the table in `root` with a cell showing exactly `text`. */
const rowOf = (text: string, root?: () => ParentNode) =>
  waitFor(() => {
    const scope = root ? root() : listTable();
    const tr = Array.from(scope?.querySelectorAll('tbody tr') ?? []).find((r) => Array.from(r.querySelectorAll('td')).some((td) => td.textContent === text));
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const summaryRow = (text: string) => rowOf(text, summaryCard);
/** The buttons of the list's toolbar (the filters stand on its left; the summary's table has its own). */
const toolbar = () => listTable().querySelector('.ant-pro-table-list-toolbar-right') as HTMLElement;
const toolbarButtons = () => buttonsIn(toolbar());
const toolbarButton = (label: string) => buttonIn(toolbar(), label);
/** How many times `url` was asked for. */
const asked = (calls: { url: string }[], url: string) => calls.filter((c) => c.url.startsWith(url)).length;

/** Opens the import from the toolbar and picks `name` as the file to upload. */
async function importFile(name: string) {
  await click(toolbarButton('导入'));
  const dialog = await findDialog();
  await act(async () => {
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], name)] } });
  });
  return dialog;
}

/** Picks an option of the select marked `testId` (a filter above the list). */
async function choose(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  await act(async () => {
    fireEvent.mouseDown(select.querySelector('input') ?? select);
  });
  const node = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((n) => n.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await click(node);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('摸底分解', () => {
  it('lists the year’s 年初 surveys fifty to a page, money to the cent and a fall in red', async () => {
    const { calls } = await open(CLERK);
    expect(query(last(calls, LIST)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '1', current: '1', size: '50' });
    // one round shown: the filter above names it, the rows need not
    expect(heads()).toEqual(['', '企业名称', '属地', '上年产值', '企业预计', '预计增速', '园区核定', '核定增速', '状态', '操作']);
    // the selection box first
    expect(cells(await rowOf('合肥信达电子有限公司')).slice(1, 9)).toEqual([
      '合肥信达电子有限公司', '高新片区', '10,000.00', '11,500.50', '15.01%', '11,200.00', '12.00%', '已通过',
    ]);
    // not verified yet, and nothing last year: no growth
    expect(cells(await rowOf('临港新能源科技有限公司')).slice(5, 9)).toEqual(['20.00%', '—', '—', '待审核']);
    expect(cells(await rowOf('东区包装材料有限公司')).slice(3, 6)).toEqual(['0.00', '300.00', '—']);
    const fall = (await rowOf('星湖新材料有限公司')).querySelector('[data-decline="true"]');
    expect(fall?.textContent).toBe('-10.00%');
  });

  it('sums the round by department against the targets, the gap in red where the verified figures fall short', async () => {
    const { calls } = await open(CLERK);
    expect(query(last(calls, SUMMARY)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '1' });
    expect(summaryCard().querySelector('.ant-card-head')?.textContent).toContain(`${YEAR}年年初摸底汇总`);
    expect(heads(summaryCard())).toEqual(['部门', '户数/已核定', '上年产值', '企业预计', '预计增速', '园区核定', '核定增速', '部门目标', '缺口']);
    const park = await summaryRow('高新片区');
    expect(cells(park)).toEqual(['高新片区', '5 / 1', '18,000.00', '20,700.50', '15.00%', '11,200.00', '12.00%', '15,000.00', '3,800.00']);
    expect(park.querySelector('[data-short="true"]')?.textContent).toBe('3,800.00');
    // more verified than the target: no shortfall, not red
    const authority = await summaryRow('工信局');
    expect(cells(authority).slice(1, 9)).toEqual(['0 / 0', '0.00', '0.00', '—', '0.00', '—', '10,000.00', '-500.00']);
    expect(authority.querySelector('[data-short="true"]')).toBeNull();
    const total = cells(within(summaryCard()).getByTestId('stat-total'));
    expect(total).toEqual(['合计', '5 / 1', '18,000.00', '20,700.50', '15.00%', '11,200.00', '12.00%', '30,000.00', '18,800.00']);
  });

  it('keeps the filters in the URL and asks the list and the summary for them', async () => {
    const { calls } = await open(REVIEWER, { search: `?year=${YEAR}&deptId=d2` });
    expect(query(last(calls, SUMMARY)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '1', deptId: 'd2' });
    await choose('survey-round', '年中');
    await waitFor(() => expect(query(last(calls, LIST)!)).toMatchObject({ surveyRound: '2', deptId: 'd2' }));
    await waitFor(() => expect(query(last(calls, SUMMARY)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '2', deptId: 'd2' }));
    await choose('survey-status', '待审核');
    await waitFor(() => expect(query(last(calls, LIST)!)).toMatchObject({ surveyRound: '2', reportStatus: '1' }));
    const name = screen.getByTestId('survey-name').querySelector('input')!;
    await act(async () => {
      fireEvent.change(name, { target: { value: ' 信达 ' } });
      fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await waitFor(() => expect(query(last(calls, LIST)!)).toMatchObject({ enterpriseName: '信达', reportStatus: '1' }));
    expect(new URLSearchParams(history.location.search).get('enterpriseName')).toBe('信达');
    expect(new URLSearchParams(history.location.search).get('round')).toBe('2');
    // every round: the list of all of them, and no summary that would count an enterprise twice
    const summaries = calls.filter((c) => c.url.startsWith(SUMMARY)).length;
    await choose('survey-round', '全部批次');
    await waitFor(() => expect(query(last(calls, LIST)!)).not.toHaveProperty('surveyRound'));
    await waitFor(() => expect(heads()).toContain('批次'));
    expect(cells(await rowOf('合肥信达电子有限公司'))[3]).toBe('年初');
    expect(summaryCard().textContent).toContain('请选择一个批次');
    expect(calls.filter((c) => c.url.startsWith(SUMMARY)).length).toBe(summaries);
  });

  it('offers the buttons the person holds, on each row those its next steps allow', async () => {
    await open(CLERK);
    expect(toolbarButtons()).toEqual(['新增', '删除', '导入', '导出', '提交']);
    expect(buttonsIn(await rowOf('东区包装材料有限公司'))).toEqual(['修改', '删除', '查看', '提交']);
    expect(buttonsIn(await rowOf('临港新能源科技有限公司'))).toEqual(['查看', '撤回']);
    expect(buttonsIn(await rowOf('星湖新材料有限公司'))).toEqual(['修改', '删除', '查看', '重新提交']);
    expect(buttonsIn(await rowOf('合肥信达电子有限公司'))).toEqual(['查看']);
    // 生成分解 comes with the grant to add enterprise targets, not with this menu
    expect(screen.queryByTestId('survey-generate')).toBeNull();
  });

  it('lets the reviewer verify, return and un-approve, and the committee propose targets', async () => {
    await open(REVIEWER, { breakdown: true });
    expect(toolbarButtons()).toEqual(['导出', '审核']);
    // 审核 opens the verification, which returns too
    expect(buttonsIn(await rowOf('临港新能源科技有限公司'))).toEqual(['查看', '审核']);
    expect(buttonsIn(await rowOf('合肥信达电子有限公司'))).toEqual(['查看', '反审核']);
    expect(buttonsIn(await rowOf('东区包装材料有限公司'))).toEqual(['查看']);
    expect(screen.getByTestId('survey-generate').textContent).toBe('生成分解');
  });

  it('fills last year from the prefill, says it is to be completed, and checks the quarters against the year', async () => {
    const { calls } = await open(CLERK);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    expect(document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent).toBe('新增摸底');
    await pickOption('企业', '合肥信达电子有限公司（信达电子）', drawer);
    await waitFor(() => expect(last(calls, PREFILL)).toBeTruthy());
    expect(query(last(calls, PREFILL)!)).toEqual({ enterpriseId: 'e1', surveyYear: String(YEAR) });
    const lastYear = (await itemOf(drawer, '上年产值(实际/预计)')).querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(lastYear.value).toBe('9876.5'));
    expect(within(drawer).getByTestId('survey-prefill').textContent).toBe(`已填入${YEAR - 1}年已审核月报 9 个月的合计 9,876.50 万元，不足全年：请补足为上年预计产值`);
    // the clerk completes the year: 12,000 last year, 13,200 expected (+10.00 %)
    await typeInto(drawer, '上年产值(实际/预计)', '12000');
    await typeInto(drawer, '本年预计产值', '13200');
    await waitFor(() => expect(within(drawer).getByTestId('survey-expected-growth').textContent).toContain('10.00%'));
    // three quarters only: refused before anything is sent
    await typeInto(drawer, '一季度预计', '3000');
    await typeInto(drawer, '二季度预计', '3300');
    await typeInto(drawer, '三季度预计', '3300');
    await waitFor(() => expect(within(drawer).getByTestId('survey-quarter-sum').textContent).toContain('请填写全部四个季度'));
    await click(within(drawer).getByTestId('output-survey-submit'));
    await waitFor(async () => expect((await itemOf(drawer, '四季度预计')).textContent).toContain('分季度预计须四个季度都填写，或都不填'));
    // four that fall 100 short of the year
    await typeInto(drawer, '四季度预计', '3500');
    await waitFor(() => expect(within(drawer).getByTestId('survey-quarter-sum').textContent).toContain('四个季度合计 13,100.00 万元，本年预计 13,200.00 万元相差 100.00 万元'));
    await click(within(drawer).getByTestId('output-survey-submit'));
    await waitFor(async () => expect((await itemOf(drawer, '四季度预计')).textContent).toContain('四个季度合计 13,100.00 应等于本年预计产值 13,200.00'));
    expect(last(calls, SUBMIT)).toBeUndefined();
    await typeInto(drawer, '四季度预计', '3600');
    await waitFor(() => expect(within(drawer).getByTestId('survey-quarter-sum').textContent).toContain('一致'));
    await pickOption('带来增量的投产项目', `信达电子扩产技改项目（投产，${YEAR - 1}-10-01投产）`, drawer);
    await typeInto(drawer, '新增产能贡献', '800');
    await typeInto(drawer, '增长因素', ' 新生产线投产 ');
    await click(within(drawer).getByTestId('output-survey-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      surveyYear: YEAR, surveyRound: '1', enterpriseId: 'e1', lastYearOutput: '12000', expectedOutput: '13200',
      expectedQ1: '3000', expectedQ2: '3300', expectedQ3: '3300', expectedQ4: '3600', newCapacityOutput: '800', newProjectIds: ['p2'],
      growthFactors: '新生产线投产', declineFactors: '', remark: '',
    });
  });

  it('shows a refusal naming a field on that field', async () => {
    const refusal = `「合肥信达电子有限公司」${YEAR}年年初摸底已填报`;
    const { calls } = await open(CLERK, { over: { [SUBMIT]: () => fail(400, `enterpriseId: ${refusal}`, { field: 'enterpriseId', reason: refusal }) } });
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    await pickOption('企业', '合肥信达电子有限公司（信达电子）', drawer);
    await waitFor(() => expect(within(drawer).getByTestId('survey-prefill')).toBeTruthy());
    await typeInto(drawer, '本年预计产值', '11000');
    await click(within(drawer).getByTestId('output-survey-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    // no quarters: none sent
    expect(body(last(calls, SUBMIT)!)).toMatchObject({ lastYearOutput: '9876.5', expectedQ1: null, expectedQ4: null, newProjectIds: [] });
    await waitFor(async () => expect((await itemOf(drawer, '企业')).querySelector('.ant-form-item-explain')?.textContent).toBe(refusal));
  });

  it('shows a survey with its quarters, projects, factors and review history', async () => {
    const { calls } = await open(CLERK);
    await click(buttonIn(await rowOf('合肥信达电子有限公司'), '查看'));
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByTestId('survey-header').textContent).toContain(`${YEAR}年年初`));
    expect((await itemOf(drawer, '四季度预计')).textContent).toContain('3,000.50 万元');
    expect(within(drawer).getByTestId('survey-quarter-sum').textContent).toContain('一致');
    expect((await itemOf(drawer, '带来增量的投产项目')).textContent).toContain('信达电子扩产技改项目');
    expect((await itemOf(drawer, '增长因素')).textContent).toContain('新生产线投产');
    expect(within(drawer).getByTestId('survey-verification').textContent).toContain('11,200.00 万元');
    await waitFor(() => expect(within(drawer).getByTestId('survey-review-log').textContent).toContain('意见：按用电量核减'));
    // a view asks nothing of the filing calls
    expect(last(calls, PREFILL)).toBeUndefined();
  });

  it('verifies one survey with the park’s figure, prefilled with the enterprise’s', async () => {
    const { calls } = await open(REVIEWER);
    await click(buttonIn(await rowOf('临港新能源科技有限公司'), '审核'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('审核摸底：临港新能源科技有限公司');
    expect(within(dialog).getByTestId('survey-verify-figures').textContent).toContain('储能订单增加');
    const figure = (await itemOf(dialog, '园区核定产值')).querySelector('input') as HTMLInputElement;
    expect(figure.value).toBe('6000');
    expect(within(dialog).getByTestId('survey-verify-growth').textContent).toContain('20.00%');
    // 5,800 against last year's 5,000: +16.00 %
    await typeInto(dialog, '园区核定产值', '5800');
    await waitFor(() => expect(within(dialog).getByTestId('survey-verify-growth').textContent).toContain('16.00%'));
    await typeInto(dialog, '审核意见', '按用电量核减');
    const lists = calls.filter((c) => c.url.startsWith(LIST)).length;
    await click(within(dialog).getByTestId('survey-verify-approve'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['s2'], step: 'approve', opinion: '按用电量核减', verifiedOutput: '5800' });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(LIST)).length).toBe(lists + 1));
  });

  it('returns a survey from the verification only with an opinion', async () => {
    const { calls } = await open(REVIEWER);
    await click(buttonIn(await rowOf('临港新能源科技有限公司'), '审核'));
    const dialog = await findDialog();
    await click(within(dialog).getByTestId('survey-verify-return'));
    await waitFor(async () => expect((await itemOf(dialog, '审核意见')).textContent).toContain('退回须填写审核意见'));
    expect(last(calls, REVIEW)).toBeUndefined();
    await typeInto(dialog, '审核意见', '请补充分季度预计');
    await click(within(dialog).getByTestId('survey-verify-return'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['s2'], step: 'return', opinion: '请补充分季度预计' });
  });

  it('approves the chosen surveys at once without a figure, skipping those not waiting', async () => {
    const { calls } = await open(REVIEWER);
    for (const name of ['临港新能源科技有限公司', '东区精密机械有限公司', '合肥信达电子有限公司']) {
      await click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
    }
    await click(toolbarButton('审核'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将对选中的 2 条数据执行“审核通过”。');
    expect(dialog.textContent).toContain('另有 1 条数据当前不能审核通过，已略过。');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['s2', 's5'], step: 'approve', opinion: '' });
  });

  it('proposes the department’s targets from the verified figures and leads to 年度产值分解', async () => {
    const { calls } = await open(REVIEWER, { breakdown: true, search: `?year=${YEAR}&deptId=d2` });
    await click(screen.getByTestId('survey-generate'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe(`生成${YEAR}年企业产值目标`);
    expect((await itemOf(dialog, '分解的部门')).textContent).toContain('高新片区');
    await click(within(dialog).getByTestId('survey-generate-run'));
    await waitFor(() => expect(last(calls, GENERATE)).toBeTruthy());
    expect(body(last(calls, GENERATE)!)).toEqual({ surveyYear: YEAR, surveyRound: '1', deptId: 'd2' });
    await waitFor(() => expect(dialog.textContent).toContain('已新增 3 个、更新 1 个草稿目标'));
    expect(within(dialog).getByTestId('survey-generate-result').textContent).toBe('共分解 15,000.00 万元；2 家填报企业没有已核定的摸底，未分解');
    await click(within(dialog).getByTestId('survey-generate-open'));
    expect(`${history.location.pathname}${history.location.search}`).toBe(`/outputValue/annualOutputBreakdown?year=${YEAR}&deptId=d2`);
  });

  it('says on the department field why the server refuses to propose targets', async () => {
    const reason = `高新片区${YEAR}年没有已下达的规上工业总产值目标，请先在目标任务中下达`;
    await open(REVIEWER, { breakdown: true, search: `?year=${YEAR}&deptId=d2`, over: { [GENERATE]: () => fail(400, `deptId: ${reason}`, { field: 'deptId', reason }) } });
    await click(screen.getByTestId('survey-generate'));
    const dialog = await findDialog();
    await click(within(dialog).getByTestId('survey-generate-run'));
    await waitFor(async () => expect((await itemOf(dialog, '分解的部门')).querySelector('.ant-form-item-explain')?.textContent).toBe(reason));
  });

  it('exports the surveys the filters find, by grant', async () => {
    const { calls } = await open(CLERK, {
      search: `?year=${YEAR}&round=2&reportStatus=2`,
      over: {
        [EXPORT]: () =>
          new Response('xlsx', {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('摸底分解.xlsx')}`,
            },
          }),
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(toolbarButton('导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '2', reportStatus: '2' });
  });

  it('offers 导入 only with the import grant', async () => {
    await open(CLERK.filter((b) => b.alias !== 'import'));
    expect(toolbarButtons()).toEqual(['新增', '删除', '导出', '提交']);
    expect(buttonByText('导入')).toBeUndefined();
  });

  it('opens the import with the screen\'s words and fetches the template of the surveys', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = await open(CLERK, { over: { [TEMPLATE]: () => new Response('xlsx') } });
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('导入摸底');
    // one row per enterprise, year and round; the quarters' rule; projects by number; drafts to submit;
    // and where the imported surveys are to be found
    for (const want of ['每家企业每个年度、每个批次一行', '四个季度都填，合计等于本年预计产值', '项目编号', '草稿', '提交', '右上角所选年度和批次']) {
      expect(dialog.textContent).toContain(want);
    }
    expect(dialog.textContent).toContain('已有草稿或退回的摸底时');
    await click(buttonIn(dialog, '下载导入模板'));
    await waitFor(() => expect(saved).toEqual(['摸底分解导入模板.xlsx']));
    expect(calls.filter((c) => path(c) === TEMPLATE)).toHaveLength(1);
  });

  it('lists a refused file by row and column and writes nothing on the screen', async () => {
    const reason = '四个季度合计 2,900.00 应等于本年预计产值 3,000.00';
    const { calls } = await open(CLERK, {
      over: {
        [IMPORT]: () =>
          json(
            {
              code: 400,
              success: false,
              msg: `导入失败: 2 行数据有误，未导入任何数据。第3行 统一社会信用代码: 企业不存在；第4行 四季度预计(万元): ${reason}`,
              data: [
                { row: 3, field: '统一社会信用代码', reason: '企业不存在', message: '第3行 统一社会信用代码: 企业不存在' },
                { row: 4, field: '四季度预计(万元)', reason, message: `第4行 四季度预计(万元): ${reason}` },
              ],
            },
            400,
          ),
      },
    });
    const [lists, summaries] = [asked(calls, LIST), asked(calls, SUMMARY)];
    const dialog = await importFile('摸底.xlsx');
    await click(buttonIn(dialog, '开始导入'));
    const report = await within(dialog).findByTestId('survey-import-report');
    expect(Array.from(report.querySelectorAll('tbody tr')).map(cells)).toEqual([
      ['第 3 行', '统一社会信用代码', '企业不存在'],
      ['第 4 行', '四季度预计(万元)', reason],
    ]);
    // said in the dialog, not as a toast; the list and the summary are as they were
    expect(messages()).toEqual([]);
    expect([asked(calls, LIST), asked(calls, SUMMARY)]).toEqual([lists, summaries]);
  });

  it('says what a good file brought in and lists the surveys and their summary again', async () => {
    const { calls } = await open(CLERK, {
      search: `?year=${YEAR}&round=2`,
      over: { [IMPORT]: () => ok({ created: 2, updated: 1 }, '导入成功: 新增 2 条，更新 1 条') },
    });
    const [lists, summaries] = [asked(calls, LIST), asked(calls, SUMMARY)];
    const dialog = await importFile('摸底.xlsx');
    await click(within(dialog).getByText(/已有草稿或退回的摸底时/));
    await click(buttonIn(dialog, '开始导入'));
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 2 条，更新 1 条']));
    const sent = last(calls, IMPORT)!.body as FormData;
    expect(sent.get('isCovered')).toBe('1');
    expect((sent.get('file') as File).name).toBe('摸底.xlsx');
    await waitFor(() => expect(asked(calls, LIST)).toBe(lists + 1));
    await waitFor(() => expect(asked(calls, SUMMARY)).toBe(summaries + 1));
    // the filters stay: the year and round the clerk chose
    expect(query(last(calls, LIST)!)).toMatchObject({ surveyYear: String(YEAR), surveyRound: '2' });
    expect(query(last(calls, SUMMARY)!)).toEqual({ surveyYear: String(YEAR), surveyRound: '2' });
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
  });

  it('heads every column in English for an English reader', async () => {
    await open(REVIEWER, { locale: 'en-US', breakdown: true });
    const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
    expect(heads()).toEqual(expect.arrayContaining(['Enterprise', 'Park', 'Last year', 'Expected', 'Verified', 'Status', 'Actions']));
    [...heads(), ...heads(summaryCard()), ...toolbarButtons()].forEach((h) => expect(h).not.toMatch(cjk));
    expect(cells(await rowOf('Approved')).length).toBeGreaterThan(0);
    expect(summaryCard().querySelector('.ant-card-head')?.textContent).toContain(`Survey summary, ${YEAR}, Start of year`);
    expect(screen.getByTestId('survey-generate').textContent).toBe('Propose targets');
  });
});
