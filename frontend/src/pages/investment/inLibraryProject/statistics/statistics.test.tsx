// 在库项目统计 with real antd and Pro components against a fake back end: `/project/statistics`
// answering each view as the server shapes it (figures from crates/testkit/tests/api/dispatch_stats.rs)
// and its export. The department tree with subtotals and the total, "—" where the server gives no rate,
// the tabs and the department basis sent as the query, the trend and the funnel drawn as chart and
// table, and the export of exactly the view shown, by grant. ECharts is replaced by a recording stand-in:
// jsdom cannot draw.
import { StyleProvider } from '@ant-design/cssinjs';
import { screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../../../tests/fetchMock';
import { projectBackend } from '../../../../../tests/fixtures';
import { signIn } from '../../../../../tests/helpers';
import { buttonByText, buttonIn, click, last, menuButton, query } from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import type { DimensionStats, FunnelStats, GroupRow, TrendStats } from '@/services/business/investmentStats';
import { setButtons } from '@/utils/authority';
import InLibraryStatistics from '.';

vi.mock('@/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => <div data-testid="chart" data-option={JSON.stringify(option)} />,
}));

const MENU = 'in_library_statistics';
const STATS = '/api/project/statistics';
const EXPORT = '/api/project/export-statistics';

function statsButtons(...aliases: string[]): API.MenuButton[] {
  return [
    menuButton(MENU, 'view', 2, '/investment/inLibraryProject/statistics/view', 1),
    menuButton(MENU, 'export', 1, EXPORT, 2),
  ].filter((b) => aliases.includes(b.alias));
}

const group = (over: Partial<GroupRow>): GroupRow => ({
  key: '', name: '', kind: 'dept', depth: 0, subtotal: false, projects: 0, totalInvestment: '0', yearPlanInvestment: '0',
  ytdInvestment: '0', ytdPlanRate: null, started: 0, plannedStarts: 0, startRate: null, finished: 0, plannedFinishes: 0,
  finishRate: null, overYiProjects: 0, openIssues: 0, ...over,
});

const sums = (projects: number, total: string, plan: string, ytd: string, rate: string | null) => ({
  projects, totalInvestment: total, yearPlanInvestment: plan, ytdInvestment: ytd, ytdPlanRate: rate,
});

const BY_DEPT: DimensionStats = {
  view: 'dimension', by: 'dept', byName: '责任单位', period: '2026-06', deptBasis: 'snapshot', title: '2026年1–6月在库项目投资统计（按责任单位）',
  rows: [
    group({ key: 'd1', name: '管委会', subtotal: true, ...sums(4, '84000.5', '15500', '4900.5', '31.62'), started: 1, plannedStarts: 2, startRate: '50', finished: 1, plannedFinishes: 2, finishRate: '50', overYiProjects: 2, openIssues: 2 }),
    group({ key: 'd2', name: '东区', depth: 1, subtotal: true, ...sums(2, '60000.5', '14000', '3400.5', '24.29'), started: 1, plannedStarts: 1, startRate: '100', plannedFinishes: 1, finishRate: '0', overYiProjects: 1, openIssues: 1 }),
    group({ key: 'd4', name: '东区一片', depth: 2, ...sums(1, '8000', '2000', '400', '20'), plannedFinishes: 1, finishRate: '0' }),
    group({ key: 'd3', name: '西区', depth: 1, ...sums(2, '24000', '1500', '1500', '100'), plannedStarts: 1, startRate: '0', finished: 1, plannedFinishes: 1, finishRate: '100', overYiProjects: 1, openIssues: 1 }),
    group({ name: '合计', kind: 'total', ...sums(4, '84000.5', '15500', '4900.5', '31.62'), started: 1, plannedStarts: 2, startRate: '50', finished: 1, plannedFinishes: 2, finishRate: '50', overYiProjects: 2, openIssues: 2 }),
  ],
};

