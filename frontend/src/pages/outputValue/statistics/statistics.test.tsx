// 产值统计 with real antd and Pro components against a fake back end: `/outputValue/statistics` answering
// each view as the business service shapes it (output/stats), and its export. The department tree with
// subtotals, completion against the time progress and the total; "—" wherever the server gives no
// figure; the tabs, the department basis, the filters and the ranking's order and length sent as the
// query; the industries, the ranking, the months and the decliners drawn as chart and table; and the
// export of exactly the view shown, by grant. ECharts is replaced by a recording stand-in: jsdom cannot
// draw.
import { StyleProvider } from '@ant-design/cssinjs';
import { screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../../tests/fetchMock';
import { ok } from '../../../../tests/fetchMock';
import { projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { buttonByText, buttonIn, click, last, menuButton, pickOption, query } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type {
  OutputEnterpriseRow,
  OutputGroupRow,
  OutputGroupStats,
  OutputRankStats,
  OutputTrendMonth,
  OutputTrendStats,
} from '@/services/business/outputStats';
import { setButtons } from '@/utils/authority';
import OutputStatistics from '.';

vi.mock('@/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => <div data-testid="chart" data-option={JSON.stringify(option)} />,
}));

const MENU = 'output_statistics';
const STATS = '/api/outputValue/statistics';
const EXPORT = '/api/outputValue/export-statistics';
const PERIOD = '2026-10';

/** The seed's buttons of the menu (services/system/src/builtin.rs), by alias. */
function statsButtons(...aliases: string[]): API.MenuButton[] {
  return [
    menuButton(MENU, 'view', 2, '/outputValue/statistics/view', 1),
    menuButton(MENU, 'export', 1, EXPORT, 2),
  ].filter((b) => aliases.includes(b.alias));
}

const group = (over: Partial<OutputGroupRow>): OutputGroupRow => ({
  key: '', name: '', kind: 'dept', depth: 0, subtotal: false, enterprises: 0, reported: 0, monthOutput: '0', lastMonthOutput: null,
  monthYoy: null, ytdOutput: '0', lastYtdOutput: null, yoy: null, share: null, contribution: null, target: null, completion: null,
  scheduleGap: null, ...over,
});

/** [本月, 上年同月, 当月同比, 累计, 上年同期累计, 累计同比, 占比, 拉动] */
type Figures = [string, string | null, string | null, string, string | null, string | null, string | null, string | null];
const figures = ([monthOutput, lastMonthOutput, monthYoy, ytdOutput, lastYtdOutput, yoy, share, contribution]: Figures) => ({
  monthOutput, lastMonthOutput, monthYoy, ytdOutput, lastYtdOutput, yoy, share, contribution,
});

// 1–10月 of 2026: the zone over 高新片区 (with a target) and 临港片区 (new: nothing last year, no target),
// and 2.5 reported under a department removed since. Time progress 10 ÷ 12.
const TOTAL = group({
  name: '合计', kind: 'total', subtotal: true, enterprises: 4, reported: 3, target: '20000', completion: '70.02', scheduleGap: '-13.31',
  ...figures(['1500', '1000', '50.00', '14003.0049', '10000', '40.03', '100.00', '40.03']),
});
const BY_DEPT: OutputGroupStats = {
  view: 'dept', period: PERIOD, deptBasis: 'snapshot', zoneName: '东区经开区', title: '东区经开区 2026年1-10月产值统计（按属地）', januaryMerged: false, timeProgress: '83.33',
  rows: [
    group({ key: 'd1', name: '东区经开区', subtotal: true, enterprises: 3, reported: 3, target: '20000', completion: '70.00', scheduleGap: '-13.33',
      ...figures(['1500', '1000', '50.00', '14000.5049', '10000', '40.01', '99.98', '40.01']) }),
    group({ key: 'd2', name: '高新片区', depth: 1, enterprises: 2, reported: 2, target: '12000', completion: '91.67', scheduleGap: '8.34',
      ...figures(['1200', '1000', '20.00', '11000.2549', '10000', '10.00', '78.55', '10.00']) }),
    group({ key: 'd4', name: '临港片区', depth: 1, enterprises: 1, reported: 1, ...figures(['300', null, null, '3000.25', null, null, '21.43', null]) }),
    group({ name: '其他', kind: 'unplaced', enterprises: 1, ...figures(['0', null, null, '2.5', null, null, '0.02', null]) }),
    TOTAL,
  ],
};

