// A new zone is set up from nothing through the real gateway and services: the platform administrator
// creates the tenant; its administrator builds a department tree, a role holding the user screen with
// only some of its buttons, and an account with that role; the account's owner signs in and sees
// exactly that menu and those buttons; the administrator exports the accounts to Excel, removes the
// account and brings it back by importing the exported file. Screenshots: e2e/screenshots/tenant-*.png.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  createTenant,
  type Credentials,
  expectNotice,
  fill,
  HEADER_MENU,
  pick,
  row,
  SIDER,
  settled,
  signIn,
  submit,
  texts,
  toolbar,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '北湖经开区';
const CLERK = { account: 'zhao.zs', realName: '赵招商', password: 'Zhao#2026' };
/** The buttons of 用户管理 the role keeps: two on the toolbar, two on each row. */
const KEPT = { toolbar: ['新增', '导出'], row: ['修改', '查看'] };
const DROPPED = ['审核', '删除', '角色配置', '密码重置', '账号解锁', '启用/停用', '平台配置', '导入'];

const compact = (list: string[]) => list.map((t) => t.replace(/\s/g, ''));

/** The grant tree node titled `title` (exact), among the nodes shown; with `under`, the first such node
 * after the node titled `under`: a menu's buttons follow it once it is expanded, and other menus shown
 * (通知公告's, at the top level) have buttons of the same names. */
const grantNode = (page: Page, title: string, under?: string) =>
  page
    .locator(under ? `.ant-modal .ant-tree-treenode:has(.ant-tree-title:text-is("${under}")) ~ .ant-tree-treenode` : '.ant-modal .ant-tree-treenode')
    .filter({ has: page.locator(`.ant-tree-title:text-is("${title}")`) })
    .first();

