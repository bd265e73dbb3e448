// What a person does on any Keeper page, written once for every browser scenario: sign in through the
// login form, find form items by their label, pick from selects and tree selects, act on table rows
// and toolbar buttons, wait for the server's reply to a click, find the notices a page showed, and
// wait until a page is quiet before a screenshot. Also `api`, for the records a scenario needs but
// does not test.
//
// Assert on what stays: a reply awaited with its click, a row after a reload, a value a field shows
// until it is changed. A toast fades after 1.5–4.5 s and a list reloads when it likes; a check that
// races either fails one run in a few.
import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, type Stack } from './stack';

/** The header part of the split menus and the sider part. */
export const HEADER_MENU = '.ant-pro-top-nav-header-menu';
export const SIDER = '.ant-pro-sider';
/** The open drawer's panel (its dialog element: antd renames the wrappers between minor versions). */
export const DRAWER = '.ant-drawer [role="dialog"]';

export interface Credentials {
  tenantId: string;
  account: string;
  password: string;
}

export const PLATFORM_ADMIN: Credentials = { tenantId: '000000', account: 'admin', password: ADMIN_PASSWORD };

/** Fills and submits the login form with the text of the captcha this page load shows. */
export async function submitLogin(stack: Stack, page: Page, who: Credentials = PLATFORM_ADMIN) {
  // The key of the captcha this page load shows (a stored key may be an older one).
  const captcha = page.waitForResponse((r) => r.url().includes('/oauth/captcha'));
  await page.goto(`${stack.url}/user/login`);
  const { key } = (await (await captcha).json()) as { key: string };
  await page.waitForFunction((k) => localStorage.getItem('sword-captcha-key') === k, key);
  await page.fill('#login_tenantId', who.tenantId);
  await page.fill('#login_username', who.account);
  await page.fill('#login_password', who.password);
  await page.fill('#login_code', (await stack.captchaText(key)).toUpperCase());
  await page.click('button[type=submit]');
}

/** Signs in through the login page and waits to leave it. */
export async function signIn(stack: Stack, page: Page, who: Credentials = PLATFORM_ADMIN) {
  await submitLogin(stack, page, who);
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 30_000 });
}

/** The page a scope belongs to (a locator knows its page; a page is its own). */
const pageOf = (scope: Page | Locator): Page => ('page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page));

/** The form item labelled `label` (exact text) inside `scope`. */
export const formItem = (scope: Page | Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: pageOf(scope).locator(`label:text-is("${label}")`) }).first();

export async function fill(scope: Page | Locator, label: string, value: string) {
  await formItem(scope, label).locator('input, textarea').first().fill(value);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the select or tree select labelled `label` inside `scope`, clicks `option`, and waits until the
 * field shows it (a click lost in a re-render fails here, not three steps later). */
export async function pick(scope: Page | Locator, label: string, option: string) {
  const page = pageOf(scope);
  const select = formItem(scope, label).locator('.ant-select').first();
  await select.click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await open
    .locator('.ant-select-item-option, .ant-select-tree-title')
    .filter({ hasText: new RegExp(`^${escapeRegExp(option)}$`) })
    .first()
    .click();
  await expect.poll(async () => (await select.textContent()) ?? '', { timeout: 10_000 }).toContain(option);
}

/** The reply to the first call whose path ends with `path` that `action` (a click) causes. */
export async function replyTo(page: Page, path: string, action: () => Promise<unknown>): Promise<{ status: number; body: any }> {
  const reply = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path));
  await action();
  const r = await reply;
  return { status: r.status(), body: await r.json().catch(() => undefined) };
}

/**
 * Waits until the page has shown a message or notification containing `text`, later than the last one
 * found this way. browser.ts records every notice as it appears, so one that has already faded counts.
 */