const BY_INDUSTRY: OutputGroupStats = {
  ...BY_DEPT, view: 'industry', zoneName: '东区经开区', title: '东区经开区 2026年1-10月产值统计（按行业）',
  rows: [
    group({ key: 'C39', name: '计算机、通信和其他电子设备制造业', kind: 'group', enterprises: 2, reported: 2,
      ...figures(['1200', '1000', '20.00', '11000.2549', '10000', '10.00', '78.55', '10.00']) }),
    group({ key: 'C38', name: '电气机械和器材制造业', kind: 'group', enterprises: 1, reported: 1, ...figures(['300', null, null, '3000.25', null, null, '21.43', null]) }),
    group({ name: '未填', kind: 'unplaced', enterprises: 1, ...figures(['0', null, null, '2.5', null, null, '0.02', null]) }),
    { ...TOTAL, target: null, completion: null, scheduleGap: null },
  ],
};

const BY_CHAIN: OutputGroupStats = {
  ...BY_INDUSTRY, view: 'leadingIndustry', zoneName: '东区经开区', title: '东区经开区 2026年1-10月产值统计（按主导产业）',
  rows: [
    group({ key: '02', name: '电子信息', kind: 'group', enterprises: 2, ...figures(['1200', '1000', '20.00', '11000.2549', '10000', '10.00', '78.55', '10.00']) }),
    group({ key: '05', name: '新能源', kind: 'group', ...figures(['0', '0', null, '0', '0', null, '0.00', '0.00']) }),
    group({ name: '未填', kind: 'unplaced', enterprises: 2, ...figures(['300', null, null, '3002.75', null, null, '21.45', null]) }),
    BY_INDUSTRY.rows[3],
  ],
};

const enterprise = (rank: number, id: string, name: string, dept: [string | null, string], industry: [string, string], f: Figures, declineReason = ''): OutputEnterpriseRow => ({
  rank, enterpriseId: id, enterpriseName: name, deptId: dept[0], deptName: dept[1], industryCode: industry[0], industryName: industry[1], ...figures(f), declineReason, target: null, completion: null, scheduleGap: null,
});

const RANKING: OutputRankStats = {
  view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'output', zoneName: '东区经开区', title: '东区经开区 2026年1-10月企业产值排名', januaryMerged: false, timeProgress: '83.33',
  rows: [
    // its target of 10,000: 8,000.125 of it → 80.00 %, 3.33 points ahead of October's 76.67 %
    { ...enterprise(1, 'e1', '合肥信达电子有限公司', ['d2', '高新片区'], ['C39', '计算机、通信和其他电子设备制造业'], ['900', '800', '12.50', '8000.125', '7000', '14.29', '57.13', '10.00']), target: '10000', completion: '80.00', scheduleGap: '3.33' },
    enterprise(2, 'e2', '临港新能源科技有限公司', ['d4', '临港片区'], ['C38', '电气机械和器材制造业'], ['300', null, null, '3000.25', null, null, '21.43', null]),
    enterprise(3, 'e3', '东区精密机械有限公司', [null, ''], ['', ''], ['0', null, null, '2.5', null, null, '0.02', null]),
  ],
  total: TOTAL,
};

const DECLINERS: OutputRankStats = {
  view: 'decliners', period: PERIOD, deptBasis: 'snapshot', zoneName: '东区经开区', title: '东区经开区 2026年1-10月产值下降企业', januaryMerged: false, timeProgress: '83.33',
  rows: [
    enterprise(1, 'e5', '星湖纺织有限公司', ['d2', '高新片区'], ['C17', '纺织业'], ['100', '180', '-44.44', '1490', '2000', '-25.50', '10.64', '-5.10'], '订单减少，外贸需求下滑'),
    enterprise(2, 'e6', '东区包装材料有限公司', ['d4', '临港片区'], ['C22', '造纸和纸制品业'], ['95', '100', '-5.00', '969', '1000', '-3.10', '6.92', '-0.31']),
  ],
  total: group({ name: '合计', kind: 'total', enterprises: 2, reported: 2, ...figures(['195', '280', '-30.36', '2459', '3000', '-18.03', '17.56', '-5.41']) }),
};

const month = (m: number, thisMonth: string | null, thisCumulative: string | null, lastMonth: string, lastCumulative: string, yoy: string | null, monthYoy: string | null, mom: string | null): OutputTrendMonth => ({
  month: m, thisMonth, thisCumulative, lastMonth, lastCumulative, yoy, monthYoy, mom,
});

