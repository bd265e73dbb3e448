// 跟踪项目 in the browser (issue 15, monthly progress reports), through the real gateway and services: a
// zone set up through the API (its 管委会, a park, two tracked projects of the park in the library — one in
// 前期手续, one under construction with last month reported), a park clerk holding 跟踪项目 with its filing
// buttons and a committee reviewer holding view/approve/return. The clerk opens the working list from the
// menu (the previous month, the figures, 已报/未报), files the month's report of the project in 前期手续
// and says it started construction (the start date it asks for), and sends it for review from 月报审核;
// the reviewer reads the proposed move in the report and approves; the clerk's list then shows the project
// 在建 with the month's figures. Screenshots: e2e/screenshots/trackProject-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  createAccountByApi,
  createRoleByApi,
  createTenantByApi,
  type Credentials,
  DRAWER,
  dialog,
  fill,
  formItem,
  HEADER_MENU,
  pick,
  replyTo,
  row,
  rowAction,
  SIDER,
  settled,
  signIn,
  typeDay,
  untranslatedKeys,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '北湖经开区';
const ZONE_PASSWORD = 'Beihu#2026';
const PARK = '北湖园区';
const SCREEN = ['投资管理', '跟踪项目'];
const PATH = '/investment/trackProject';
const CLERK = { account: 'beihu.clerk', realName: '吴填报', password: 'Clerk#2026' };
const REVIEWER = { account: 'beihu.review', realName: '郑审核', password: 'Review#2026' };
const POWER = { account: 'beihu.power', realName: '冯供电', password: 'Power#2026' };
const POWER_DEPT = '北湖供电公司';
const ISSUE = '10kV专线未接入，设备无法调试';

/** The project whose report the story follows (前期手续 → 在建), and one already building. */
const STORY = '北湖智能制造产业园';
const BUILDING = '北湖冷链物流中心';
/** A project in production, for 已完成项目. */
const FINISHED = '北湖精密轴承项目';