export async function expectNotice(page: Page, text: string) {
  await page.waitForFunction((t) => {
    const w = window as unknown as { __keeperNotices?: string[]; __keeperNoticesRead?: number };
    const from = w.__keeperNoticesRead ?? 0;
    const i = (w.__keeperNotices ?? []).findIndex((n, k) => k >= from && n.includes(t));
    if (i < 0) return false;
    w.__keeperNoticesRead = i + 1;
    return true;
  }, text);
}

export async function submit(page: Page, form: string) {
  await page.click(`form#${form} button[type=submit]`);
}

/** The list row showing `text`. */
export const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

export async function toolbar(page: Page, name: RegExp) {
  await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name }).click();
}

/** Clicks a link of a row, looking under its "more" menu when it is not shown inline. */
export async function rowAction(page: Page, text: string, action: string) {
  await row(page, text).getByRole('button').first().waitFor();
  const link = row(page, text).getByRole('button', { name: new RegExp(`^${action.split('').join('\\s*')}$`) });
  if (await link.count()) {
    await link.click();
    return;
  }
  await row(page, text).getByTestId('crud-row-more').hover();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: action }).click();
}

/**
 * Calls the API as the person signed in on `page` (their token, the app's OAuth client), for records a
 * scenario needs in place but is not about. Answers the reply's `data`; throws with the server's
 * message on a failure.
 */
export async function api<T = any>(
  page: Page,
  path: string,
  opts: { method?: 'GET' | 'POST'; json?: unknown; query?: Record<string, string> } = {},
): Promise<T> {
  const reply = await page.evaluate(
    async ({ path, method, json, query }) => {
      const url = `/api/${path.replace(/^\//, '')}${query ? `?${new URLSearchParams(query)}` : ''}`;
      const headers: Record<string, string> = {
        Authorization: `Basic ${btoa('sword:sword_secret')}`,
        'Keeper-Auth': localStorage.getItem('sword-token') ?? '',
      };
      if (json !== undefined) headers['Content-Type'] = 'application/json';
      const r = await fetch(url, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
      return { status: r.status, body: await r.json().catch(() => undefined) };
    },
    { path, method: opts.method ?? (opts.json === undefined ? 'GET' : 'POST'), json: opts.json, query: opts.query },
  );
  if (reply.status !== 200 || !reply.body?.success) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as T;
}

/** The page is no wider than the window: nothing makes a person scroll sideways. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The trimmed, non-empty texts of the elements matching `selector`. */
export const texts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));

/** The network is quiet, motions have ended and the page is back at the top (a full-page shot of a
 * scrolled page repeats the fixed header). */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
}

/**
 * The platform administrator creates a tenant on the tenant page (already signed in as that
 * administrator); answers the tenant code the server generated. `shot` takes the screenshots of the
 * list, the filled form and the creation notice.
 */
export async function createTenant(
  stack: Stack,
  page: Page,
  tenant: { name: string; linkman: string; phone: string; address: string; adminPassword: string },
  shot?: (name: string) => Promise<void>,
): Promise<string> {
  await page.goto(`${stack.url}/system/tenant`);
  await page.waitForSelector('td >> text=平台管理');
  await shot?.('tenant-list');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await page.waitForURL(/\/system\/tenant\/add$/);
  await page.getByLabel('租户名称').fill(tenant.name);
  await page.getByLabel('联系人').fill(tenant.linkman);
  await page.getByLabel('联系电话').fill(tenant.phone);
  await page.getByLabel('联系地址').fill(tenant.address);
  await page.getByLabel('管理员密码').fill(tenant.adminPassword);
  await page.getByLabel('确认密码').fill(tenant.adminPassword);
  await shot?.('tenant-add');
  await page.click('form#tenant-form button[type=submit]');
  const created = page.getByTestId('tenant-created');
  await created.waitFor();
  const code = /\d{6}/.exec((await created.textContent()) ?? '')![0];
  await page.waitForTimeout(400);
  await shot?.('tenant-created');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await page.locator('tr', { hasText: tenant.name }).waitFor();
  return code;
}

