// The public big screen against a fake `/dataAnalysis/screen` (the contract of issue 18): the zone's title,
// 数据截至 and the headline figures as the server sent them ("—" without a base, 亿元 where it says so);
// only the widgets the zone made public; the scrolling tables; a zone without an open screen, and an
// address without a zone, said in full; the answer asked again every minute, the last one kept on the
// screen when a poll fails. Without a zone in the address, the zone bound to the page's domain (the public
// `tenant/info`), and `?tenant=` before any domain. In the whole app: opened without a session (or with a stale one) it loads no
// menus, sends no token and never goes to the login page. ECharts is replaced by a recording stand-in.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { getIntl, history, RawIntlProvider } from '@umijs/max';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { fail, type Handler, mockFetch, ok, type RecordedRequest } from '../../../tests/fetchMock';
import { advance, messages, signIn, withLocale } from '../../../tests/helpers';
import { query } from '../../../tests/page';
import { renderApp } from '../../../tests/renderApp';
import type { Screen } from '@/services/business/dataAnalysis';
import { getToken } from '@/utils/authority';
import DataAnalysis from '.';

vi.mock('@/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => <div data-testid="chart" data-option={JSON.stringify(option)} />,
}));

const SCREEN_API = '/api/dataAnalysis/screen';
const INFO_API = '/api/keeper-system/tenant/info';
const TENANT = '528312';
/** The page's origin under jsdom (Vitest's default address; the harness sets no other): the domain asked. */
const HERE = 'http://localhost:3000';
/** The tenant bound to {@link HERE}, as `tenant/info` answers it. */
const BOUND = { tenantId: '888888', tenantName: '东湖经开区', domain: HERE, backgroundUrl: '' };

const months = Array.from({ length: 12 }, (_, i) => ({
  month: i + 1,
  thisMonth: i < 10 ? String(1000 + i * 100) : null,
  lastMonth: String(900 + i * 100),
  yoy: i < 10 ? '5.20' : null,
}));

const rows = <R,>(n: number, row: (i: number) => R) => Array.from({ length: n }, (_, i) => row(i + 1));

const ALL: Screen = {
  zoneName: '东湖经开区',
  period: '2026-10',
  widgets: ['kpi', 'outputTrend', 'parkInvestment', 'projectStatus', 'industryInvestment', 'typeInvestment', 'keyProjects', 'latestSigned', 'issues', 'enterpriseRanking', 'parkCompletion'],
  refreshedAt: '2026-11-29 20:45:00',
  kpi: {
    output: { ytd: '123456.78', yoy: '5.20', completion: '80.00' },
    investment: { ytd: '86500.5', plan: '120000', completion: '72.08', timeProgress: '83.33' },
    library: { projects: 120, totalInvestment: '1234567.8', overYi: 30 },
    started: { count: 12, planned: 20 },
    finished: { count: 5, planned: 8 },
    signed: { count: 15, amount: '456000' },
    aboveScale: { count: 210, newThisYear: 8 },
    keyIssues: { open: 3, overdue: 1 },
  },
  outputTrend: { year: 2026, lastYear: 2025, months },
  parkInvestment: [
    { name: '东区', plan: '60000', ytd: '45000', rate: '75.00' },
    { name: '西区', plan: '0', ytd: '1200', rate: null },
  ],
  projectStatus: [
    { key: '10', name: '签约', count: 5, investment: '50000' },
    { key: '30', name: '在建', count: 40, investment: '900000' },
  ],
  industryInvestment: [{ name: '装备制造', count: 12, investment: '300000' }],
  typeInvestment: [{ name: '产业项目', count: 40, investment: '700000' }],
  keyProjects: rows(9, (i) => ({ projectName: `重点项目${i}`, deptName: '东区', monthInvestment: '1200.5', cumulativeInvestment: '35000', progress: '主体施工' })),
  latestSigned: rows(3, (i) => ({ projectName: `签约项目${i}`, investmentYi: '12.50', industryName: '装备制造', signDate: `2026-10-1${i}` })),
  issues: [
    { projectName: '重点项目1', summary: '用电增容未批复', levelName: '重点问题', deptName: '供电公司', deadline: '2026-11-30', statusName: '办理中', overdue: true },
    { projectName: '重点项目2', summary: '用地指标', levelName: '一般问题', deptName: '自然资源局', deadline: null, statusName: '已交办', overdue: false },
  ],
  enterpriseRanking: rows(20, (i) => ({ rank: i, enterpriseName: `企业${i}`, ytd: String(10000 - i * 100), yoy: i === 2 ? '-3.10' : i === 3 ? null : '8.00' })),
  parkCompletion: [{ name: '东区', target: null, ytd: '52000', rate: null }],
};