const BY_TYPE: DimensionStats = {
  ...BY_DEPT, by: 'type', byName: '项目类型', title: '2026年1–6月在库项目投资统计（按项目类型）',
  rows: [
    group({ key: '01', name: '工业项目(新建/扩建)', kind: 'group', ...sums(2, '60000.5', '14000', '3400.5', '24.29') }),
    group({ key: '06', name: '社会民生项目', kind: 'group', ...sums(1, '4000', '0', '0', null) }),
    group({ name: '合计', kind: 'total', ...sums(3, '64000.5', '14000', '3400.5', '24.29') }),
  ],
};

const month = (m: number, thisMonth: string | null, thisCumulative: string | null, lastMonth: string, lastCumulative: string, yoy: string | null) => ({
  month: m, thisMonth, thisCumulative, lastMonth, lastCumulative, yoy,
});

const TREND: TrendStats = {
  view: 'trend', period: '2026-06', year: 2026, lastYear: 2025, title: '2026年1–6月在库项目完成投资月度趋势',
  months: [
    month(1, '600', '600', '0', '0', null),
    month(2, '400', '1000', '0', '0', null),
    month(3, '1000', '2000', '2000', '2000', '0'),
    month(4, '1400.5', '3400.5', '0', '2000', '70.03'),
    month(5, '0', '3400.5', '0', '2000', '70.03'),
    month(6, '1500', '4900.5', '300', '2300', '113.07'),
    ...[7, 8, 9, 10, 11, 12].map((m) => month(m, null, null, m === 11 ? '700' : '0', m >= 11 ? '3000' : '2300', null)),
  ],
  ytdInvestment: '4900.5', lastYtdInvestment: '2300', yoy: '113.07',
};

const stage = (status: string, name: string, reached: number, reachedInvestment: string, current: number, currentInvestment: string, conversion: string | null) => ({
  status, name, reached, reachedInvestment, current, currentInvestment, conversion,
});

const FUNNEL: FunnelStats = {
  view: 'funnel', period: '2026-06', title: '在库项目状态漏斗',
  stages: [
    stage('30', '已签约', 4, '84000.5', 1, '4000', null),
    stage('40', '前期手续', 3, '80000.5', 0, '0', '75'),
    stage('50', '在建', 3, '80000.5', 2, '60000.5', '100'),
    stage('60', '竣工', 1, '20000', 0, '0', '33.33'),
    stage('70', '投产', 1, '20000', 1, '20000', '100'),
    stage('80', '达产', 0, '0', 0, '0', '0'),
  ],
};

