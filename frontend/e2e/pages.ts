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
import { expect, onTestFailed } from 'vitest';
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

/** A form POST of ids through the API (the target's 下达), as the person signed in on `page`. */
export async function postIdsByApi(page: Page, path: string, ids: string[]) {
  const reply = await page.evaluate(
    async ({ path, ids }) => {
      const r = await fetch(`/api/${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('sword:sword_secret')}`,
          'Keeper-Auth': localStorage.getItem('sword-token') ?? '',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ ids: ids.join(',') }).toString(),
      });
      return { status: r.status, body: await r.json().catch(() => undefined) };
    },
    { path, ids },
  );
  if (reply.status !== 200 || !reply.body?.success) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** The page is no wider than the window: nothing makes a person scroll sideways. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The trimmed, non-empty texts of the elements matching `selector`. */
export const texts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()).filter(Boolean));

/** The last answers from the API each watched page received (`explainFailure`). */
const answers = new WeakMap<Page, string[]>();

/**
 * Says, when the running test fails, what `page` showed: its address, window, the rows of its lists and
 * whether they are drawn, the first lines of its text and what its storage holds. A test that timed out
 * waiting for a row otherwise leaves only "Timeout 30000ms exceeded" in the log. Call from `beforeEach`.
 */
export function explainFailure(page: () => Page | undefined) {
  const watched = page();
  if (watched && !answers.has(watched)) {
    const last: string[] = [];
    answers.set(watched, last);
    watched.on('response', (r) => {
      if (!r.url().includes('/api/')) return;
      last.push(`${r.status()} ${r.request().method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
      if (last.length > 12) last.shift();
    });
  }
  onTestFailed(async () => {
    const p = page();
    if (!p || p.isClosed()) return;
    console.error(`the page's last answers from the API: ${JSON.stringify(answers.get(p) ?? [])}`);
    const seen = p
      .evaluate(() => {
        const rows = [...document.querySelectorAll('tr.ant-table-row')];
        const box = rows[0]?.getBoundingClientRect();
        return {
          url: location.href,
          window: [innerWidth, innerHeight],
          rows: rows.length,
          firstRowBox: box ? [box.x, box.y, box.width, box.height].map(Math.round) : null,
          text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 600),
          storage: Object.keys(localStorage).map((k) => `${k}=${(localStorage.getItem(k) ?? '').slice(0, 300)}`),
        };
      })
      .catch((e) => ({ error: String(e) }));
    // A page whose script never yields (a render loop) does not answer at all: say so instead of waiting.
    const answered = await Promise.race([seen, new Promise((done) => setTimeout(() => done({ error: 'no answer in 5 s: the page is busy' }), 5000))]);
    console.error(`the page when the test failed: ${JSON.stringify(answered)}`);
  });
}

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
export async function createTenantByApi(page: Page, tenant: { name: string; adminPassword: string; domain?: string }): Promise<string> {
  const made = await api<{ id: string; tenantId: string }>(page, 'keeper-system/tenant/submit', {
    json: {
      tenantName: tenant.name,
      domain: tenant.domain,
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
  return createRoleWithMenusByApi(page, role, [{ menuPath, buttons }]);
}

/** A role holding several menus, each with exactly the buttons titled (see `createRoleByApi`). */
export async function createRoleWithMenusByApi(
  page: Page,
  role: { name: string; alias: string },
  grants: { menuPath: string[]; buttons: string[] }[],
): Promise<string> {
  const { id } = await api<{ id: string }>(page, 'keeper-system/role/submit', { json: { roleName: role.name, roleAlias: role.alias, sort: 1 } });
  const tree = await api<{ menu: GrantNode[] }>(page, 'keeper-system/menu/grant-tree');
  const menuIds = new Set<string>();
  for (const { menuPath, buttons } of grants) {
    let level = tree.menu;
    let node: GrantNode | undefined;
    for (const title of menuPath) {
      node = level.find((n) => n.title === title);
      if (!node) throw new Error(`no menu ${title} among ${level.map((n) => n.title).join(', ')}`);
      menuIds.add(node.id);
      level = node.children ?? [];
    }
    for (const title of buttons) {
      const button = level.find((n) => n.title === title);
      if (!button) throw new Error(`no button ${title} under ${menuPath.join(' › ')}`);
      menuIds.add(button.id);
    }
  }
  await api(page, 'keeper-system/role/grant', { json: { roleIds: [id], menuIds: [...menuIds], dataScopeIds: [], apiScopeIds: [] } });
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

/**
 * Opens a screen the way a person does: the top menu `titles[0]` in the header, then down the sider to
 * `titles` last (a sub-menu is opened when the screen is not in view yet); waits for `path`.
 */
export async function openFromMenu(page: Page, titles: string[], path: string) {
  await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: titles[0] }).click();
  const screen = page.locator(`${SIDER} .ant-menu-title-content`, { hasText: titles[titles.length - 1] });
  for (const title of titles.slice(1, -1)) {
    if (!(await screen.isVisible())) await page.locator(`${SIDER} .ant-menu-title-content`, { hasText: title }).click();
  }
  await screen.click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Types a figure into the number field labelled `label` and leaves the field. */
export async function typeFigure(scope: Locator, label: string, figure: string) {
  const input = formItem(scope, label).locator('input').first();
  await input.fill(figure);
  await input.press('Tab');
}

/** Texts as a person reads them: antd spaces two-character labels ("保 存"). */
export const compact = (list: string[]) => list.map((t) => t.replace(/\s/g, ''));

/** Chinese characters and full-width punctuation: what an English label must not hold. */
export const CJK = /[\u3400-\u9fff\uff08\uff09\uff0c\uff1a]/;

/** The texts of the column headers of the list. */
export const columnTitles = (page: Page) => texts(page, '.ant-table-thead th');

/** The width the list's columns need beyond what it is shown in (0: nothing hidden to the right). */
export const tableOverflow = (page: Page) =>
  page.locator('.ant-table-content, .ant-table-body').first().evaluate((n) => n.scrollWidth - n.clientWidth);

/** The column headers whose title runs onto a third line. */
export const tallHeaders = (page: Page) =>
  page.locator('.ant-table-thead th').evaluateAll((ths) =>
    ths
      .filter((th) => {
        const title = th.querySelector('.ant-table-column-title') ?? th;
        const text = document.createRange();
        text.selectNodeContents(title);
        return text.getBoundingClientRect().height > 2 * (parseFloat(getComputedStyle(title).lineHeight) || 22) + 2;
      })
      .map((th) => (th.textContent ?? '').trim()),
  );

/** The column headers whose words are wider than the room their cell gives them (cut by an ellipsis). */
export const cutHeaders = (page: Page) =>
  page.locator('.ant-table-thead th').evaluateAll((ths) =>
    ths
      .filter((th) => {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? (th as HTMLElement);
        const style = getComputedStyle(title);
        const room = title.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
        const words = document.createRange();
        words.selectNodeContents(title);
        return (title.textContent ?? '').trim() !== '' && words.getBoundingClientRect().width > room + 1;
      })
      .map((th) => (th.textContent ?? '').trim()),
  );

/** A unified social credit code with its check character (GB 32100), from its first 17 characters. */
export function creditCode(first17: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((acc, c, i) => acc + alphabet.indexOf(c) * weights[i], 0);
  return first17 + alphabet[(31 - (sum % 31)) % 31];
}

/** Scrolls the open drawer so that the section titled `title` is at its top. */
export async function scrollToSection(drawer: Locator, title: string) {
  await drawer.locator('.ant-divider', { hasText: title }).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await drawer.page().waitForTimeout(300);
}

/** The labels of the drawer's form that are cut (an ellipsis) or run onto a second line. */
export const cutLabels = (drawer: Locator) =>
  drawer.locator('.ant-form-item-label label').evaluateAll((labels) =>
    labels
      .filter((l) => {
        const line = parseFloat(getComputedStyle(l).lineHeight) || 22;
        return l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().height > line * 1.5;
      })
      .map((l) => (l.textContent ?? '').trim()),
  );

/** The horizontal alignment of the header and of each cell of the column titled `title`. */
export async function columnAlignment(page: Page, title: string) {
  return page.locator('.ant-table').first().evaluate((table, t) => {
    const heads = Array.from(table.querySelectorAll('thead th'));
    const index = heads.findIndex((th) => (th.textContent ?? '').trim() === t);
    if (index < 0) return undefined;
    const cells = Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) => tr.querySelectorAll('td')[index]);
    return {
      head: getComputedStyle(heads[index]).textAlign,
      cells: cells.map((td) => getComputedStyle(td).textAlign),
    };
  }, title);
}

/** A zone of its own and the departments a scenario starts from. */
export interface Zone {
  tenantId: string;
  /** its top department, the 管委会 */
  topId: string;
  /** the park (属地, power type 2) under it */
  parkId: string;
}

/**
 * A zone for a scenario: the platform administrator (signed in on `page`) creates the tenant, then
 * `page` signs in as the zone's administrator and adds the park under its 管委会.
 */
export async function createZoneByApi(stack: Stack, page: Page, zone: { name: string; password: string; park: string }): Promise<Zone> {
  const tenantId = await createTenantByApi(page, { name: zone.name, adminPassword: zone.password });
  await page.evaluate(() => localStorage.clear());
  await signIn(stack, page, { tenantId, account: 'admin', password: zone.password });
  const [top] = await api<{ id: string }[]>(page, 'keeper-system/dept/commonList');
  const { id: parkId } = await api<{ id: string }>(page, 'keeper-system/dept/submit', {
    json: { parentId: top.id, deptName: zone.park, fullName: `${zone.name}${zone.park}`, deptCategory: 2, powerType: 2, sort: 1, remark: '' },
  });
  return { tenantId, topId: top.id, parkId };
}

/** Files a project through the API and takes it into the library (submitted, then approved by the
 * administrator signed in on `page`); answers its id. */
export async function enterLibraryByApi(page: Page, project: object): Promise<string> {
  const { id } = await api<{ id: string }>(page, 'project/submit', { json: project });
  for (const step of ['submit', 'approve']) await api(page, 'project/review', { json: { ids: [id], step, opinion: '' } });
  return id;
}

/** Files the monthly report of a project under construction through the API and submits it; the
 * administrator signed in on `page` approves it unless `approve` is false. */
export async function reportByApi(page: Page, report: { projectId: string; period: string; monthInvestment: string }, approve = true) {
  const { id } = await api<{ id: string }>(page, 'projectReport/submit', {
    json: { ...report, projectStatus: '50', progressDesc: '主体结构及设备安装施工', hasIssue: 'N' },
  });
  for (const step of approve ? ['submit', 'approve'] : ['submit']) await api(page, 'projectReport/review', { json: { ids: [id], step, opinion: '' } });
}

/** A manufacturing enterprise of the park `deptId` (the fields the register requires), through the API;
 * `first17` are the first 17 characters of its credit code. */
export async function createEnterpriseByApi(page: Page, e: { name: string; short: string; deptId: string; first17: string; address: string }) {
  await api(page, 'enterprise/submit', {
    json: {
      enterpriseName: e.name,
      shortName: e.short,
      creditCode: creditCode(e.first17),
      companyType: '110',
      industryCode: 'C',
      deptId: e.deptId,
      legalPerson: '周建国',
      registeredCapital: 5000,
      establishDate: '2015-06-01',
      registeredAddress: e.address,
      statCategory: '4',
      isHighTech: 'N',
      isListed: 'N',
      operatingStatus: '1',
      contactName: '周会计',
      contactPhone: '0551-63350001',
    },
  });
}

/** The bodies `page` sends to the API path `path` from now on, in order (a refused form sends none). */
export function recordCalls(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) calls.push(r.postData() ?? '');
  });
  return calls;
}

