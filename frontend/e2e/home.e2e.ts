// The home page's 待办事项 and 本月概况 in the browser (issue 18), through the real gateway and services: a
// zone set up through the API (its 管委会, a park, two 规上 enterprises of the park), one enterprise's
// output approved for last year's month and for the month before (the base of the year on year, and
// the year so far), the park's annual output target issued, and its report of the month being reported
// submitted and waiting. A committee reviewer holding 产值填报 (view, approve, return), 产值统计, 跟踪项目
// (view, approve, return, handle) and 在库项目 › 统计 opens the home page: 待审核的产值填报 1, the other
// to-dos theirs with nothing to do (无), and the month's headline figures; the to-do leads to 产值填报 on
// that month filtered to 待审核, showing the report. A park clerk holding the filing buttons sees 本月未报企业
// 1, which leads to the month's 未报 list: the other enterprise alone. The page reads in English too.
// Screenshots: e2e/screenshots/home-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  createAccountByApi,
  createRoleByApi,
  createRoleWithMenusByApi,
  createZoneByApi,
  type Credentials,
  latestClosedMonth,
  pageOverflow,
  postIdsByApi,
  replyTo,
  reportingEnterprise,
  row,
  settled,
  signIn,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '青湖经开区';
const ZONE_PASSWORD = 'Qinghu#2026';
const PARK = '青湖园区';
const STORY = '青湖精密机械有限公司';
const OTHER = '青湖新材料有限公司';
const REVIEWER = { account: 'qinghu.review', realName: '孙审核', password: 'Review#2026' };
const CLERK = { account: 'qinghu.clerk', realName: '钱填报', password: 'Clerk#2026' };
const OUTPUT = ['产值管理', '产值填报'];