/** The reporting month (the previous calendar month, the screen's default) and the one before. */
function months(): { month: string; before: string; number: number } {
  const now = new Date();
  const at = (back: number) => {
    const d = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return { text: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`, number: d.getMonth() + 1 };
  };
  return { month: at(1).text, before: at(2).text, number: at(1).number };
}

/** A complete 招商引资 project of the park, signed. */
function project(name: string, deptId: string, totalInvestment: string, extra: Record<string, string> = {}) {
  return {
    projectName: name,
    ownerName: '北湖新材料科技有限公司',
    projectSource: '1',
    deptId,
    projectType: '01',
    projectStatus: '40',
    constructionNature: '1',
    industryCode: 'C38',
    projectLevel: '3',
    isKeyProject: 'N',
    address: '北湖大道 18 号',
    constructionContent: '新建厂房 5.2 万平方米',
    totalInvestment,
    signDate: '2025-03-18',
    contractAmount: totalInvestment,
    plannedStartDate: '2025-06-01',
    plannedCompletionDate: '2027-12-31',
    ownerContact: '王经理',
    ownerPhone: '0551-67890001',
    ...extra,
  };
}

async function openFromMenu(page: Page) {
  await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: SCREEN[0] }).click();
  await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: SCREEN[1] }).click();
  await page.waitForURL((u) => u.pathname === PATH);
}

async function openTab(page: Page, name: string) {
  await page.locator('.ant-page-header .ant-tabs-tab', { hasText: name }).click();
}

describe('跟踪项目: a park files the month, the committee approves it', () => {
  let stack: Stack;
  let s: Session;
  let clerkContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let clerk: Page;
  let reviewer: Page;
  let powerContext: BrowserContext;
  let power: Page;
  const { month, before, number } = months();

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const tenantId = await createTenantByApi(admin, { name: ZONE, adminPassword: ZONE_PASSWORD });
    await admin.evaluate(() => localStorage.clear());
    await signIn(stack, admin, { tenantId, account: 'admin', password: ZONE_PASSWORD });
    const [top] = await api<{ id: string }[]>(admin, 'keeper-system/dept/commonList');
    const { id: parkId } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: top.id, deptName: PARK, fullName: `${ZONE}${PARK}`, deptCategory: 2, powerType: 2, sort: 1, remark: '' },
    });
    // Two projects of the park, taken into the library by the administrator (both tracked: ≥ 5,000 万元).
    const enter = async (body: object) => {
      const { id } = await api<{ id: string }>(admin, 'project/submit', { json: body });
      for (const step of ['submit', 'approve']) await api(admin, 'project/review', { json: { ids: [id], step, opinion: '' } });
      return id;
    };
    await enter(project(STORY, parkId, '68000'));
    const building = await enter(project(BUILDING, parkId, '12000.5', { projectStatus: '50', actualStartDate: '2025-09-01', openingInvestment: '3000' }));
    // The building project reported the month before last (approved) and not yet this month.
    const { id: earlier } = await api<{ id: string }>(admin, 'projectReport/submit', {
      json: { projectId: building, period: before, monthInvestment: '800.25', projectStatus: '50', progressDesc: '主体结构施工', hasIssue: 'N' },
    });
    for (const step of ['submit', 'approve']) await api(admin, 'projectReport/review', { json: { ids: [earlier], step, opinion: '' } });
    // In production: built 10 March 2025 – 20 April 2026, 9,000 of 12,000 万元 invested.
    await enter(
      project(FINISHED, parkId, '12000', {
        projectStatus: '70',
        actualStartDate: '2025-03-10',
        actualCompletionDate: '2026-04-20',
        productionDate: '2026-05-08',
        openingInvestment: '9000',
      }),
    );

    const { id: powerId } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: top.id, deptName: POWER_DEPT, fullName: POWER_DEPT, deptCategory: 2, powerType: 4, sort: 2, remark: '' },
    });
    const clerkRole = await createRoleByApi(admin, { name: '园区填报员', alias: 'park_clerk' }, SCREEN, ['新增', '修改', '查看', '删除', '提交', '导出', '上报问题']);
    const reviewerRole = await createRoleByApi(admin, { name: '管委会审核员', alias: 'committee_reviewer' }, SCREEN, ['查看', '审核', '退回', '问题交办']);
    const powerRole = await createRoleByApi(admin, { name: '协办单位', alias: 'co_operating' }, SCREEN, ['查看', '问题办理']);
    await createAccountByApi(admin, { ...CLERK, roleId: clerkRole, deptId: parkId });
    await createAccountByApi(admin, { ...REVIEWER, roleId: reviewerRole, deptId: top.id });
    await createAccountByApi(admin, { ...POWER, roleId: powerRole, deptId: powerId });
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId, ...CLERK } satisfies Credentials);
    reviewerContext = await newContext(s.browser);
    reviewer = await reviewerContext.newPage();
    await signIn(stack, reviewer, { tenantId, ...REVIEWER } satisfies Credentials);
    powerContext = await newContext(s.browser);
    power = await powerContext.newPage();
    await signIn(stack, power, { tenantId, ...POWER } satisfies Credentials);
  });

  test('the administrator finds the project in production under 已完成项目 with what it achieved', async () => {
    const page = s.page;
    await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: '投资管理' }).click();
    await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: '已完成项目' }).click();
    await page.waitForURL((u) => u.pathname === '/investment/finishProject');
    await row(page, FINISHED).waitFor();
    const text = (await row(page, FINISHED).textContent()) ?? '';
    // 9,000 ÷ 12,000 = 75 %; 10 March 2025 → 20 April 2026 is 13 whole months
    for (const want of ['12,000.00', '9,000.00', '75', '2025-03-10', '2026-04-20', '13', '投产']) expect(text).toContain(want);
    expect(await row(page, STORY).count()).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'trackProject-05-finished');
  });

  afterAll(async () => {
    await clerkContext?.close();
    await reviewerContext?.close();
    await powerContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the clerk finds the working list of last month: figures, 已报/未报', async () => {
    const page = clerk;
    await openFromMenu(page);
    await row(page, BUILDING).waitFor();
    const header = (await page.locator('.ant-table-thead').textContent()) ?? '';
    expect(header).toContain(number === 1 ? '1月累计(万元)' : `1–${number}月累计(万元)`);
    // Before January the month before last is in the same year: its approved 800.25 counts.
    const building = (await row(page, BUILDING).textContent()) ?? '';
    expect(building).toContain('未报');
    expect(building).toContain('在建');
    if (number !== 1) expect(building).toContain('800.25');
    expect((await row(page, STORY).textContent()) ?? '').toContain('前期手续');
    // 开工累计 (opening 3,000 + 800.25) waits in the column settings
    const tracked = await api<{ records: { cumulativeInvestment: string }[] }>(page, 'project/tracked', { query: { projectName: BUILDING } });
    expect(tracked.records[0].cumulativeInvestment).toBe('3800.25');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'trackProject-01-list');
  });

  test('the clerk files the month for the project in 前期手续 and says construction started', async () => {
    const page = clerk;
    await rowAction(page, STORY, '填报月报');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '填报月报' }).waitFor();
    await fill(drawer, '本月完成投资', '1200.5');
    await pick(drawer, '本月末项目状态', '在建');
    // the move asks for its start date, and says when it takes effect
    expect(await drawer.textContent()).toContain('月报审核通过后，项目状态变为“在建”');
    await typeDay(drawer, '实际开工日期', `${month}-12`);
    await pick(drawer, '当前节点', '开工(打桩/基础)');
    await fill(drawer, '形象进度', '桩基施工完成 60%');
    await formItem(drawer, '是否存在问题').getByText('否', { exact: true }).click();
    await settled(page);
    await screenshot(page, 'trackProject-02-fill');
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('1,200.50');
    expect((await row(page, STORY).textContent()) ?? '').toContain('未报');

    // sent for review from 月报审核
    await openTab(page, '月报审核');
    await row(page, STORY).waitFor();
    await rowAction(page, STORY, '提交');
    const confirm = dialog(page, '提交');
    await confirm.waitFor();
    const sent = await replyTo(page, '/projectReport/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('待审核');
  });

  test('the reviewer reads the proposed move and approves the report', async () => {
    const page = reviewer;
    await openFromMenu(page);
    await openTab(page, '月报审核');
    await row(page, STORY).waitFor();
    await rowAction(page, STORY, '查看');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '月报详情' }).waitFor();
    await expect.poll(async () => (await drawer.textContent()) ?? '').toContain('本月末状态：在建（由 前期手续 变更，审核通过后生效）');
    await settled(page);
    await screenshot(page, 'trackProject-03-review');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await rowAction(page, STORY, '审核通过');
    const approve = dialog(page, '审核通过');
    await approve.waitFor();
    const sent = await replyTo(page, '/projectReport/review', () => approve.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('已通过');
  });

  test('approved, the project is under construction with the month’s figures', async () => {
    const page = clerk;
    await openTab(page, '跟踪项目');
    await page.reload();
    await row(page, STORY).waitFor();
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('已报');
    const story = (await row(page, STORY).textContent()) ?? '';
    expect(story).toContain('在建');
    // 本月完成 and 1–N月累计 are both this one month (开工累计 and 当前节点 wait in the column settings)
    expect(story.split('1,200.50').length - 1).toBe(2);
    const tracked = await api<{
      records: { projectStatus: string; actualStartDate: string; currentStageName: string; cumulativeInvestment: string }[];
    }>(page, 'project/tracked', { query: { period: month, projectName: STORY } });
    const [r] = tracked.records;
    expect([r.projectStatus, r.actualStartDate, r.currentStageName, r.cumulativeInvestment]).toEqual([
      '50',
      `${month}-12`,
      '开工(打桩/基础)',
      '1200.5',
    ]);
    await settled(page);
    await screenshot(page, 'trackProject-04-approved');
  });

  /** The project's row of the tracked list, as the server colours it. */
  const warningOf = async (page: Page) => {
    const tracked = await api<{ records: { warning: string; openIssueCount: number }[] }>(page, 'project/tracked', {
      query: { period: month, projectName: STORY },
    });
    return tracked.records[0];
  };

  /** Takes a ledger move from the issue's row and confirms it (a text first, when the move asks for one). */
  const ledgerMove = async (page: Page, action: string, text?: [string, string]) => {
    await rowAction(page, ISSUE, action);
    const modal = page.locator('.ant-modal:visible').last();
    await modal.waitFor();
    if (text) await fill(modal, text[0], text[1]);
    const sent = await replyTo(page, '/projectIssue/act', () => modal.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
  };

  test('the clerk raises an issue of the project; the committee assigns it to the power company', async () => {
    await openTab(clerk, '跟踪项目');
    await rowAction(clerk, STORY, '上报问题');
    const raise = dialog(clerk, '上报问题');
    await raise.waitFor();
    await pick(raise, '类别', '水电气路等要素');
    await fill(raise, '问题描述', ISSUE);
    await fill(raise, '建议措施', '协调供电公司加快专线施工');
    const sent = await replyTo(clerk, '/projectIssue/submit', () => raise.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    expect(await warningOf(clerk)).toEqual(expect.objectContaining({ warning: 'blue', openIssueCount: 1 }));

    await openFromMenu(reviewer);
    await openTab(reviewer, '问题台账');
    await row(reviewer, ISSUE).waitFor();
    expect((await row(reviewer, ISSUE).textContent()) ?? '').toContain('待研判');
    await rowAction(reviewer, ISSUE, '交办');
    const assign = dialog(reviewer, '问题交办');
    await assign.waitFor();
    await formItem(assign, '等级').getByText('重点问题').click();
    await pick(assign, '责任单位', POWER_DEPT);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const day = `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`;
    await typeDay(assign, '时限', day);
    await fill(assign, '交办意见', '请供电公司一周内接入');
    await settled(reviewer);
    await screenshot(reviewer, 'trackProject-06-assign');
    const assigned = await replyTo(reviewer, '/projectIssue/assign', () => assign.getByRole('button', { name: /确\s*定/ }).click());
    expect(assigned.status).toBe(200);
    await expect.poll(async () => (await row(reviewer, ISSUE).textContent()) ?? '').toContain('已交办');
    expect((await warningOf(reviewer)).warning).toBe('red');
  });

  test('the power company accepts and resolves it; the committee strikes it off and the project turns green', async () => {
    await power.goto(`${stack.url}${PATH}`);
    await openTab(power, '问题台账');
    await row(power, ISSUE).waitFor();
    await ledgerMove(power, '接收');
    // the row offers the next moves once the list has reloaded
    await expect.poll(async () => (await row(power, ISSUE).textContent()) ?? '').toContain('办理中');
    await ledgerMove(power, '办结', ['办结情况', '10kV专线已送电，设备调试完成']);
    await expect.poll(async () => (await row(power, ISSUE).textContent()) ?? '').toContain('已办结');
    expect(await untranslatedKeys(power)).toEqual([]);

    await reviewer.reload();
    await openTab(reviewer, '问题台账');
    await row(reviewer, ISSUE).waitFor();
    await ledgerMove(reviewer, '销号');
    await expect.poll(async () => (await row(reviewer, ISSUE).textContent()) ?? '').toContain('已销号');
    expect(await warningOf(reviewer)).toEqual(expect.objectContaining({ warning: 'green', openIssueCount: 0 }));
    await rowAction(reviewer, ISSUE, '查看');
    const drawer = reviewer.locator(DRAWER);
    await drawer.getByText('办理记录').waitFor();
    const log = (await drawer.textContent()) ?? '';
    for (const step of ['上报', '交办', '接收办理', '办结', '销号', '请供电公司一周内接入']) expect(log).toContain(step);
    await settled(reviewer);
    await screenshot(reviewer, 'trackProject-07-issue');
  });
});
