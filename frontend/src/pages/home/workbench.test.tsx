// The home page's 待办事项 and 本月概况 (issue 18), the whole app against the fake back end: each to-do the
// server sends shows its count and leads to the list it counts, filtered (the link followed opens
// 产值填报 on that month and status); a to-do with nothing left reads 无; one not sent is not shown. The
// headline figures come from the total rows of the two statistics screens, asked as those screens open,
// each only for whoever holds its `view` button — a person with neither sees no figures and asks for none.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { fail, ok, type RecordedRequest } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { click, menuButton, query } from '../../../tests/page';
import { renderApp } from '../../../tests/renderApp';
import { formatPeriod, latestClosed } from '@/components/Period';
import type { TodoItem } from '@/services/business/workbench';

const TODO = '/api/workbench/todo';
const OUTPUT_STATS = '/api/outputValue/statistics';
const PROJECT_STATS = '/api/project/statistics';
const OUTPUT_LIST = '/api/outputValue/list';

const todos = (items: TodoItem[]) => () => ok({ period: '2026-10', items });
const called = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p);
const todo = (kind: string) => screen.queryByTestId(`todo-${kind}`);
const linkOf = (kind: string) => todo(kind)?.querySelector('a')?.getAttribute('href');

/** The menu groups of `menu/buttons` granting the `view` button of each statistics menu named. */
function statsButtons(...menus: ('output_statistics' | 'in_library_statistics')[]) {
  return () =>
    ok(
      menus.map((code) => ({
        id: code,
        parentId: '0',
        code,
        name: code,
        alias: 'menu',
        path: '',
        children: [menuButton(code, 'view', 2, '', 1)],
      })),
    );
}

const row = (over: Record<string, unknown>) => ({ key: '', name: '', depth: 0, subtotal: false, ...over });

const OUTPUT_ANSWER = {
  view: 'dept',
  period: '2026-10',
  deptBasis: 'snapshot',
  title: '',
  zoneName: '东区经开区',
  januaryMerged: false,
  timeProgress: '83.33',
  rows: [
    row({ key: 'd2', name: '高新片区', kind: 'dept', ytdOutput: '2400', yoy: '5', completion: '20' }),
    row({ name: '合计', kind: 'total', enterprises: 12, reported: 11, ytdOutput: '12345.678', yoy: '-3.2', completion: '83', target: '14874' }),
  ],
};

const PROJECT_ANSWER = {
  view: 'dimension',
  by: 'dept',
  byName: '属地',
  period: '2026-10',
  deptBasis: 'snapshot',
  title: '',
  rows: [
    row({ key: 'd2', name: '高新片区', kind: 'dept', projects: 9, ytdInvestment: '1000', yearPlanInvestment: '2000', ytdPlanRate: '50', openIssues: 1 }),
    row({ name: '合计', kind: 'total', projects: 25, ytdInvestment: '86500.5', yearPlanInvestment: '120000', ytdPlanRate: '72.08', openIssues: 3 }),
  ],
};