describe('a new zone, from the tenant to its first clerk', () => {
  let stack: Stack;
  let s: Session;
  let admin: Credentials;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the platform administrator creates the tenant', async () => {
    await signIn(stack, s.page);
    const tenantId = await createTenant(stack, s.page, {
      name: ZONE,
      linkman: '孙主任',
      phone: '0551-63360000',
      address: '合肥市北湖路 8 号',
      adminPassword: 'Beihu#2026',
    });
    admin = { tenantId, account: 'admin', password: 'Beihu#2026' };
    await s.page.evaluate(() => localStorage.clear());
  });

  test("the tenant's administrator builds a department tree", async () => {
    const { page } = s;
    await signIn(stack, page, admin);
    await page.goto(`${stack.url}/system/dept/list`);
    await row(page, ZONE).getByRole('button', { name: '新增下级' }).click();
    await page.waitForURL(/\/system\/dept\/add\/\d+$/);
    await fill(page, '机构名称', '招商服务局');
    await pick(page, '机构类型', '部门');
    await pick(page, '职权类型', '行业主管部门');
    await submit(page, 'dept-form');
    await page.waitForURL(/\/system\/dept\/list$/);
    await row(page, '招商服务局').getByRole('button', { name: '新增下级' }).click();
    await page.waitForURL(/\/system\/dept\/add\/\d+$/);
    await fill(page, '机构名称', '项目推进科');
    await pick(page, '机构类型', '部门');
    await pick(page, '职权类型', '行业主管部门');
    await submit(page, 'dept-form');
    await page.waitForURL(/\/system\/dept\/list$/);
    await row(page, '项目推进科').waitFor();
    await settled(page);
    await screenshot(page, 'tenant-01-dept-tree');
    // the tree nests: the zone, its bureau, the bureau's section
    const level = async (name: string) => /ant-table-row-level-(\d)/.exec((await row(page, name).first().getAttribute('class')) ?? '')?.[1];
    expect([await level(ZONE), await level('招商服务局'), await level('项目推进科')]).toEqual(['0', '1', '2']);
  });

  test('a role holding the user screen with four of its buttons', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/authority/role/add`);
    await fill(page, '角色名称', '招商专员');
    await fill(page, '角色别名', 'investment');
    await submit(page, 'role-form');
    await page.waitForURL(/\/authority\/role$/);
    await row(page, 'investment').locator('input[type=checkbox]').check();
    await toolbar(page, /权限设置/);
    await grantNode(page, '用户管理').waitFor();
    // ticking a menu ticks its buttons and its parents; then the buttons the role must not have go
    await grantNode(page, '用户管理').locator('.ant-tree-checkbox').click();
    await grantNode(page, '用户管理').locator('.ant-tree-switcher').click();
    for (const name of DROPPED) await grantNode(page, name, '用户管理').locator('.ant-tree-checkbox').click();
    const ticked = await texts(page, '.ant-modal .ant-tree-treenode-checkbox-checked .ant-tree-title');
    expect(ticked).toEqual([...KEPT.toolbar, ...KEPT.row].sort((a, b) => order(a) - order(b)));
    // the menus above hold only part of what is below them: half-ticked (they are granted all the same)
    const half = await texts(page, '.ant-modal .ant-tree-treenode:has(.ant-tree-checkbox-indeterminate) .ant-tree-title');
    expect(half).toEqual(['系统管理', '用户管理']);
    await settled(page);
    await screenshot(page, 'tenant-02-role-grant');
    await page.locator('.ant-modal').getByRole('button', { name: /确\s*定/ }).click();
    await expectNotice(page, '操作成功');
  });

  test('an account with that role in the bureau', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/user/add`);
    await fill(page, '账号', CLERK.account);
    await fill(page, '姓名', CLERK.realName);
    await fill(page, '密码', CLERK.password);
    await fill(page, '确认密码', CLERK.password);
    await pick(page, '所属角色', '招商专员');
    await page.keyboard.press('Escape');
    await pick(page, '所属部门', '招商服务局');
    await page.keyboard.press('Escape');
    await submit(page, 'user-form');
    await page.waitForURL(/\/system\/user\/list$/);
    const created = row(page, CLERK.account);
    await created.waitFor();
    expect(await created.textContent()).toContain('招商专员');
    expect(await created.textContent()).toContain('招商服务局');
    await settled(page);
    await screenshot(page, 'tenant-03-user-list');
  });

  test('the clerk sees exactly the granted menu and buttons', async () => {
    const context = await newContext(s.browser);
    const page = await context.newPage();
    try {
      await signIn(stack, page, { tenantId: admin.tenantId, ...CLERK });
      await page.waitForSelector(`${HEADER_MENU} >> text=系统管理`);
      expect(await texts(page, `${HEADER_MENU} .ant-menu-title-content`)).toEqual(['系统管理']);
      await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: '系统管理' }).click();
      await page.waitForSelector(`${SIDER} >> text=用户管理`);
      expect(await texts(page, `${SIDER} .ant-menu-title-content`)).toEqual(['用户管理']);
      await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: '用户管理' }).click();
      await page.waitForURL(/\/system\/user\/list$/);
      const own = row(page, CLERK.account);
      await own.getByRole('button').first().waitFor();
      expect(compact(await page.locator('.ant-pro-table-list-toolbar button').allTextContents()).filter((t) => KEPT.toolbar.includes(t) || DROPPED.includes(t))).toEqual(KEPT.toolbar);
      expect(compact(await row(page, 'admin').getByRole('button').allTextContents())).toEqual(KEPT.row);
      await settled(page);
      await screenshot(page, 'tenant-04-clerk-user-list');
      // a screen the role does not hold answers 403, whatever the address bar says
      await page.goto(`${stack.url}/authority/role`);
      await page.waitForSelector('.ant-result >> text=抱歉，你无权访问该页面');
    } finally {
      await context.close();
    }
  });

  test('the accounts go out to Excel and come back in', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/user/list`);
    await row(page, CLERK.account).waitFor();
    const downloading = page.waitForEvent('download');
    await toolbar(page, /导\s*出/);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(tmpdir(), `keeper-e2e-users-${Date.now()}.xlsx`);
    await download.saveAs(file);

    // the clerk's account is removed, then restored from the file
    await row(page, CLERK.account).locator('input[type=checkbox]').check();
    await toolbar(page, /删\s*除/);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await row(page, CLERK.account).waitFor({ state: 'detached' });

    await toolbar(page, /导\s*入/);
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入用户' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('账号已存在的用户，用文件中的内容更新').click();
    await settled(page);
    await screenshot(page, 'tenant-05-user-import');
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const back = row(page, CLERK.account);
    await back.waitFor();
    expect(await back.textContent()).toContain('招商专员');
    expect(await back.textContent()).toContain('招商服务局');
    await settled(page);
    await screenshot(page, 'tenant-06-user-list-reimported');
  });
});

/** The seed order of the user screen's buttons. */
function order(name: string): number {
  return ['新增', '修改', '删除', '查看', '角色配置', '密码重置', '账号解锁', '启用/停用', '平台配置', '导入', '导出'].indexOf(name);
}
