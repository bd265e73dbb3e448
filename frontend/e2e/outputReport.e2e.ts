// 产值填报 in the browser (issue 17, monthly output reports), through the real gateway and services: a
// zone set up through the API (its 管委会, a park, two 规上 enterprises of the park — one reported last
// March, approved), a park clerk holding 产值填报 with its filing buttons and a committee reviewer holding
// view/approve/return. The clerk opens the screen from the menu, goes to March, sees 应报 2 / 未报 2, fills
// in the month of the enterprise that reported last year — below last year, so the drawer asks for the
// reason — and submits it; the reviewer returns it with an opinion; the clerk reads the opinion, corrects
// the figure and resubmits; the reviewer approves, and the summary counts it. Then the clerk imports
// April: exports the month's 未填 enterprises, types one figure in and a negative one for the other,
// reads the refusal by row and column in the dialog, clears the bad figure and uploads again — the
// blank row is skipped and the imported month waits as a draft. Screenshots in zh-CN and en-US:
// e2e/screenshots/outputReport-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  expectNotice,
  fill,
  formItem,
  openFromMenu,
  replyTo,
  reportingEnterprise,
  row,
  rowAction,
  settled,
  signIn,
  toolbar,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet, writeSheet } from './xlsx';

const ZONE = '南湖经开区';
const ZONE_PASSWORD = 'Nanhu#2026';
const PARK = '南湖园区';
const SCREEN = ['产值管理', '产值填报'];
const PATH = '/outputValue/report';
const CLERK = {
  account: 'nanhu.clerk',
  realName: '钱填报',
  password: 'Clerk#2026',
};
const REVIEWER = {
  account: 'nanhu.review',
  realName: '孙审核',
  password: 'Review#2026',
};
const STORY = '南湖精密机械有限公司';
const OTHER = '南湖新材料有限公司';
const OPINION = '本月产值与用电量不符，请核实';

/** The last March that has ended: this year's from April on, else last year's. Its April has begun,
 * so it takes reports too. */
function march(): { year: number; period: string; lastYear: string; april: string } {
  const now = new Date();
  const year = now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
  return { year, period: `${year}-03`, lastYear: `${year - 1}-03`, april: `${year}-04` };
}