/** The latest closed month (the dispatch screens open on it): its year, month and `yyyy-MM`. */
export function latestClosedMonth() {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = d.getMonth() + 1;
  return { year: d.getFullYear(), month, period: `${d.getFullYear()}-${String(month).padStart(2, '0')}` };
}

/**
 * A cell as both the screen and the file can be read: a figure as its value to the hundredth ("15,000.00"
 * on the screen and 15000 in the file, "33.34%" and 33.34, "+2.50" points and 2.5), other text as it stands.
 */
export const comparable = (text: string) => {
  const t = text.trim();
  return /^[+-]?[\d,]+(\.\d+)?%?$/.test(t) ? Number(t.replace(/[,%+]/g, '')).toFixed(2) : t;
};

/** The trimmed texts of the cells of the first table row holding `text`. */
export const cellsOf = async (page: Page, text: string) => (await row(page, text).first().locator('td').allTextContents()).map((c) => c.trim());

/** The trimmed texts of the cells of a StatTable's total row. */
export const totalCells = async (page: Page) => (await page.getByTestId('stat-total').locator('td').allTextContents()).map((c) => c.trim());

/**
 * A reporting industrial enterprise (规上 since 2023, C34) of a test zone, as `enterprise/submit` takes
 * it: `n` (four digits) makes its credit code unique within the suite.
 */
export function reportingEnterprise(name: string, deptId: string, n: number) {
  return {
    enterpriseName: name,
    creditCode: creditCode(`9134010000000${n}`),
    companyType: '173',
    industryCode: 'C34',
    deptId,
    statCategory: '1',
    aboveScalePeriod: '2023-01',
    contactName: '吴工',
    contactPhone: '0571-66668888',
    operatingStatus: '1',
  };
}
