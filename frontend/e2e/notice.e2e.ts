// 通知公告 in the browser (issue 18), through the real gateway and services: a zone set up through the API
// (its 管委会 and a park under it) and a clerk of the park. The zone's administrator opens 通知公告,
// writes a meeting notice to the park in the rich-text editor (a heading, a paragraph, a file), saves it
// as a draft and publishes it; the clerk sees the bell's unread count and the notice marked 未读 on the
// home page, opens it from the bell, reads it and downloads its file, and the count goes; the
// administrator's 阅读情况 lists the clerk. Then the list in English. Screenshots in zh-CN and en-US:
// e2e/screenshots/notice-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  compact,
  createAccountByApi,
  createRoleByApi,
  createZoneByApi,
  type Credentials,
  dialog,
  expectNotice,
  fill,
  pick,
  recordCalls,
  replyTo,
  row,
  rowAction,
  settled,
  signIn,
  submit,
  toolbar,
  untranslatedKeys,
  useLocale,
  type Zone,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '东湖经开区';
const ZONE_PASSWORD = 'Donghu#2026';
const PARK = '东湖园区';
const CLERK = { account: 'donghu.clerk', realName: '赵办事', password: 'Clerk#2026' };
const TITLE = '关于召开四季度经济运行调度会的通知';
const HEADING = '一、会议时间';
const BODY = '10月8日上午9点，管委会三楼会议室，请各园区主要负责人参加。';
const FILE = { name: '会议议程.txt', mimeType: 'text/plain', buffer: Buffer.from('一、三季度经济运行情况通报\n二、四季度重点工作部署\n', 'utf8') };

/** The bell's accessible name: it carries the unread count. */
const bellLabel = (page: Page) => page.getByTestId('notice-bell').getAttribute('aria-label');
/** The texts of a row's buttons, as a person reads them. */
const rowButtons = async (page: Page, text: string) => compact(await row(page, text).getByRole('button').allTextContents());