describe('待办事项 on the home page', { timeout: 120_000 }, () => {
  it('shows each to-do with its count and a link to the list it counts, in a fixed order', async () => {
    signIn();
    backend({
      // in another order than the page lists them
      [TODO]: todos([
        { kind: 'overdueIssues', count: 5 },
        { kind: 'outputReview', count: 3, period: '2026-09' },
        { kind: 'projectReportReturned', count: 1 },
        { kind: 'outputMissing', count: 4, period: '2026-10' },
        { kind: 'outputReturned', count: 1 },
        { kind: 'projectReportReview', count: 2 },
      ]),
    });
    await renderApp('/index');
    const card = await screen.findByTestId('home-todos');
    await within(card).findByTestId('todo-outputReview');
    expect(card.querySelector('.ant-card-head-title')?.textContent).toBe('待办事项');
    expect(card.querySelector('.ant-card-extra')?.textContent).toBe('报告期：2026年10月');
    const listed = within(card).getAllByTestId('todo-label').map((l) => l.textContent);
    expect(listed).toEqual(['待审核的产值填报', '被退回的产值填报', '本月未报企业', '待审核的项目月报', '被退回的项目月报', '本单位逾期问题']);
    const counts = Object.fromEntries(
      ['outputReview', 'outputReturned', 'outputMissing', 'projectReportReview', 'projectReportReturned', 'overdueIssues'].map((k) => [
        k,
        within(todo(k)!).getByTestId('todo-count').textContent,
      ]),
    );
    expect(counts).toEqual({ outputReview: '3', outputReturned: '1', outputMissing: '4', projectReportReview: '2', projectReportReturned: '1', overdueIssues: '5' });
    // the output reports open on the oldest month waiting, else on the month being reported
    expect(linkOf('outputReview')).toBe('/outputValue/report?period=2026-09&reportStatus=1');
    expect(todo('outputReview')!.textContent).toContain('最早：2026年9月');
    expect(linkOf('outputReturned')).toBe('/outputValue/report?period=2026-10&reportStatus=3');
    expect(linkOf('outputMissing')).toBe('/outputValue/report?period=2026-10&reportStatus=unreported');
    // the card's month is said once, in its head
    expect(todo('outputMissing')!.textContent).not.toContain('2026年10月');
    expect(linkOf('projectReportReview')).toBe('/investment/trackProject?tab=review&reportStatus=1');
    expect(linkOf('projectReportReturned')).toBe('/investment/trackProject?tab=review&reportStatus=3');
    expect(linkOf('overdueIssues')).toBe('/investment/trackProject?tab=issues&assigned=Y&overdue=Y');
  });

  it('leads to 产值填报 on the month and the status of the to-do', async () => {
    signIn();
    const { calls } = backend({
      [TODO]: todos([{ kind: 'outputReview', count: 1, period: '2026-09' }]),
      [OUTPUT_LIST]: () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      '/api/outputValue/completeness': () =>
        ok({ period: '2026-09', deadline: '2026-10-05', locked: false, reportingMonth: true, depts: [], total: { deptId: null, deptName: '', expected: 0, reported: 0, approved: 0, missing: 0, late: 0 } }),
    });
    const app = await renderApp('/index');
    const line = await screen.findByTestId('todo-outputReview');
    await click(line.querySelector('a')!);
    await waitFor(() => expect(app.location()).toBe('/outputValue/report?period=2026-09&reportStatus=1'));
    await waitFor(() => expect(called(calls, OUTPUT_LIST).length).toBeGreaterThan(0));
    expect(query(called(calls, OUTPUT_LIST)[0])).toMatchObject({ period: '2026-09', reportStatus: '1' });
  });

  it('shows a to-do with nothing left as 无, without a link, and leaves out those not sent', async () => {
    signIn();
    backend({ [TODO]: todos([{ kind: 'outputReview', count: 0 }, { kind: 'overdueIssues', count: 2 }]) });
    await renderApp('/index');
    const done = await screen.findByTestId('todo-outputReview');
    expect(within(done).getByTestId('todo-count').textContent).toBe('无');
    expect(done.querySelector('a')).toBeNull();
    expect(done.textContent).not.toContain('最早');
    expect(linkOf('overdueIssues')).toBe('/investment/trackProject?tab=issues&assigned=Y&overdue=Y');
    for (const kind of ['outputReturned', 'outputMissing', 'projectReportReview', 'projectReportReturned']) expect(todo(kind)).toBeNull();
  });

  it('says when there is nothing to do', async () => {
    signIn();
    backend({ [TODO]: todos([]) });
    await renderApp('/index');
    expect(await within(await screen.findByTestId('home-todos')).findByText('暂无待办事项')).toBeTruthy();
  });

  it('says in the card that the to-dos could not be read, without a toast', async () => {
    signIn();
    backend({ [TODO]: () => fail(500, '服务器错误') });
    await renderApp('/index');
    expect(await within(await screen.findByTestId('home-todos')).findByText('待办事项加载失败，请刷新页面重试')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
  });
});

describe('本月概况 on the home page', { timeout: 120_000 }, () => {
  it('shows the totals of both statistics screens, asked as those screens open, with links to them', async () => {
    signIn();
    const { calls } = backend({
      '/api/keeper-system/menu/buttons': statsButtons('output_statistics', 'in_library_statistics'),
      [OUTPUT_STATS]: () => ok(OUTPUT_ANSWER),
      [PROJECT_STATS]: () => ok(PROJECT_ANSWER),
    });
    await renderApp('/index');
    const card = await screen.findByTestId('home-headlines');
    await within(card).findByTestId('headlines-output');
    const period = formatPeriod(latestClosed());
    expect(query(called(calls, OUTPUT_STATS)[0])).toEqual({ view: 'dept', period, deptBasis: 'snapshot', aboveScale: 'Y' });
    expect(query(called(calls, PROJECT_STATS)[0])).toEqual({ view: 'dimension', by: 'dept', period, deptBasis: 'snapshot' });

    expect(card.querySelector('.ant-card-head-title')?.textContent).toBe('本月概况');
    expect(card.querySelector('.ant-card-extra')?.textContent).toBe('数据截至 2026年10月');
    const figure = (id: string) => within(card).getByTestId(id);
    const value = (id: string) => within(figure(id)).getByTestId('figure-value');
    expect(figure('headline-output-ytd').textContent).toBe('规上工业总产值（1–10月）12,345.68万元');
    expect(value('headline-output-yoy').textContent).toBe('-3.20%');
    // a fall reads red
    expect(value('headline-output-yoy').className).toContain('ant-typography-danger');
    expect(figure('headline-output-completion').textContent).toBe('完成年度目标83.00%');
    expect(figure('headline-investment-ytd').textContent).toBe('项目完成投资（1–10月）86,500.50万元年度计划 120,000.00 万元');
    expect(figure('headline-investment-completion').textContent).toBe('完成年度计划72.08%');
    expect(figure('headline-investment-projects').textContent).toBe('在库项目25个');
    expect(figure('headline-investment-issues').textContent).toBe('未销号问题3个');
    expect(within(card).getByTestId('headlines-output-link').getAttribute('href')).toBe('/outputValue/statistics?period=2026-10&aboveScale=Y');
    expect(within(card).getByTestId('headlines-investment-link').getAttribute('href')).toBe('/investment/inLibraryProject/statistics?period=2026-10');
    // beside the to-dos
    expect(screen.getByTestId('home-todos')).toBeTruthy();
  });

  it('shows only the output figures to whoever may read only the output statistics, "—" where there is none', async () => {
    signIn();
    const { calls } = backend({
      '/api/keeper-system/menu/buttons': statsButtons('output_statistics'),
      [OUTPUT_STATS]: () => ok({ ...OUTPUT_ANSWER, rows: [row({ name: '合计', kind: 'total', ytdOutput: '0', yoy: null, completion: null, target: null })] }),
    });
    await renderApp('/index');
    const card = await screen.findByTestId('home-headlines');
    const output = await within(card).findByTestId('headlines-output');
    await waitFor(() => expect(within(output).getByTestId('headline-output-ytd').textContent).toContain('0.00'));
    expect(within(within(output).getByTestId('headline-output-yoy')).getByTestId('figure-value').textContent).toBe('—');
    expect(within(within(output).getByTestId('headline-output-completion')).getByTestId('figure-value').textContent).toBe('—');
    expect(within(card).queryByTestId('headlines-investment')).toBeNull();
    expect(called(calls, PROJECT_STATS)).toHaveLength(0);
  });

  it('shows no figures to whoever may read neither statistics screen, and asks for none', async () => {
    signIn();
    const { calls } = backend({ [TODO]: todos([{ kind: 'outputMissing', count: 2, period: '2026-10' }]) });
    await renderApp('/index');
    await screen.findByTestId('todo-outputMissing');
    expect(screen.queryByTestId('home-headlines')).toBeNull();
    expect(called(calls, OUTPUT_STATS)).toHaveLength(0);
    expect(called(calls, PROJECT_STATS)).toHaveLength(0);
  });
});