/** Files an enterprise's month of output and submits it; approves it too unless `approve` is false. */
async function output(page: Page, enterpriseId: string, period: string, monthOutput: string, approve = true) {
  const { id } = await api<{ id: string }>(page, 'outputValue/submit', { json: { enterpriseId, period, monthOutput } });
  for (const step of approve ? ['submit', 'approve'] : ['submit']) await api(page, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
}

describe('the home page: a reviewer finds the report waiting, a clerk the enterprise that has not reported', () => {
  let stack: Stack;
  let s: Session;
  let reviewerContext: BrowserContext;
  let clerkContext: BrowserContext;
  let reviewer: Page;
  let clerk: Page;
  // the month being reported, the one before and last year's
  const { year, month, period } = latestClosedMonth();
  const before = month > 1 ? `${year}-${String(month - 1).padStart(2, '0')}` : undefined;
  const lastYear = `${year - 1}-${String(month).padStart(2, '0')}`;

  const todo = (page: Page, kind: string) => page.getByTestId(`todo-${kind}`);
  const countOf = async (page: Page, kind: string) => ((await todo(page, kind).getByTestId('todo-count').textContent()) ?? '').trim();

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const { tenantId, topId, parkId } = await createZoneByApi(stack, admin, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    const { id: story } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise(STORY, parkId, 4801) });
    await api(admin, 'enterprise/submit', { json: reportingEnterprise(OTHER, parkId, 4802) });
    await output(admin, story, lastYear, '1000');
    if (before) await output(admin, story, before, '1100');
    await output(admin, story, period, '1200', false);
    const { id: target } = await api<{ id: string }>(admin, 'target/submit', {
      json: { targetYear: year, deptId: parkId, indicatorCode: '12', annualTarget: '12000' },
    });
    await postIdsByApi(admin, 'target/release', [target]);

    const reviewerRole = await createRoleWithMenusByApi(admin, { name: '管委会审核员', alias: 'committee_reviewer' }, [
      { menuPath: OUTPUT, buttons: ['查看', '审核', '退回'] },
      { menuPath: ['产值管理', '产值统计'], buttons: ['查看'] },
      { menuPath: ['投资管理', '跟踪项目'], buttons: ['查看', '审核', '退回', '问题办理'] },
      { menuPath: ['投资管理', '在库项目', '统计'], buttons: ['查看'] },
    ]);
    const clerkRole = await createRoleByApi(admin, { name: '园区填报员', alias: 'park_clerk' }, OUTPUT, ['新增', '修改', '查看', '提交']);
    await createAccountByApi(admin, { ...REVIEWER, roleId: reviewerRole, deptId: topId });
    await createAccountByApi(admin, { ...CLERK, roleId: clerkRole, deptId: parkId });

    reviewerContext = await newContext(s.browser);
    reviewer = await reviewerContext.newPage();
    await signIn(stack, reviewer, { tenantId, ...REVIEWER } satisfies Credentials);
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId, ...CLERK } satisfies Credentials);
  });

  afterAll(async () => {
    await reviewerContext?.close();
    await clerkContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the reviewer sees 待审核的产值填报 1, the other to-dos done, and the month’s figures', async () => {
    const page = reviewer;
    await page.goto(`${stack.url}/index`);
    await expect.poll(() => countOf(page, 'outputReview')).toBe('1');
    const card = page.getByTestId('home-todos');
    expect(await card.locator('.ant-card-extra').textContent()).toBe(`报告期：${year}年${month}月`);
    // theirs, with nothing to do: said, not hidden
    for (const kind of ['projectReportReview', 'overdueIssues']) expect(await countOf(page, kind)).toBe('无');
    // not theirs: the filings they do not fill in
    for (const kind of ['outputReturned', 'outputMissing', 'projectReportReturned']) expect(await todo(page, kind).count()).toBe(0);

    const headlines = page.getByTestId('home-headlines');
    await expect.poll(async () => (await headlines.locator('.ant-card-extra').textContent()) ?? '').toBe(`数据截至 ${year}年${month}月`);
    const figure = async (id: string) => ((await headlines.getByTestId(id).getByTestId('figure-value').textContent()) ?? '').trim();
    // approved months only: the month before (1,100) against last year's months to date (1,000 in its month)
    await expect.poll(() => figure('headline-output-ytd')).toBe(before ? '1,100.00' : '0.00');
    if (before) {
      expect(await figure('headline-output-yoy')).toBe('10.00%');
      // 1,100 of the park's 12,000
      expect(await figure('headline-output-completion')).toBe('9.17%');
    }
    expect(await figure('headline-investment-projects')).toBe('0');
    expect(await untranslatedKeys(page)).toEqual([]);
    expect(await pageOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'home-01-reviewer');
  });

  test('the to-do leads to 产值填报 on that month filtered to 待审核, showing the report', async () => {
    const page = reviewer;
    const listed = await replyTo(page, '/outputValue/list', () => todo(page, 'outputReview').locator('a').click());
    await page.waitForURL((u) => u.pathname === '/outputValue/report');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ period, reportStatus: '1' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total).toBe(1);
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('待审核');
    expect(await row(page, OTHER).count()).toBe(0);
    // the filter says why the list is short, and the month is the one the to-do named
    const status = page.locator('.ant-pro-query-filter .ant-form-item').filter({ has: page.locator('label:text-is("状态")') });
    expect((await status.textContent()) ?? '').toContain('待审核');
    expect((await page.getByTestId('period-year').textContent()) ?? '').toContain(`${year}年`);
    expect((await page.getByTestId('period-month').textContent()) ?? '').toContain(`${month}月`);
    await settled(page);
    await screenshot(page, 'home-02-filtered');
  });

  test('the links of the project to-dos open 跟踪项目 on their tab, filtered as the server reads them', async () => {
    const page = reviewer;
    for (const [search, path, want] of [
      ['?tab=review&reportStatus=1', '/projectReport/list', { reportStatus: '1' }],
      ['?tab=issues&assigned=Y&overdue=Y', '/projectIssue/list', { assigned: 'Y', overdue: 'Y' }],
    ] as const) {
      const listed = await replyTo(page, path, () => page.goto(`${stack.url}/investment/trackProject${search}`));
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      await expect.poll(() => page.evaluate(() => location.search)).toBe(search);
      const sent = await page.evaluate(
        (p) => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => new URL(n).pathname.endsWith(p)).pop() ?? '',
        path,
      );
      expect(Object.fromEntries(new URL(sent).searchParams)).toMatchObject(want);
    }
    await settled(page);
    await screenshot(page, 'home-03-issues');
  });

  test('the clerk sees 本月未报企业 1 and is led to the month’s enterprises that have not reported', async () => {
    const page = clerk;
    await page.goto(`${stack.url}/index`);
    await expect.poll(() => countOf(page, 'outputMissing')).toBe('1');
    expect(await countOf(page, 'outputReturned')).toBe('无');
    expect(await todo(page, 'outputReview').count()).toBe(0);
    // no statistics for the clerk: the to-dos take the row
    expect(await page.getByTestId('home-headlines').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'home-04-clerk');

    const listed = await replyTo(page, '/outputValue/list', () => todo(page, 'outputMissing').locator('a').click());
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ period, reportStatus: 'unreported' });
    expect(listed.body.data.total).toBe(1);
    await expect.poll(async () => (await row(page, OTHER).textContent()) ?? '').toContain('未填');
    expect(await row(page, STORY).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'home-05-clerk-unreported');
  });

  test('in English the home page reads in English', async () => {
    const page = reviewer;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}/index`);
    await expect.poll(() => countOf(page, 'outputReview')).toBe('1');
    const text = (await page.getByTestId('home-todos').textContent()) ?? '';
    for (const want of ['To-dos', 'Output reports awaiting my review', 'Project monthly reports awaiting my review', 'Overdue issues of my unit', 'None'])
      expect(text).toContain(want);
    await expect.poll(async () => (await page.getByTestId('home-headlines').textContent()) ?? '').toContain('Data as of');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'home-06-english');
    await useLocale(page, 'zh-CN');
  });

  test('on a phone the to-dos and the figures stand one above the other', async () => {
    const phone = await newContext(s.browser, { width: 390, height: 844 });
    try {
      const page = await phone.newPage();
      await page.goto(`${stack.url}/user/login`);
      await page.evaluate(
        (state) => Object.entries(state).forEach(([k, v]) => localStorage.setItem(k, v)),
        await reviewer.evaluate(() => Object.fromEntries(Object.entries(localStorage))),
      );
      await page.goto(`${stack.url}/index`);
      await expect.poll(() => countOf(page, 'outputReview')).toBe('1');
      await page.getByTestId('home-headlines').getByTestId('headline-output-ytd').waitFor();
      const [todos, figures] = await Promise.all(['home-todos', 'home-headlines'].map((id) => page.getByTestId(id).boundingBox()));
      expect(figures!.y).toBeGreaterThanOrEqual(todos!.y + todos!.height);
      expect(await pageOverflow(page)).toBe(0);
      await settled(page);
      await screenshot(page, 'home-07-phone');
    } finally {
      await phone.close();
    }
  });
});