/** The screen with only these widgets public: the others are neither listed nor sent. */
function only(...widgets: (keyof Screen)[]): Screen {
  const out: Record<string, unknown> = { zoneName: ALL.zoneName, period: ALL.period, refreshedAt: ALL.refreshedAt, widgets };
  widgets.forEach((w) => {
    out[w] = ALL[w];
  });
  return out as unknown as Screen;
}

const screenCalls = (calls: RecordedRequest[]) => calls.filter((c) => path(c) === SCREEN_API);

function open(answer: Handler, search = `?tenant=${TENANT}`, locale = 'zh-CN') {
  history.replace(`/dataAnalysis${search}`);
  const server = mockFetch(answer);
  render(
    <StyleProvider mock="server">
      <RawIntlProvider value={getIntl(locale)}>
        <DataAnalysis />
      </RawIntlProvider>
    </StyleProvider>,
  );
  return server;
}

/** Lets pending answers and effects settle (real timers): a call that was going to be made has been. */
const advanceReal = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const kpiValue = (key: string) => within(screen.getByTestId(`kpi-${key}`)).getByTestId('kpi-value').textContent;
const kpiText = (key: string) => screen.getByTestId(`kpi-${key}`).textContent;
const shownRows = (table: string) =>
  Array.from(screen.getByTestId(`table-${table}`).querySelectorAll('[data-loop-row="shown"]')).map((r) =>
    Array.from(r.querySelectorAll('[role="cell"]')).map((c) => c.textContent),
  );
const widgetsShown = () => Array.from(document.querySelectorAll('[data-testid^="widget-"]')).map((w) => w.getAttribute('data-testid')!.slice(7));
const chartOf = (widget: string) => JSON.parse(within(screen.getByTestId(`widget-${widget}`)).getByTestId('chart').getAttribute('data-option')!);