function serve() {
  return projectBackend({
    [STATS]: (req) => {
      const q = query(req);
      if (q.view === 'trend') return ok(TREND);
      if (q.view === 'funnel') return ok(FUNNEL);
      if (q.by === 'type') return ok(BY_TYPE);
      return ok({ ...BY_DEPT, deptBasis: q.deptBasis ?? 'snapshot' });
    },
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('在库项目统计-按责任单位.xlsx')}`,
        },
      }),
  });
}

async function open(buttons: API.MenuButton[]) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/inLibraryProject/statistics?period=2026-06');
  const server = serve();
  renderWidget(
    <StyleProvider mock="server">
      <InLibraryStatistics />
    </StyleProvider>,
  );
  await screen.findByText('东区一片');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
/** The table row whose first cell reads `text` (the period picker and the chart name months too). */
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('tbody tr')).find((r) => r.querySelector('td')?.textContent === text);
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const chartOption = () => JSON.parse(screen.getByTestId('chart').getAttribute('data-option')!);
const tab = (label: string) => within(document.querySelector('.ant-tabs-nav') as HTMLElement).getByText(label);

describe('在库项目统计', () => {
  it('shows the department tree with subtotals, the total and "—" where there is no rate', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    expect(query(last(calls, STATS)!)).toEqual({ period: '2026-06', view: 'dimension', by: 'dept', deptBasis: 'snapshot' });
    expect(screen.getByTestId('stats-title').textContent).toBe('2026年1–6月在库项目投资统计（按责任单位）');
    expect(document.body.textContent).toContain('单位：万元');
    const head = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(head).toEqual(expect.arrayContaining(['责任单位', '项目数', '计划总投资', '1–6月完成投资', '完成率', '开工率', '竣工率', '亿元以上项目', '未销号问题']));
    const east = await rowOf('东区');
    expect(east.getAttribute('data-subtotal')).toBe('true');
    expect(cells(east).slice(1)).toEqual(['2', '60,000.50', '14,000.00', '3,400.50', '24.29%', '1', '1', '100.00%', '0', '1', '0.00%', '1', '1']);
    const one = cells(await rowOf('东区一片'));
    expect(one[8]).toBe('—');
    const total = screen.getByTestId('stat-total');
    expect(cells(total).slice(0, 6)).toEqual(['合计', '4', '84,000.50', '15,500.00', '4,900.50', '31.62%']);
    // the chart compares the parks under the committee
    const option = chartOption();
    expect(option.xAxis.data).toEqual(['东区', '西区']);
    expect(option.series[0].data).toEqual([3400.5, 1500]);
  });

  it('sends the tab and the department basis as the query and exports exactly that view', async () => {
    const { calls } = await open(statsButtons('view', 'export'));
    await click(within(document.body).getByText('按现属地'));
    await waitFor(() => expect(query(last(calls, STATS)!)).toEqual({ period: '2026-06', view: 'dimension', by: 'dept', deptBasis: 'current' }));
    await click(buttonIn(document.body, '导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ period: '2026-06', view: 'dimension', by: 'dept', deptBasis: 'current' });

    await click(tab('按项目类型'));
    await waitFor(() => expect(query(last(calls, STATS)!)).toEqual({ period: '2026-06', view: 'dimension', by: 'type' }));
    const social = cells(await rowOf('社会民生项目'));
    expect([social[3], social[5]]).toEqual(['0.00', '—']);
    expect(screen.queryByText('按现属地')).toBeNull();
    await click(buttonIn(document.body, '导出'));
    await waitFor(() => expect(query(last(calls, EXPORT)!)).toEqual({ period: '2026-06', view: 'dimension', by: 'type' }));
  });

  it('draws the trend against last year and the funnel, each with its table', async () => {
    const { calls } = await open(statsButtons('view'));
    await click(tab('月度趋势'));
    await screen.findByText('2026年1–6月在库项目完成投资月度趋势');
    expect(query(last(calls, STATS)!)).toEqual({ period: '2026-06', view: 'trend' });
    expect(cells(await rowOf('6月'))).toEqual(['6月', '1,500.00', '4,900.50', '300.00', '2,300.00', '113.07%']);
    expect(cells(await rowOf('1月'))[5]).toBe('—');
    expect(cells(await rowOf('7月'))).toEqual(['7月', '—', '—', '0.00', '2,300.00', '']);
    expect(document.body.textContent).toContain('本年累计 4,900.50，上年同期 2,300.00，同比 113.07%');
    const trend = chartOption();
    expect(trend.series.map((s: { type: string }) => s.type)).toEqual(['bar', 'bar', 'line', 'line']);
    expect(trend.series[0].data.slice(5, 7)).toEqual([1500, null]);

    await click(tab('状态漏斗'));
    await screen.findByText('在库项目状态漏斗');
    expect(cells(await rowOf('竣工'))).toEqual(['竣工', '1', '20,000.00', '0', '0.00', '33.33%']);
    expect(cells(await rowOf('已签约'))[5]).toBe('');
    expect(chartOption().series[0].data[0]).toEqual({ name: '已签约', value: 4 });
  });

  it('shows no export without its grant', async () => {
    await open(statsButtons('view'));
    expect(buttonByText('导出')).toBeUndefined();
  });
});