const TREND: OutputTrendStats = {
  view: 'trend', period: PERIOD, year: 2026, lastYear: 2025, zoneName: '东区经开区', title: '东区经开区 2026年1-10月产值月度趋势', januaryMerged: false,
  months: [
    month(1, '1300', '1300', '1000', '1000', '30.00', '30.00', null),
    month(2, '1100.5', '2400.5', '900', '1900', '26.34', '22.28', '-15.35'),
    ...[3, 4, 5, 6, 7, 8, 9].map((m) => month(m, '1400', String(2400.5 + (m - 2) * 1400), '1000', String(1900 + (m - 2) * 1000), '35.00', '40.00', m === 3 ? '27.22' : '0.00')),
    month(10, '1500.005', '14000.5049', '1000', '10000', '40.01', '50.00', '7.14'),
    month(11, null, null, '1100', '11100', null, null, null),
    month(12, null, null, '1400', '12500', null, null, null),
  ],
  ytdOutput: '14000.5049', lastYtdOutput: '10000', yoy: '40.01',
};

function serve() {
  return projectBackend({
    [STATS]: (req) => {
      const q = query(req);
      const basis = q.deptBasis ?? 'snapshot';
      if (q.view === 'industry') return ok({ ...BY_INDUSTRY, deptBasis: basis });
      if (q.view === 'leadingIndustry') return ok({ ...BY_CHAIN, deptBasis: basis });
      if (q.view === 'enterprise') return ok({ ...RANKING, deptBasis: basis, sort: q.sort });
      if (q.view === 'decliners') return ok({ ...DECLINERS, deptBasis: basis });
      if (q.view === 'trend') return ok(TREND);
      return ok({ ...BY_DEPT, deptBasis: basis });
    },
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('产值统计-按属地.xlsx')}`,
        },
      }),
  });
}

async function open(buttons: API.MenuButton[]) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace(`/outputValue/statistics?period=${PERIOD}`);
  const server = serve();
  renderWidget(
    <StyleProvider mock="server">
      <OutputStatistics />
    </StyleProvider>,
  );
  await screen.findByText('临港片区');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
/** The table row with a cell reading exactly `text` (the period picker and the chart name months too). */
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('.ant-table-tbody tr')).find((r) => Array.from(r.querySelectorAll('td')).some((td) => td.textContent === text));
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const heads = () => Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);
const total = () => cells(screen.getByTestId('stat-total'));
const chartOption = () => JSON.parse(screen.getByTestId('chart').getAttribute('data-option')!);
const tab = (label: string) => within(document.querySelector('.ant-tabs-nav') as HTMLElement).getByText(label);
const title = () => screen.getByTestId('output-stats-title').textContent;
/** The query of the last statistics call, once it is `expected`. */
const asked = (calls: RecordedRequest[], expected: Record<string, string>) => waitFor(() => expect(query(last(calls, STATS)!)).toEqual(expected));
/** Exports and answers the export's query. */
async function exported(calls: RecordedRequest[]) {
  const before = calls.filter((c) => c.url.startsWith(EXPORT)).length;
  await click(buttonIn(document.body, '导出'));
  await waitFor(() => expect(calls.filter((c) => c.url.startsWith(EXPORT)).length).toBe(before + 1));
  return query(last(calls, EXPORT)!);
}

describe('产值统计', () => {
  it('shows the department tree with subtotals, completion against the time progress, the total and "—" for nulls', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    expect(query(last(calls, STATS)!)).toEqual({ view: 'dept', period: PERIOD, deptBasis: 'snapshot' });
    await waitFor(() => expect(title()).toBe('东区经开区 2026年1–10月产值统计（按属地）'));
    expect(screen.getByTestId('output-stats-progress').textContent).toBe('时间进度 83.33%');
    expect(document.body.textContent).toContain('单位：万元');
    expect(heads()).toEqual(
      expect.arrayContaining(['属地', '企业数', '本月已报', '本月产值', '上年同月', '当月同比', '1–10月累计', '上年同期累计', '累计同比', '占比', '拉动(百分点)', '年度目标', '目标完成率', '超/落后进度(百分点)']),
    );

    const zone = await rowOf('东区经开区');
    expect(zone.getAttribute('data-subtotal')).toBe('true');
    // money to the cent from the server's four decimals, rates with %, points signed
    expect(cells(zone)).toEqual(['东区经开区', '3', '3', '1,500.00', '1,000.00', '50.00%', '14,000.50', '10,000.00', '40.01%', '99.98%', '+40.01', '20,000.00', '70.00%', '\u221213.33']);
    expect(cells(await rowOf('高新片区')).slice(6)).toEqual(['11,000.25', '10,000.00', '10.00%', '78.55%', '+10.00', '12,000.00', '91.67%', '+8.34']);
    // new this year: no base, no rate, no target
    expect(cells(await rowOf('临港片区'))).toEqual(['临港片区', '1', '1', '300.00', '—', '—', '3,000.25', '—', '—', '21.43%', '—', '—', '—', '—']);
    expect(cells(await rowOf('其他')).slice(0, 3)).toEqual(['其他', '1', '0']);
    expect(total()).toEqual(['合计', '4', '3', '1,500.00', '1,000.00', '50.00%', '14,003.00', '10,000.00', '40.03%', '100.00%', '+40.03', '20,000.00', '70.02%', '\u221213.31']);

    // the chart compares the parks under the zone and what no department holds
    const option = chartOption();
    expect(option.xAxis.data).toEqual(['高新片区', '临港片区', '其他']);
    expect(option.series.map((s: { name: string }) => s.name)).toEqual(['1–10月累计', '上年同期累计', '累计同比(%)']);
    expect(option.series[0].data).toEqual([11000.2549, 3000.25, 2.5]);
    expect(option.series[1].data).toEqual([10000, null, null]);
    expect(screen.getByTestId('output-stats-note').textContent).toBe('平台数据按已审核的企业月报（现价）汇总，可能与统计部门按可比价计算的数据不同。');
  });

  it('sends the department basis and the filters with each view and exports exactly the query shown', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    expect(await exported(calls)).toEqual({ view: 'dept', period: PERIOD, deptBasis: 'snapshot' });
    await click(within(screen.getByTestId('output-stats-basis')).getByText('按现属地'));
    await asked(calls, { view: 'dept', period: PERIOD, deptBasis: 'current' });
    await pickOption('规上', '规上');
    await asked(calls, { view: 'dept', period: PERIOD, deptBasis: 'current', aboveScale: 'Y' });
    expect(await exported(calls)).toEqual({ view: 'dept', period: PERIOD, deptBasis: 'current', aboveScale: 'Y' });

    // an industry's figures do not depend on where its enterprises sit…
    await click(tab('按行业'));
    await asked(calls, { view: 'industry', period: PERIOD, aboveScale: 'Y' });
    await waitFor(() => expect(title()).toBe('东区经开区 2026年1–10月产值统计（按行业）'));
    expect(screen.queryByTestId('output-stats-basis')).toBeNull();
    expect(screen.getByTestId('output-stats-progress').textContent).toBe('');
    const unplaced = cells(await rowOf('未填'));
    expect(unplaced.slice(3, 6)).toEqual(['0.00', '—', '—']);
    expect(heads()).not.toContain('年度目标');
    const bars = chartOption();
    expect(bars.yAxis.data).toEqual(['计算机、通信和其他电子设备制造业', '电气机械和器材制造业', '未填']);
    expect(bars.series[0].data).toEqual([11000.2549, 3000.25, 2.5]);
    expect(await exported(calls)).toEqual({ view: 'industry', period: PERIOD, aboveScale: 'Y' });

    // …unless a department decides which enterprises count
    await pickOption('属地', '高新片区');
    await asked(calls, { view: 'industry', period: PERIOD, deptBasis: 'current', deptId: 'd2', aboveScale: 'Y' });
    expect(screen.getByTestId('output-stats-basis')).toBeTruthy();
    await pickOption('行业', '计算机、通信和其他电子设备制造业');
    const narrowed = { view: 'industry', period: PERIOD, deptBasis: 'current', deptId: 'd2', industryCode: 'C39', aboveScale: 'Y' };
    await asked(calls, narrowed);
    expect(await exported(calls)).toEqual(narrowed);

    await click(tab('按主导产业'));
    await asked(calls, { ...narrowed, view: 'leadingIndustry' });
    await rowOf('新能源');
    // a share of the whole as a pie: a group with nothing has no slice
    const pie = chartOption();
    expect(pie.series[0].type).toBe('pie');
    expect(pie.series[0].data).toEqual([{ name: '电子信息', value: 11000.2549 }, { name: '未填', value: 3002.75 }]);
    expect(await exported(calls)).toEqual({ ...narrowed, view: 'leadingIndustry' });
  });

  it('ranks the enterprises in the order and length chosen, charts the top ones and sums them all', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    await click(tab('企业排名'));
    await asked(calls, { view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'output', top: '20' });
    await waitFor(() => expect(title()).toBe('东区经开区 2026年1–10月企业产值排名'));
    expect(cells(await rowOf('合肥信达电子有限公司'))).toEqual([
      '1', '合肥信达电子有限公司', '高新片区', '计算机、通信和其他电子设备制造业', '900.00', '800.00', '12.50%', '8,000.13', '7,000.00', '14.29%', '57.13%', '+10.00',
      '10,000.00', '80.00%', '+3.33',
    ]);
    // without a target of its own: no completion
    expect(cells(await rowOf('东区精密机械有限公司')).slice(12)).toEqual(['—', '—', '—']);
    expect(cells(await rowOf('东区精密机械有限公司')).slice(0, 8)).toEqual(['3', '东区精密机械有限公司', '—', '—', '0.00', '—', '—', '2.50']);
    expect(total().slice(0, 5)).toEqual(['合计', '共 4 家企业', '', '', '1,500.00']);
    const output = chartOption();
    expect(output.yAxis.data).toEqual(['合肥信达电子有限公司', '临港新能源科技有限公司', '东区精密机械有限公司']);
    expect(output.series[0].data).toEqual([8000.125, 3000.25, 2.5]);

    await click(within(screen.getByTestId('output-stats-sort')).getByText('增速'));
    await asked(calls, { view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'growth', top: '20' });
    await waitFor(() => expect(chartOption().series[0].name).toBe('累计同比'));
    expect(chartOption().series[0].data).toEqual([14.29, null, null]);
    await pickOption('显示', '全部');
    await asked(calls, { view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'growth' });
    expect(await exported(calls)).toEqual({ view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'growth' });
    await pickOption('显示', '前10名');
    await asked(calls, { view: 'enterprise', period: PERIOD, deptBasis: 'snapshot', sort: 'growth', top: '10' });
  });

  it('draws the months against last year with "—" where there is no figure and says 环比 is seasonal', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    await click(tab('月度趋势'));
    await asked(calls, { view: 'trend', period: PERIOD });
    await waitFor(() => expect(title()).toBe('东区经开区 2026年1–10月产值月度趋势'));
    expect(screen.queryByTestId('output-stats-basis')).toBeNull();
    expect(heads()).toEqual(['月份', '2026年当月', '2026年累计', '2025年当月', '2025年累计', '累计同比', '当月同比', '环比']);
    expect(cells(await rowOf('10月'))).toEqual(['10月', '1,500.01', '14,000.50', '1,000.00', '10,000.00', '40.01%', '50.00%', '7.14%']);
    expect(cells(await rowOf('1月'))[7]).toBe('—');
    expect(cells(await rowOf('11月'))).toEqual(['11月', '—', '—', '1,100.00', '11,100.00', '—', '—', '—']);
    expect(document.body.textContent).toContain('本年累计 14,000.50，上年同期 10,000.00，同比 40.01%');
    expect(screen.getByTestId('output-stats-note').textContent).toContain('环比受季节因素（春节、年末等）影响，仅供参考。');
    const trend = chartOption();
    expect(trend.xAxis.data).toHaveLength(12);
    expect(trend.series.map((s: { type: string }) => s.type)).toEqual(['bar', 'bar', 'line', 'line']);
    expect(trend.series[0].data.slice(9, 11)).toEqual([1500.005, null]);
    expect(trend.series[3].data[11]).toBe(12500);
    expect(await exported(calls)).toEqual({ view: 'trend', period: PERIOD });
  });

  it('lists the declining enterprises, worst first, with the reason they gave', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    await click(tab('下降企业'));
    await asked(calls, { view: 'decliners', period: PERIOD, deptBasis: 'snapshot' });
    await waitFor(() => expect(title()).toBe('东区经开区 2026年1–10月产值下降企业'));
    expect(heads()).toContain('下降原因');
    const worst = cells(await rowOf('星湖纺织有限公司'));
    expect([worst[0], worst[9], worst[11], worst[12]]).toEqual(['1', '-25.50%', '\u22125.10', '订单减少，外贸需求下滑']);
    expect(cells(await rowOf('东区包装材料有限公司'))[12]).toBe('—');
    expect(total().slice(0, 2)).toEqual(['合计', '共 2 家企业']);
    const option = chartOption();
    expect(option.yAxis.data).toEqual(['星湖纺织有限公司', '东区包装材料有限公司']);
    expect(option.series[0].data).toEqual([-25.5, -3.1]);
    // the ranking's order and length are not the decliners'
    expect(screen.queryByTestId('output-stats-sort')).toBeNull();
    expect(await exported(calls)).toEqual({ view: 'decliners', period: PERIOD, deptBasis: 'snapshot' });
  });

  it('shows no export without its grant', async () => {
    await open(statsButtons('view'));
    expect(buttonByText('导出')).toBeUndefined();
    await click(tab('企业排名'));
    await rowOf('合肥信达电子有限公司');
    expect(buttonByText('导出')).toBeUndefined();
  });
});
