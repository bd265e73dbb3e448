// A park administrator hands out access through the real gateway and services: they find the user
// screen through the split menus, create a dispatcher role that may only manage roles, create an
// account with that role, and the new person signs in to see exactly that menu and a 403 elsewhere.
// Every screen of issue 4 is kept as a screenshot under e2e/screenshots for a person to look at.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import { expectNotice, fill, HEADER_MENU, pick, row, rowAction, SIDER, settled, signIn, texts, toolbar } from './pages';
import { type Stack, startStack } from './stack';

const DISPATCHER = { account: 'dispatcher1', realName: '李调度', password: 'Disp#2026' };

describe('a park administrator hands out access', () => {
  let stack: Stack;
  let s: Session;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    await signIn(stack, s.page);
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the split menus lead to 用户管理', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/home`);
    await page.waitForSelector(`${HEADER_MENU} >> text=系统管理`);
    const top = await texts(page, `${HEADER_MENU} .ant-menu-title-content`);
    expect(top).toEqual(expect.arrayContaining(['权限管理', '系统管理']));
    await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: '系统管理' }).click();
    await page.waitForSelector(`${SIDER} >> text=用户管理`);
    const side = await texts(page, `${SIDER} .ant-menu-title-content`);
    expect(side).toContain('用户管理');
    expect(side).not.toContain('角色管理');
    await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: '用户管理' }).click();
    await page.waitForURL(/\/system\/user\/list$/);
    await row(page, 'admin').waitFor();
    await settled(page);
    await screenshot(page, 'admin-01-user-list');
    // the account in use cannot be deleted or disabled
    const own = await row(page, 'admin').getByRole('button').allTextContents();
    expect(own.map((t) => t.replace(/\s/g, ''))).toEqual(['修改', '查看', '平台配置']);
  });

  test('a dispatcher role that may only manage roles', async () => {
    const { page } = s;
    await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: '权限管理' }).click();
    await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: '角色管理' }).click();
    await page.waitForURL(/\/authority\/role$/);
    await row(page, '超级管理员').waitFor();
    await settled(page);
    await screenshot(page, 'admin-02-role-list');

    await toolbar(page, /新\s*增/);
    await page.waitForURL(/\/authority\/role\/add$/);
    await page.click('form#role-form button[type=submit]');
    await page.waitForSelector('text=请输入角色名称');
    await fill(page, '角色名称', '调度员');
    await fill(page, '角色别名', 'dispatcher');
    await page.waitForSelector('text=请输入角色别名', { state: 'detached' });
    await settled(page);
    await screenshot(page, 'admin-03-role-add');
    await page.click('form#role-form button[type=submit]');
    await page.waitForURL(/\/authority\/role$/);
    await expectNotice(page, '操作成功');
    await row(page, 'dispatcher').waitFor();

    await row(page, 'dispatcher').locator('input[type=checkbox]').check();
    await toolbar(page, /权限设置/);
    const dialog = page.locator('.ant-modal').filter({ hasText: '角色：调度员' });
    await dialog.locator('.ant-tree-title', { hasText: '角色管理' }).waitFor();
    await dialog
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title:text-is("角色管理")') })
      .locator('.ant-tree-checkbox')
      .click();
    await dialog.getByText('全部展开').first().click();
    await settled(page);
    await screenshot(page, 'admin-04-role-grant');
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await page.waitForTimeout(300);
    await screenshot(page, 'admin-05-role-grant-data-scope');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForSelector('.ant-modal', { state: 'detached' });

    await rowAction(page, 'dispatcher', '查看');
    await page.waitForURL(/\/authority\/role\/view\//);
    await page.waitForSelector('form#role-form >> text=dispatcher');
    await settled(page);
    await screenshot(page, 'admin-06-role-view');
  });

  test('an account with the dispatcher role', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/user/list`);
    await row(page, 'admin').waitFor();
    await toolbar(page, /新\s*增/);
    await page.waitForURL(/\/system\/user\/add$/);
    await page.click('form#user-form button[type=submit]');
    await page.waitForSelector('text=请输入账号');
    await settled(page);
    await screenshot(page, 'admin-07-user-add-invalid');
    await fill(page, '账号', DISPATCHER.account);
    await fill(page, '姓名', DISPATCHER.realName);
    await fill(page, '密码', DISPATCHER.password);
    await fill(page, '确认密码', DISPATCHER.password);
    await pick(page, '所属角色', '调度员');
    await page.keyboard.press('Escape');
    await fill(page, '手机号码', '13800138000');
    await page.waitForSelector('text=请输入账号', { state: 'detached' });
    await settled(page);
    await screenshot(page, 'admin-08-user-add');
    const reply = page.waitForResponse((r) => r.url().includes('/user/submit'));
    await page.click('form#user-form button[type=submit]');
    const res = await reply;
    expect(res.status(), await res.text()).toBe(200);
    await page.waitForURL(/\/system\/user\/list$/);
    await expectNotice(page, '操作成功');
    const created = row(page, DISPATCHER.account);
    await created.waitFor();
    expect(await created.textContent()).toContain('调度员');

    await rowAction(page, DISPATCHER.account, '修改');
    await page.waitForURL(/\/system\/user\/edit\//);
    await page.waitForFunction(() => (document.querySelector('#user-form_realName') as HTMLInputElement | null)?.value === '李调度');
    await settled(page);
    await screenshot(page, 'admin-09-user-edit');
    await page.goBack();

    await rowAction(page, DISPATCHER.account, '查看');
    await page.waitForURL(/\/system\/user\/view\//);
    await page.waitForSelector('form#user-form >> text=调度员');
    await settled(page);
    await screenshot(page, 'admin-10-user-view');
    await page.goBack();

    await rowAction(page, DISPATCHER.account, '平台配置');
    await page.waitForURL(/\/system\/user\/platform\//);
    await page.waitForSelector('[data-testid=user-platform] >> text=WEB');
    await settled(page);
    await screenshot(page, 'admin-11-user-platform');
    await page.goBack();

    await row(page, DISPATCHER.account).locator('input[type=checkbox]').check();
    await toolbar(page, /角色配置/);
    await page.locator('.ant-modal').filter({ hasText: '李调度（dispatcher1）' }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-12-user-role-dialog');
    await page.locator('.ant-modal').getByRole('button', { name: /取\s*消/ }).click();
    await page.waitForSelector('.ant-modal', { state: 'detached' });

    await toolbar(page, /导\s*入/);
    await page.locator('.ant-modal').filter({ hasText: '导入用户' }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-13-user-import');
    await page.locator('.ant-modal').getByRole('button', { name: /取\s*消/ }).click();
  });

  test('the dispatcher signs in and sees only what the role grants', async () => {
    const context = await newContext(s.browser);
    const page = await context.newPage();
    try {
      await signIn(stack, page, { tenantId: '000000', ...DISPATCHER });
      await page.goto(`${stack.url}/home`);
      await page.waitForSelector(`${HEADER_MENU} >> text=权限管理`);
      const top = await texts(page, `${HEADER_MENU} .ant-menu-title-content`);
      expect(top).toEqual(['权限管理']);
      await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: '权限管理' }).click();
      await page.waitForSelector(`${SIDER} >> text=角色管理`);
      expect(await texts(page, `${SIDER} .ant-menu-title-content`)).toEqual(['角色管理']);
      await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: '角色管理' }).click();
      await page.waitForURL(/\/authority\/role$/);
      await row(page, 'dispatcher').waitFor();
      // the administrator role is the platform administrator's alone
      const locked = await row(page, '超级管理员').getByRole('button').allTextContents();
      expect(locked.map((t) => t.replace(/\s/g, ''))).toEqual(['查看']);
      await settled(page);
      await screenshot(page, 'admin-14-dispatcher-roles');

      await page.goto(`${stack.url}/system/user/list`);
      await page.waitForSelector('.ant-result');
      expect(await page.textContent('.ant-result')).toContain('抱歉，你无权访问该页面');
      await screenshot(page, 'admin-15-dispatcher-403');
    } finally {
      await context.close();
    }
  });
});