describe('the big screen', () => {
  it('shows the zone, the month the figures are of and the headline figures as the server sent them', async () => {
    const { calls } = open(() => ok(ALL));
    expect(await screen.findByTestId('screen-title')).toHaveProperty('textContent', '东湖经开区经济运行监测');
    expect(query(screenCalls(calls)[0])).toEqual({ tenant: TENANT });
    expect(screen.getByTestId('screen-as-of').textContent).toBe('数据截至 2026年10月');
    expect(screen.getByTestId('screen-refreshed').textContent).toBe('更新于 11-29 20:45');
    expect(document.title).toBe('东湖经开区经济运行监测');

    expect(kpiValue('output')).toBe('123,456.78');
    expect(kpiText('output')).toBe('规上工业总产值（1–10月）123,456.78万元同比 5.20%完成年度目标 80.00%');
    expect(screen.getByTestId('kpi-output-yoy').getAttribute('data-direction')).toBe('up');
    // behind the year's time progress: the share of the plan in amber
    expect(kpiText('investment')).toBe('项目完成投资（1–10月）86,500.50万元完成年度计划 72.08%时序进度 83.33%');
    expect(screen.getByTestId('kpi-investment').querySelector('.ds-warn')?.textContent).toBe('完成年度计划 72.08%');
    // Σ 计划总投资 in 亿元
    expect(kpiText('library')).toBe('在库项目120个总投资 123.46 亿元亿元以上 30');
    expect(kpiText('started')).toBe('本年新开工12个计划 20');
    expect(kpiText('finished')).toBe('本年竣工投产5个计划 8');
    expect(kpiText('signed')).toBe('招商签约15个签约额 456,000.00 万元');
    expect(kpiText('aboveScale')).toBe('规上工业企业210家本年新增 8');
    expect(kpiText('keyIssues')).toBe('待解决重点问题3个其中超期 1');
  });

  it('draws the charts and fills the scrolling tables, "—" where there is no figure', async () => {
    open(() => ok(ALL));
    await screen.findByTestId('screen-title');
    expect(widgetsShown()).toEqual([
      'outputTrend', 'enterpriseRanking', 'parkCompletion',
      'projectStatus', 'industryInvestment', 'keyProjects', 'issues',
      'parkInvestment', 'typeInvestment', 'latestSigned',
    ]);
    const trend = chartOf('outputTrend');
    expect(trend.legend.data).toEqual(['2026年', '2025年', '累计同比']);
    expect(trend.xAxis.data[0]).toBe('1月');
    // this year's months after October are gaps, not zeros
    expect(trend.series.find((s: { name: string }) => s.name === '2026年').data.slice(9)).toEqual([1900, null, null]);
    expect(chartOf('parkInvestment').series.find((s: { type: string }) => s.type === 'line').data).toEqual([75, null]);
    expect(chartOf('projectStatus').title.text).toBe('45');

    // six of the nine key projects in view
    expect(shownRows('keyProjects')).toHaveLength(6);
    expect(shownRows('keyProjects')[0]).toEqual(['重点项目1', '东区', '1,200.50', '35,000.00', '主体施工']);
    expect(shownRows('latestSigned')).toEqual([
      ['签约项目1', '12.50', '装备制造', '2026-10-11'],
      ['签约项目2', '12.50', '装备制造', '2026-10-12'],
      ['签约项目3', '12.50', '装备制造', '2026-10-13'],
    ]);
    expect(shownRows('issues')[1]).toEqual(['重点项目2', '用地指标', '一般问题', '自然资源局', '—', '已交办']);
    expect(screen.getByTestId('table-issues').querySelectorAll('.ds-overdue')).toHaveLength(1);
    expect(shownRows('enterpriseRanking').slice(0, 3)).toEqual([
      ['1', '企业1', '9,900.00', '8.00%'],
      ['2', '企业2', '9,800.00', '-3.10%'],
      ['3', '企业3', '9,700.00', '—'],
    ]);
    expect(within(screen.getByTestId('widget-enterpriseRanking')).getByText('1–10月产值')).toBeTruthy();
    expect(shownRows('parkCompletion')).toEqual([['东区', '—', '52,000.00', '—']]);
  });

  it('shows only the widgets the zone made public, closed up, and says so for an empty list or a trend of zeros', async () => {
    // a new zone: nothing signed, and twelve months of nothing
    const zeros = months.map((m) => ({ ...m, thisMonth: m.month <= 10 ? '0' : null, lastMonth: '0', yoy: null }));
    open(() => ok({ ...only('outputTrend', 'issues', 'latestSigned'), latestSigned: [], outputTrend: { year: 2026, lastYear: 2025, months: zeros } }));
    await screen.findByTestId('screen-title');
    expect(screen.queryByTestId('screen-kpis')).toBeNull();
    expect(widgetsShown()).toEqual(['outputTrend', 'issues', 'latestSigned']);
    // a column per side still standing: the middle one holds the issues alone, the right one the signings
    expect(document.querySelectorAll('.ds-column')).toHaveLength(3);
    expect(screen.getByTestId('table-latestSigned').textContent).toContain('暂无数据');
    expect(screen.getByTestId('widget-outputTrend').textContent).toBe('规上工业产值月度走势暂无数据');
    expect(screen.getByTestId('screen-as-of').textContent).toBe('数据截至 2026年10月');
  });

  it('says in full that the zone has not opened its big screen (404)', async () => {
    open(() => fail(404, '未开放数据大屏'));
    expect((await screen.findByTestId('screen-notOpen')).textContent).toContain('该园区未开放数据大屏');
    expect(messages()).toEqual([]);
  });


  it('reads in English', async () => {
    await withLocale('en-US', async () => {
      open(() => ok(ALL), `?tenant=${TENANT}`, 'en-US');
      expect((await screen.findByTestId('screen-title')).textContent).toBe('东湖经开区 Economic Monitor');
      expect(screen.getByTestId('screen-as-of').textContent).toBe('Data as of Oct 2026');
      expect(kpiText('output')).toContain('Output above scale (Jan–Oct)');
      expect(kpiText('library')).toContain('100M CNY');
    });
  });
});