describe('通知公告: the administrator publishes a notice to a park, its clerk reads it', () => {
  let stack: Stack;
  let s: Session;
  let zone: Zone;
  let clerkContext: BrowserContext;
  let admin: Page;
  let clerk: Page;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    admin = s.page;
    await signIn(stack, admin);
    // signs `admin` in as the zone's administrator
    zone = await createZoneByApi(stack, admin, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    // Reading notices needs no menu, but an account without any menu cannot sign in: the clerk holds
    // one screen to look at, and nothing of 通知公告 (a holder of its buttons would read without a receipt).
    const role = await createRoleByApi(admin, { name: '园区办事员', alias: 'park_reader' }, ['产值管理', '产值填报'], ['查看']);
    await createAccountByApi(admin, { ...CLERK, roleId: role, deptId: zone.parkId });
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId: zone.tenantId, ...CLERK } satisfies Credentials);
  });

  afterAll(async () => {
    await clerkContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the administrator writes the notice to the park and saves it as a draft', async () => {
    const page = admin;
    await page.goto(`${stack.url}/notice`);
    await page.waitForURL((u) => u.pathname === '/notice/list');
    await page.locator('.ant-pro-table').waitFor();
    await toolbar(page, /新\s*增/);
    await page.waitForURL((u) => u.pathname === '/notice/add');
    // nobody chosen: the whole zone, and the form says so
    await expect.poll(async () => (await page.getByTestId('notice-audience-hint').textContent()) ?? '').toContain('全体人员');

    await fill(page, '标题', TITLE);
    await pick(page, '类别', '会议通知');
    await pick(page, '接收部门', PARK);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await page.getByTestId('notice-audience-hint').textContent()) ?? '').toContain('所选部门');

    // the content as a person writes it: a line made a heading from the toolbar, then a paragraph
    const editor = page.locator('form#notice-form [role="textbox"]');
    await editor.click();
    await page.keyboard.type(HEADING);
    await page.getByRole('toolbar', { name: '格式工具栏' }).getByRole('button', { name: '小标题' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(BODY);
    await expect.poll(async () => editor.innerHTML()).toContain(`<h3>${HEADING}</h3>`);

    await page.getByTestId('notice-attach').locator('input[type=file]').setInputFiles(FILE);
    await page.locator('.ant-upload-list-item-done', { hasText: FILE.name }).waitFor();
    await settled(page);
    await screenshot(page, 'notice-01-form');

    const sent = recordCalls(page, '/api/noticeManager/submit');
    const saved = await replyTo(page, '/noticeManager/submit', () => submit(page, 'notice-form'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const submitted = JSON.parse(sent[0]);
    expect(submitted).toMatchObject({ title: TITLE, category: '3', deptIds: [zone.parkId], roleIds: [] });
    expect(submitted.attachIds).toHaveLength(1);
    expect(submitted.content).toContain(`<h3>${HEADING}</h3>`);
    expect(submitted.content).toContain(BODY);
    await expectNotice(page, '操作成功');
    await page.waitForURL((u) => u.pathname === '/notice/list');
    await expect.poll(async () => (await row(page, TITLE).textContent()) ?? '').toContain('草稿');
    expect((await row(page, TITLE).textContent()) ?? '').toContain(PARK);
    expect(await rowButtons(page, TITLE)).toEqual(['修改', '删除', '查看', '发布']);
  });

  test('the draft reaches nobody; published, it shows as such and can only be withdrawn', async () => {
    // a draft is not the clerk's to see
    const unread = await replyTo(clerk, '/noticeManager/unread', () => clerk.reload());
    expect(unread.body.data).toEqual({ count: 0, list: [] });
    await clerk.getByTestId('home-notices').waitFor();
    expect(await bellLabel(clerk)).toBe('通知公告');

    const page = admin;
    await rowAction(page, TITLE, '发布');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect((await confirm.textContent()) ?? '').toContain('确定发布选中的 1 条通知吗？');
    const published = await replyTo(page, '/noticeManager/publish', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toEqual({ count: 1 });
    await expect.poll(async () => (await row(page, TITLE).textContent()) ?? '').toContain('已发布');
    expect(await rowButtons(page, TITLE)).toEqual(['查看', '撤回', '阅读情况']);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'notice-02-list-published');
  });

  test('the clerk sees it unread in the bell and on the home page, opens it, and the count goes', async () => {
    const page = clerk;
    await page.goto(`${stack.url}/index`);
    await expect.poll(() => bellLabel(page)).toBe('通知公告，1 条未读');
    const card = page.getByTestId('home-notices');
    const item = card.getByTestId('home-notice').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    expect((await item.textContent()) ?? '').toContain('未读');
    await settled(page);
    await screenshot(page, 'notice-03-home-unread');

    await page.getByTestId('notice-bell').click();
    const list = page.getByTestId('notice-bell-list');
    await list.getByTestId('notice-bell-item').filter({ hasText: TITLE }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'notice-04-bell');

    const read = await replyTo(page, '/noticeManager/detail', () => list.getByTestId('notice-bell-item').filter({ hasText: TITLE }).click());
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.read).toBe(true);
    const detail = dialog(page, TITLE);
    await detail.getByTestId('notice-detail').waitFor();
    const text = (await detail.textContent()) ?? '';
    for (const want of ['会议通知', HEADING, BODY, FILE.name]) expect(text).toContain(want);
    expect(await detail.getByTestId('notice-content').locator('h3').textContent()).toBe(HEADING);
    await settled(page);
    await screenshot(page, 'notice-05-detail');

    // the file comes down under the name it was uploaded with
    const downloading = page.waitForEvent('download');
    await detail.getByRole('button', { name: new RegExp(FILE.name.replace('.', '\\.')) }).click();
    expect((await downloading).suggestedFilename()).toBe(FILE.name);

    await detail.getByRole('button', { name: /^关\s+闭$/ }).click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => bellLabel(page)).toBe('通知公告');
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await settled(page);
    await screenshot(page, 'notice-06-home-read');
  });

  test("the administrator's 阅读情况 lists the clerk", async () => {
    const page = admin;
    await page.reload();
    await row(page, TITLE).waitFor();
    await rowAction(page, TITLE, '阅读情况');
    const receipts = dialog(page, `阅读情况 - ${TITLE}`);
    await receipts.waitFor();
    const reader = receipts.locator('tr.ant-table-row', { hasText: CLERK.realName });
    await reader.waitFor();
    expect((await reader.textContent()) ?? '').toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect((await receipts.getByTestId('notice-receipt-summary').textContent()) ?? '').toContain('已读 1 人');
    await settled(page);
    await screenshot(page, 'notice-07-receipts');
    await receipts.getByRole('button', { name: /^关\s+闭$/ }).click();
  });

  test('in English the list reads in English', async () => {
    const page = admin;
    await useLocale(page, 'en-US');
    await page.reload();
    await row(page, TITLE).waitFor();
    const header = (await page.locator('.ant-pro-table .ant-table-thead').textContent()) ?? '';
    for (const want of ['Title', 'Category', 'Status', 'Audience', 'Release time', 'Read by', 'Author']) expect(header).toContain(want);
    expect((await row(page, TITLE).textContent()) ?? '').toContain('Published');
    expect(await rowButtons(page, TITLE)).toEqual(['View', 'Withdraw', 'Readers']);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'notice-08-english');
    await useLocale(page, 'zh-CN');
  });
});