/** A password as the SPA sends it on the wire (md5 hex of the typed text). */
const wirePassword = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The platform administrator (signed in on `page`) creates a tenant through the API, with its
 * administrator account `admin` and this password; answers the tenant code. The tenant starts with its
 * top department (power type 1, 管委会, named after the tenant) and the default menus.
 */
export async function createTenantByApi(page: Page, tenant: { name: string; adminPassword: string }): Promise<string> {
  const made = await api<{ id: string; tenantId: string }>(page, 'keeper-system/tenant/submit', {
    json: {
      tenantName: tenant.name,
      linkman: '孙主任',
      contactNumber: '0551-63360000',
      address: `${tenant.name}管委会大楼`,
      adminAccount: 'admin',
      adminPassword: wirePassword(tenant.adminPassword),
    },
  });
  return made.tenantId;
}

interface GrantNode {
  id: string;
  title: string;
  children?: GrantNode[];
}

/**
 * A role of the tenant of the administrator signed in on `page`, holding the menu reached by `menuPath`
 * (menu titles from the top, e.g. `['投资管理', '项目管理', '项目入库']`, the menus above granted with it)
 * and exactly the buttons of that menu titled in `buttons`; answers the role id. Throws when a title
 * is not in the grant tree.
 */
export async function createRoleByApi(
  page: Page,
  role: { name: string; alias: string },
  menuPath: string[],
  buttons: string[],
): Promise<string> {
  const { id } = await api<{ id: string }>(page, 'keeper-system/role/submit', { json: { roleName: role.name, roleAlias: role.alias, sort: 1 } });
  const tree = await api<{ menu: GrantNode[] }>(page, 'keeper-system/menu/grant-tree');
  const menuIds: string[] = [];
  let level = tree.menu;
  let node: GrantNode | undefined;
  for (const title of menuPath) {
    node = level.find((n) => n.title === title);
    if (!node) throw new Error(`no menu ${title} among ${level.map((n) => n.title).join(', ')}`);
    menuIds.push(node.id);
    level = node.children ?? [];
  }
  for (const title of buttons) {
    const button = level.find((n) => n.title === title);
    if (!button) throw new Error(`no button ${title} under ${menuPath.join(' › ')}`);
    menuIds.push(button.id);
  }
  await api(page, 'keeper-system/role/grant', { json: { roleIds: [id], menuIds, dataScopeIds: [], apiScopeIds: [] } });
  return id;
}

/** An account of the administrator's tenant with one role and one department, through the API. */
export async function createAccountByApi(
  page: Page,
  account: { account: string; realName: string; password: string; roleId: string; deptId: string },
): Promise<void> {
  await api(page, 'keeper-system/user/submit', {
    json: {
      account: account.account,
      password: wirePassword(account.password),
      realName: account.realName,
      name: account.realName,
      userType: 1,
      roleId: account.roleId,
      deptId: account.deptId,
    },
  });
}

/** Shows the app in `locale` from the next load on (the language switch stores it the same way). */
export async function useLocale(page: Page, locale: 'zh-CN' | 'en-US') {
  await page.evaluate((l) => localStorage.setItem('umi_locale', l), locale);
}

/** The message keys the page shows instead of their text (`pages.investment.project.field.x`). */
export const untranslatedKeys = async (page: Page) =>
  ((await page.locator('body').innerText()).match(/\b(?:pages|component|crud|menu|button|menuCode)\.[A-Za-z][\w.]*/g) ?? []).filter(
    // an e-mail address or a file name is not a key
    (k) => !/\.(?:xlsx|com|cn)$/.test(k),
  );

/** The open dialog titled `title`. */
export const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator(`.ant-modal-title:text-is("${title}")`) });

/** Types a day into the date field labelled `label` and takes it with Enter, as a person does. */
export async function typeDay(scope: Locator, label: string, day: string) {
  const input = formItem(scope, label).locator('input').first();
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(day);
}