describe('the big screen of a domain', () => {
  /** `tenant/info` and the screen as the server answers them; any other call is refused. */
  const server = (info: () => Response | Promise<Response>): Handler => (req) => {
    if (path(req) === INFO_API) return info();
    return path(req) === SCREEN_API ? ok(ALL) : fail(404, 'no such path');
  };
  const asked = (calls: RecordedRequest[]) => calls.map((c) => [path(c), query(c)]);

  it('without ?tenant=, asks which zone the domain is bound to, then shows that zone’s screen', async () => {
    // a session in this browser: the public look-up still goes without its token
    signIn();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { calls } = open(server(async () => {
      await answered;
      return ok(BOUND);
    }), '');
    // the look-up on its way: the loading message, and the screen not asked yet
    await waitFor(() => expect(asked(calls)).toEqual([[INFO_API, { domain: HERE }]]));
    expect(screen.getByTestId('screen-loading')).toBeTruthy();
    expect(screen.queryByTestId('screen-noTenant')).toBeNull();

    answer();
    expect(await screen.findByTestId('screen-title')).toHaveProperty('textContent', '东湖经开区经济运行监测');
    expect(asked(calls)).toEqual([
      [INFO_API, { domain: HERE }],
      [SCREEN_API, { tenant: '888888' }],
    ]);
    expect(calls.map((c) => c.headers['keeper-auth'])).toEqual([undefined, undefined]);
    expect(messages()).toEqual([]);
  });

  it('without ?tenant= and no zone bound to the domain, says so and never asks for a screen', async () => {
    const { calls } = open(server(() => ok({})), '');
    const message = await screen.findByTestId('screen-noTenant');
    expect(message.textContent).toContain('缺少园区参数');
    expect(message.textContent).toContain('租户管理');
    await advanceReal();
    expect(asked(calls)).toEqual([[INFO_API, { domain: HERE }]]);
    // an empty answer is not an "操作成功" toast
    expect(messages()).toEqual([]);
  });

  it('with ?tenant=, shows that zone and asks nothing about the domain', async () => {
    const { calls } = open(server(() => ok(BOUND)));
    await screen.findByTestId('screen-title');
    await advanceReal();
    expect(asked(calls)).toEqual([[SCREEN_API, { tenant: TENANT }]]);
  });

  it('says the data could not be loaded when the look-up fails, and asks again a minute later', async () => {
    vi.useFakeTimers();
    let up = false;
    const { calls } = open(server(() => (up ? ok(BOUND) : fail(503, '服务不可用'))), '');
    await advance(0);
    expect(screen.getByTestId('screen-failed').textContent).toContain('数据加载失败');
    expect(asked(calls)).toEqual([[INFO_API, { domain: HERE }]]);
    expect(messages()).toEqual([]);

    up = true;
    await advance(59_999);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(screen.getByTestId('screen-title').textContent).toBe('东湖经开区经济运行监测');
    expect(asked(calls)).toEqual([
      [INFO_API, { domain: HERE }],
      [INFO_API, { domain: HERE }],
      [SCREEN_API, { tenant: '888888' }],
    ]);
  });

  it('tells in English where the zone comes from', async () => {
    await withLocale('en-US', async () => {
      open(server(() => ok({})), '', 'en-US');
      expect((await screen.findByTestId('screen-noTenant')).textContent).toContain('or on the domain bound to the zone in Tenants');
    });
  });
});

