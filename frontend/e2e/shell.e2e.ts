// A park administrator's first steps in the web app, through the real gateway and services.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { expectNotice, PLATFORM_ADMIN, signIn, submitLogin } from './pages';
import { type Stack, startStack } from './stack';

/** ProLayout renders an empty placeholder header before the real, fixed one. */
const HEADER = 'header.ant-pro-layout-header';
const AVATAR = `${HEADER} .ant-pro-global-header-header-actions-avatar`;

/**
 * Picks an entry of a hover dropdown. antd's dropdown ignores the pointer while its opening motion
 * runs, and a click that falls through leaves the popup and closes it; so wait for the motion to end.
 */
async function pickFromDropdown(page: Page, trigger: string, entry: string) {
  await page.hover(trigger);
  await page.waitForFunction(() => {
    const open = document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)');
    return !!open && !/-(appear|enter|leave)/.test(open.className);
  });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: entry }).click();
}

async function openAccountMenu(page: Page, entry: string) {
  await pickFromDropdown(page, AVATAR, entry);
}

describe('the web app shell', () => {
  let stack: Stack;
  let s: Session;

  beforeAll(async () => {
    // Access tokens live 4 s so that the silent refresh is exercised within the test.
    stack = await startStack({ accessTtl: 4 });
    s = await openBrowser();
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('an anonymous visitor is sent to the login page with the page they wanted', async () => {
    await s.page.goto(`${stack.url}/account/center`);
    await s.page.waitForURL(/\/user\/login/);
    expect(new URL(s.page.url()).searchParams.get('redirect')).toContain('/account/center');
    await s.page.waitForSelector('img[alt="验证码"]');
    await screenshot(s.page, '01-login');
  });

  test('a wrong password is shown in the form', async () => {
    await submitLogin(stack, s.page, { ...PLATFORM_ADMIN, password: 'wrong-password' });
    await s.page.waitForSelector('[role="alert"]');
    expect(await s.page.textContent('[role="alert"]')).toContain('用户名或密码不正确');
  });

  test('the administrator signs in and the home page lists the modules the menus grant', async () => {
    await signIn(stack, s.page);
    await s.page.goto(`${stack.url}/home`);
    await s.page.waitForSelector('text=欢迎，管理员');
    const main = await s.page.textContent('main');
    for (const module of ['产值管理', '投资管理', '资源管理', '权限管理', '系统管理', '平台管理 (000000)']) expect(main).toContain(module);
    const stored = await s.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sword-')).sort());
    for (const k of ['sword-token', 'sword-refresh-token', 'sword-routes', 'sword-buttons', 'sword-current-user']) expect(stored).toContain(k);
    await screenshot(s.page, '02-home');
  });

  test('a page opens from the account menu and survives a reload', async () => {
    await openAccountMenu(s.page, '个人中心');
    await s.page.waitForURL(/\/account\/center/);
    await s.page.waitForSelector('text=首席执行官');
    await s.page.reload();
    await s.page.waitForSelector('text=首席执行官');
    expect(new URL(s.page.url()).pathname).toBe('/account/center');
    await screenshot(s.page, '03-account-center');
  });

  test('after the access token expires the next request refreshes it silently', async () => {
    const refreshes: string[] = [];
    s.page.on('request', (r) => {
      if (r.url().includes('/oauth/token') && (r.postData() ?? '').includes('grant_type=refresh_token')) refreshes.push(r.url());
    });
    await s.page.waitForTimeout(5_000);
    await s.page.goto(`${stack.url}/account/settings/base`);
    await s.page.waitForSelector('#realName, input[id$="realName"]');
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(new URL(s.page.url()).pathname).toBe('/account/settings/base');
    await screenshot(s.page, '04-settings-base');
    // The profile form saves through the real back end and the value is there after a reload.
    await s.page.fill('#name, input[id$="_name"]', '园区调度员');
    await s.page.click('button[type=submit]');
    await expectNotice(s.page, '操作成功');
    await s.page.reload();
    await s.page.waitForFunction(() => (document.querySelector('#name, input[id$="_name"]') as HTMLInputElement | null)?.value === '园区调度员');
  });

  // A screen that exists but is not granted answers 403: see tenant.e2e.ts (the clerk on 角色管理).
  test('an unknown address shows the not-found page', async () => {
    await s.page.goto(`${stack.url}/system/no-such-screen`);
    await s.page.waitForSelector('.ant-result');
    expect(await s.page.textContent('.ant-result')).toContain('404');
    await screenshot(s.page, '05-exception');
  });

  test('the interface switches to English', async () => {
    await s.page.goto(`${stack.url}/home`);
    await s.page.waitForSelector('text=欢迎，管理员');
    await pickFromDropdown(s.page, `${HEADER} .ant-dropdown-trigger >> nth=0`, 'English');
    await s.page.waitForSelector('text=Welcome, 管理员');
    await s.page.waitForSelector('main >> text=System');
    await screenshot(s.page, '06-home-en');
    await s.page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  });

  test('signing out lands on the login page with a redirect back', async () => {
    await s.page.goto(`${stack.url}/account/center`);
    await s.page.waitForSelector('text=首席执行官');
    await openAccountMenu(s.page, '退出登录');
    await s.page.waitForURL(/\/user\/login\?redirect=/);
    const left = await s.page.evaluate(() => Object.keys(localStorage).filter((k) => ['sword-token', 'sword-refresh-token', 'sword-current-user'].includes(k)));
    expect(left).toEqual([]);
  });
});