describe('产值填报: a park files March, the committee returns it, it is fixed and approved', () => {
  let stack: Stack;
  let s: Session;
  let clerkContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let clerk: Page;
  let reviewer: Page;
  const { year, period, lastYear, april } = march();
  const url = `${PATH}?period=${period}`;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const tenantId = await createTenantByApi(admin, {
      name: ZONE,
      adminPassword: ZONE_PASSWORD,
    });
    await admin.evaluate(() => localStorage.clear());
    await signIn(stack, admin, {
      tenantId,
      account: 'admin',
      password: ZONE_PASSWORD,
    });
    const [top] = await api<{ id: string }[]>(admin, 'keeper-system/dept/commonList');
    const { id: parkId } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: {
        parentId: top.id,
        deptName: PARK,
        fullName: `${ZONE}${PARK}`,
        deptCategory: 2,
        powerType: 2,
        sort: 1,
        remark: '',
      },
    });
    const { id: story } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise(STORY, parkId, 4001) });
    await api(admin, 'enterprise/submit', {
      json: reportingEnterprise(OTHER, parkId, 4002),
    });
    // Last March: 1,000 万元, approved — the base of this March's year on year.
    const { id: last } = await api<{ id: string }>(admin, 'outputValue/submit', { json: { enterpriseId: story, period: lastYear, monthOutput: '1000' } });
    for (const step of ['submit', 'approve'])
      await api(admin, 'outputValue/review', {
        json: { ids: [last], step, opinion: '' },
      });
    const clerkRole = await createRoleByApi(admin, { name: '园区填报员', alias: 'park_clerk' }, SCREEN, ['新增', '修改', '查看', '删除', '提交', '导出', '导入']);
    const reviewerRole = await createRoleByApi(admin, { name: '管委会审核员', alias: 'committee_reviewer' }, SCREEN, ['查看', '审核', '退回', '导出', '催报']);
    await createAccountByApi(admin, {
      ...CLERK,
      roleId: clerkRole,
      deptId: parkId,
    });
    await createAccountByApi(admin, {
      ...REVIEWER,
      roleId: reviewerRole,
      deptId: top.id,
    });
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId, ...CLERK } satisfies Credentials);
    reviewerContext = await newContext(s.browser);
    reviewer = await reviewerContext.newPage();
    await signIn(stack, reviewer, {
      tenantId,
      ...REVIEWER,
    } satisfies Credentials);
  });

  afterAll(async () => {
    await clerkContext?.close();
    await reviewerContext?.close();
    await s?.close();
    await stack?.stop();
  });

  const statusOf = async (page: Page) => (await row(page, STORY).textContent()) ?? '';
  const summary = async (page: Page, id: string) => ((await page.getByTestId(id).textContent()) ?? '').replace(/\s/g, '');

  test('the clerk opens March: both enterprises owe it and neither has reported', async () => {
    const page = clerk;
    await openFromMenu(page, SCREEN, PATH);
    await page.goto(`${stack.url}${url}`);
    await row(page, STORY).waitFor();
    await expect.poll(() => summary(page, 'output-expected')).toContain('应报2');
    expect(await summary(page, 'output-missing-count')).toContain('未报2');
    expect(await statusOf(page)).toContain('未填');
    expect((await page.locator('.ant-pro-table .ant-table-thead').textContent()) ?? '').toContain('1–3月累计');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputReport-01-list');
  });

  test('the clerk fills in March below last year, gives the reason, and submits it', async () => {
    const page = clerk;
    await rowAction(page, STORY, '填报');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '填报产值' }).waitFor();
    await fill(drawer, '本月工业总产值(现价)', '800');
    // 800 against last March's 1,000: down 20 %, so the reason is asked for
    await expect.poll(async () => (await drawer.getByTestId('output-live-figures').textContent()) ?? '').toContain('-20.00%');
    await drawer.getByTestId('output-decline-hint').waitFor();
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(async () => (await formItem(drawer, '下降原因').textContent()) ?? '').toContain('请输入');
    await fill(drawer, '下降原因', '主要客户订单减少');
    await fill(drawer, '生产经营困难/诉求', '希望协调用工');
    await settled(page);
    await screenshot(page, 'outputReport-02-fill');
    const saved = await replyTo(page, '/outputValue/submit', () => drawer.getByRole('button', { name: /提\s*交/ }).click());
    expect(saved.status).toBe(200);
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => statusOf(page)).toContain('草稿');
    expect(await statusOf(page)).toContain('800.00');

    await rowAction(page, STORY, '提交');
    const confirm = dialog(page, '提交');
    await confirm.waitFor();
    const sent = await replyTo(page, '/outputValue/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(page)).toContain('待审核');
    await expect.poll(() => summary(page, 'output-reported')).toContain('已报1');
  });

  test('the reviewer returns it with an opinion', async () => {
    const page = reviewer;
    await openFromMenu(page, SCREEN, PATH);
    await page.goto(`${stack.url}${url}`);
    await expect.poll(() => statusOf(page)).toContain('待审核');
    expect(await statusOf(page)).toContain('-20.00%');
    await rowAction(page, STORY, '退回');
    const back = dialog(page, '退回');
    await back.waitFor();
    await fill(back, '审核意见', OPINION);
    const sent = await replyTo(page, '/outputValue/review', () => back.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(page)).toContain('已退回');
  });

  test('the clerk reads the opinion, corrects the month and resubmits; the reviewer approves', async () => {
    const page = clerk;
    await page.reload();
    await expect.poll(() => statusOf(page)).toContain('已退回');
    await rowAction(page, STORY, '修改');
    const drawer = page.locator(DRAWER);
    await expect.poll(async () => (await drawer.textContent()) ?? '').toContain(OPINION);
    await fill(drawer, '本月工业总产值(现价)', '1100');
    await expect.poll(async () => (await drawer.getByTestId('output-live-figures').textContent()) ?? '').toContain('10.00%');
    const saved = await replyTo(page, '/outputValue/submit', () => drawer.getByRole('button', { name: /提\s*交/ }).click());
    expect(saved.status).toBe(200);
    await drawer.waitFor({ state: 'hidden' });
    await rowAction(page, STORY, '重新提交');
    const confirm = dialog(page, '重新提交');
    await confirm.waitFor();
    expect((await replyTo(page, '/outputValue/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click())).status).toBe(200);
    await expect.poll(() => statusOf(page)).toContain('待审核');

    await reviewer.reload();
    await expect.poll(() => statusOf(reviewer)).toContain('待审核');
    await rowAction(reviewer, STORY, '审核通过');
    const approve = dialog(reviewer, '审核通过');
    await approve.waitFor();
    expect((await replyTo(reviewer, '/outputValue/review', () => approve.getByRole('button', { name: /确\s*定/ }).click())).status).toBe(200);
    await expect.poll(() => statusOf(reviewer)).toContain('已通过');
    const approved = await statusOf(reviewer);
    // 1,100 against 1,000: +10.00 %
    for (const want of ['1,100.00', '1,000.00', '10.00%']) expect(approved).toContain(want);
    await expect.poll(() => summary(reviewer, 'output-missing-count')).toContain('未报1');
    await settled(reviewer);
    await screenshot(reviewer, 'outputReport-03-approved');

    // The history in the drawer: submit, return with its opinion, resubmit, approve.
    await rowAction(reviewer, STORY, '查看');
    const view = reviewer.locator(DRAWER);
    await expect.poll(async () => (await view.getByTestId('output-report-review').textContent()) ?? '').toContain(OPINION);
    await settled(reviewer);
    await screenshot(reviewer, 'outputReport-04-view');
    await reviewer.keyboard.press('Escape');
  });

  test('the reviewer reminds the enterprise that has not reported: the park clerk finds the reminder in the bell', async () => {
    await reviewer.reload();
    await expect.poll(() => summary(reviewer, 'output-missing-count')).toContain('未报1');
    await toolbar(reviewer, /^催\s*报$/);
    const confirm = dialog(reviewer, `催报 ${period}？`);
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('1 家企业未报');
    const sent = await replyTo(reviewer, '/outputValue/remind', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expectNotice(reviewer, '已向 1 个园区发送催报通知，涉及 1 家企业');
    await settled(reviewer);
    await screenshot(reviewer, 'outputReport-05-reminded');

    // The bell asks once the signed-in layout has mounted, which on a loaded machine can take longer than
    // a poll's second after the reload: wait for its own answer, then for the label it draws from it.
    const unread = await replyTo(clerk, '/noticeManager/unread', () => clerk.reload());
    expect(unread.body?.data?.count).toBe(1);
    const bell = clerk.getByTestId('notice-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('通知公告，1 条未读');
    await bell.click();
    const list = clerk.getByTestId('notice-bell-list');
    await expect.poll(async () => (await list.textContent()) ?? '').toContain(`关于催报${year}年3月产值数据的提醒`);
    await list.getByTestId('notice-bell-item').first().click();
    const notice = clerk.locator('.ant-modal').filter({ hasText: `关于催报${year}年3月产值数据的提醒` });
    await expect.poll(async () => (await notice.textContent()) ?? '').toContain(OTHER);
    expect(await notice.textContent()).not.toContain(STORY);
    await settled(clerk);
    await screenshot(clerk, 'outputReport-06-reminder');
    await notice.getByRole('button', { name: /^关\s+闭$/ }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('通知公告');
  });

  test('in English the screen reads in English', async () => {
    const page = reviewer;
    await useLocale(page, 'en-US');
    await page.reload();
    await row(page, STORY).waitFor();
    await expect.poll(async () => (await page.getByTestId('output-completeness').textContent()) ?? '').toContain('Due');
    const header = (await page.locator('.ant-pro-table .ant-table-thead').textContent()) ?? '';
    for (const want of ['Enterprise', 'Jan–Mar', 'YoY', 'Status']) expect(header).toContain(want);
    expect((await page.locator('.ant-pro-table').textContent()) ?? '').toContain('Amounts in 10k CNY');
    expect((await row(page, OTHER).textContent()) ?? '').toContain('Not filed');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputReport-05-english');
    await rowAction(page, STORY, 'View');
    await page.locator(DRAWER).getByTestId('output-report-review').waitFor();
    await settled(page);
    await screenshot(page, 'outputReport-06-english-view');
  });

  test('the clerk imports April from the export of its 未填 enterprises: a bad figure is named by row and column, a blank row is skipped', async () => {
    const page = clerk;
    const dir = mkdtempSync(join(tmpdir(), 'keeper-e2e-output-'));
    await page.goto(`${stack.url}${PATH}?period=${april}`);
    await row(page, STORY).waitFor();
    await expect.poll(() => summary(page, 'output-missing-count')).toContain('未报2');
    // 未报 filters the list to the enterprises that have not filed; the export downloads exactly those.
    const filtered = await replyTo(page, '/outputValue/list', () => page.getByTestId('output-missing-count').click());
    expect(filtered.body.data.total).toBe(2);
    const downloading = page.waitForEvent('download');
    await toolbar(page, /导\s*出$/);
    const unfiled = join(dir, 'unfiled.xlsx');
    await (await downloading).saveAs(unfiled);
    const [header, ...rows] = readSheet(unfiled);
    const output = header.indexOf('本月产值(万元)');
    expect(output).toBeGreaterThan(0);
    const at = (name: string) => rows.findIndex((r) => r.includes(name));
    expect([at(STORY), at(OTHER)].sort()).toEqual([0, 1]);
    expect(rows.every((r) => r[header.indexOf('月份')] === april && (r[output] ?? '') === '')).toBe(true);
    /** The exported sheet with `figures` typed into 本月产值 by enterprise, every other cell as exported. */
    const typed = (name: string, figures: Record<string, string>) => {
      const file = join(dir, name);
      writeSheet(file, [
        header,
        ...rows.map((r) => {
          const cells = header.map((_, i) => r[i] ?? '');
          const enterprise = Object.keys(figures).find((n) => r.includes(n));
          if (enterprise) cells[output] = figures[enterprise];
          return cells;
        }),
      ]);
      return file;
    };

    await toolbar(page, /导\s*入/);
    const importing = page.locator('.ant-modal').filter({ hasText: '导入产值填报' });
    await importing.waitFor();
    expect((await importing.textContent()) ?? '').toContain('筛选为“未填”');
    await importing.locator('input[type=file]').setInputFiles(typed('bad.xlsx', { [OTHER]: '650', [STORY]: '-5' }));
    const refused = await replyTo(page, '/outputValue/import', () => importing.getByRole('button', { name: /开始导入/ }).click());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const report = page.getByTestId('output-import-report');
    await report.waitFor();
    // the sheet's row of the enterprise (the header is row 1), the column by its header
    const cells = (await report.locator('tbody tr td').allTextContents()).map((c) => c.trim());
    expect(cells.slice(0, 2)).toEqual([`第 ${at(STORY) + 2} 行`, '本月产值(万元)']);
    expect(cells[2]).toContain('负数');
    expect(await report.locator('tbody tr').count()).toBe(1);
    expect((await report.textContent()) ?? '').toContain('没有导入任何数据');
    await settled(page);
    await screenshot(page, 'outputReport-07-import-refused');

    // The bad figure cleared, the row holds no figure of its own and is passed over.
    await importing.locator('input[type=file]').setInputFiles(typed('good.xlsx', { [OTHER]: '650', [STORY]: '' }));
    const reply = await replyTo(page, '/outputValue/import', () => importing.getByRole('button', { name: /开始导入/ }).click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ created: 1, updated: 0, skipped: 1 });
    await expectNotice(page, '跳过未填写产值的 1 行');
    await importing.waitFor({ state: 'hidden' });

    // The whole month again: the imported one a draft with its figure, the other still 未填; a draft is
    // not reported yet.
    await page.locator('.ant-pro-query-filter').getByRole('button', { name: /重\s*置/ }).click();
    await row(page, STORY).waitFor();
    await expect.poll(async () => (await row(page, OTHER).textContent()) ?? '').toContain('草稿');
    expect((await row(page, OTHER).textContent()) ?? '').toContain('650.00');
    expect(await statusOf(page)).toContain('未填');
    await expect.poll(() => summary(page, 'output-missing-count')).toContain('未报2');
    await settled(page);
    await screenshot(page, 'outputReport-08-imported');
  });
});