describe('the big screen over time', () => {
  it('asks again every 60 s, keeps the last answer when a poll fails, and closes when the zone withdraws its screen', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T20:45:00') });
    const answers: (() => Response)[] = [
      () => ok(ALL),
      () => ok({ ...ALL, kpi: { ...ALL.kpi!, output: { ...ALL.kpi!.output, ytd: '130000' } }, refreshedAt: '2026-11-29 20:46:00' }),
      () => fail(500, '服务器异常'),
      () => fail(404, '未开放数据大屏'),
    ];
    const { calls } = open(() => answers[Math.min(screenCalls(calls).length - 1, answers.length - 1)]());
    await advance(0);
    expect(screenCalls(calls)).toHaveLength(1);
    expect(kpiValue('output')).toBe('123,456.78');

    await advance(59_999);
    expect(screenCalls(calls)).toHaveLength(1);
    await advance(1);
    expect(screenCalls(calls)).toHaveLength(2);
    expect(kpiValue('output')).toBe('130,000.00');
    expect(screen.getByTestId('screen-refreshed').textContent).toBe('更新于 11-29 20:46');

    // a failed poll: the figures stay, marked as of the last answer, and no toast covers the screen
    await advance(60_000);
    expect(screenCalls(calls)).toHaveLength(3);
    expect(kpiValue('output')).toBe('130,000.00');
    expect(screen.getByTestId('screen-stale').textContent).toBe('数据刷新失败，当前显示 11-29 20:46 的数据');
    expect(messages()).toEqual([]);

    await advance(60_000);
    expect(screenCalls(calls)).toHaveLength(4);
    expect(screen.getByTestId('screen-notOpen').textContent).toContain('该园区未开放数据大屏');
    expect(screen.queryByTestId('screen-kpis')).toBeNull();
  });

  it('keeps asking after a first load that failed, and shows the screen when the service is back', async () => {
    vi.useFakeTimers();
    let up = false;
    const { calls } = open(() => (up ? ok(ALL) : fail(503, '服务不可用')));
    await advance(0);
    expect(screen.getByTestId('screen-failed').textContent).toContain('数据加载失败');
    up = true;
    await advance(60_000);
    expect(screenCalls(calls)).toHaveLength(2);
    expect(screen.getByTestId('screen-title').textContent).toBe('东湖经开区经济运行监测');
  });
});

describe('the big screen in the whole app', { timeout: 120_000 }, () => {
  const noSessionCalls = (calls: RecordedRequest[]) => calls.filter((c) => path(c) !== SCREEN_API).map(path);

  it('opens without a session: loads no menus, sends no token and stays on the page', async () => {
    const { calls } = backend({ [SCREEN_API]: () => ok(ALL) });
    const app = await renderApp('/dataAnalysis', `?tenant=${TENANT}`);
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe('东湖经开区经济运行监测'));
    expect(screenCalls(calls)).toHaveLength(1);
    expect(screenCalls(calls)[0].headers['keeper-auth']).toBeUndefined();
    expect(noSessionCalls(calls)).toEqual([]);
    expect(app.location()).toBe(`/dataAnalysis?tenant=${TENANT}`);
    // no layout: no menu, no header of the back office
    expect(document.querySelector('.ant-pro-layout')).toBeNull();
  });

  it('with an expired session in the browser: sends no token, clears nothing and does not go to the login page', async () => {
    // signed in a month ago: access and refresh tokens both expired
    signIn({ now: Date.now() - 30 * 86400_000 });
    const { calls } = backend({ [SCREEN_API]: () => ok(ALL) });
    const app = await renderApp('/dataAnalysis', `?tenant=${TENANT}`);
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe('东湖经开区经济运行监测'));
    expect(screenCalls(calls)[0].headers['keeper-auth']).toBeUndefined();
    expect(noSessionCalls(calls)).toEqual([]);
    expect(app.location()).toBe(`/dataAnalysis?tenant=${TENANT}`);
    expect(getToken()).toBe('bearer A1');
    expect(messages()).toEqual([]);
  });

  it('opened on a bound domain with an expired session: looks the zone up without a token and stays on the page', async () => {
    signIn({ now: Date.now() - 30 * 86400_000 });
    const { calls } = backend({ [INFO_API]: () => ok(BOUND), [SCREEN_API]: () => ok(ALL) });
    const app = await renderApp('/dataAnalysis');
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe('东湖经开区经济运行监测'));
    const ours = calls.filter((c) => path(c) === INFO_API || path(c) === SCREEN_API);
    expect(ours.map((c) => [path(c), query(c), c.headers['keeper-auth']])).toEqual([
      [INFO_API, { domain: HERE }, undefined],
      [SCREEN_API, { tenant: '888888' }, undefined],
    ]);
    expect(noSessionCalls(calls).filter((p) => p !== INFO_API)).toEqual([]);
    expect(app.location()).toBe('/dataAnalysis');
    expect(getToken()).toBe('bearer A1');
  });
});
