// What a park clerk hits in the browser (issue 12), through the real gateway and services, at a desktop
// window (1440×900) and a phone (390×844), in Chinese and in English: the header's top menus open a
// page, the login captcha is legible, the lists fit the screen and fold their tree panel away on a
// phone, the park pickers offer parks only, figures carry their units, and the site has an icon.
// Screenshots: e2e/screenshots/clerk-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import { api, DRAWER, explainFailure, formItem, HEADER_MENU, pageOverflow, row, SIDER, settled, signIn } from './pages';
import { type Stack, startStack } from './stack';

const PHONE = { width: 390, height: 844 };

/** Departments of every power type: a park under the 管委会, and one under a 要素保障 department. */
const DEPTS = [
  { name: '南湖园区', powerType: 2 },
  { name: '经济发展局', powerType: 3 },
  { name: '自然资源局', powerType: 4 },
  { name: '东片区', powerType: 2, under: '自然资源局' },
];

const ENTERPRISE_COUNT = 12;
const enterpriseName = (i: number) => `合肥南湖第${i}精密机械制造有限公司`;
/** The list shows the newest first. */
const NEWEST = enterpriseName(ENTERPRISE_COUNT);

/** A unified social credit code with its check character (GB 32100), from its first 17 characters. */
function creditCode(first17: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((acc, c, i) => acc + alphabet.indexOf(c) * weights[i], 0);
  return first17 + alphabet[(31 - (sum % 31)) % 31];
}

/** Shows the app in `locale` from the next load on (the language switch stores it the same way). */
async function useLocale(page: Page, locale: 'zh-CN' | 'en-US') {
  await page.evaluate((l) => localStorage.setItem('umi_locale', l), locale);
}

/** The width a table's content needs beyond what it is shown in (0: nothing hidden to the right). */
const tableOverflow = (page: Page) =>
  page.locator('.ant-table-content, .ant-table-body').first().evaluate((n) => n.scrollWidth - n.clientWidth);

/** The header cells' titles a list shows. */
const columnTitles = (page: Page) =>
  page.locator('.ant-table-thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()).filter(Boolean));

/** Whether any text of the search form's inputs and labels is cut (ellipsis, or wrapped onto a second line). */
async function searchFormCut(page: Page): Promise<string[]> {
  return page.locator('.ant-pro-query-filter').evaluate((form) => {
    const cut: string[] = [];
    form.querySelectorAll<HTMLElement>('.ant-form-item-label label').forEach((l) => {
      if (l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().height > 40) cut.push(`label ${l.textContent}`);
    });
    form.querySelectorAll<HTMLInputElement>('input[placeholder]').forEach((i) => {
      // a placeholder needs its text's width; "请.." is what a person saw
      const probe = document.createElement('span');
      probe.style.cssText = `font:${getComputedStyle(i).font};visibility:hidden;position:absolute;white-space:pre`;
      probe.textContent = i.placeholder;
      document.body.appendChild(probe);
      if (probe.getBoundingClientRect().width > i.clientWidth) cut.push(`input ${i.id}`);
      probe.remove();
    });
    form.querySelectorAll<HTMLElement>('.ant-pro-query-filter-collapse-button').forEach((b) => {
      if (b.getBoundingClientRect().height > 32) cut.push(`collapse ${b.textContent}`);
    });
    return cut;
  });
}

describe('what a park clerk hits in the browser', () => {
  let stack: Stack;
  let s: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    await signIn(stack, s.page);
    // The departments and enterprises the screens show: set up through the API, the screens are
    // what is tested.
    const [root] = await api<{ id: string }[]>(s.page, 'keeper-system/dept/commonList');
    for (const [i, d] of DEPTS.entries()) {
      const parentId = d.under ? ids[d.under] : root.id;
      const made = await api<{ id: string }>(s.page, 'keeper-system/dept/submit', {
        json: { parentId, deptName: d.name, fullName: d.name, deptCategory: 2, powerType: d.powerType, sort: i + 1, remark: '' },
      });
      ids[d.name] = made.id;
    }
    for (let i = 1; i <= ENTERPRISE_COUNT; i += 1) {
      await api(s.page, 'enterprise/submit', {
        json: {
          enterpriseName: enterpriseName(i),
          shortName: `南湖精机${i}`,
          creditCode: creditCode(`91340100MA2NH8K${String(i).padStart(2, '0')}`),
          companyType: '110',
          industryCode: 'C',
          leadingIndustry: '',
          deptId: ids['南湖园区'],
          industryDeptId: ids['经济发展局'],
          legalPerson: '周建国',
          registeredCapital: 5000,
          establishDate: '2015-06-01',
          registeredAddress: '合肥市南湖路 1 号',
          productionAddress: '',
          longitude: null,
          latitude: null,
          statCategory: '4',
          aboveScalePeriod: '',
          enterpriseScale: '',
          isHighTech: 'N',
          specializedLevel: '',
          isListed: 'N',
          employeeCount: 320,
          landArea: 85.5,
          mainProducts: '',
          contactName: '周会计',
          contactPhone: '0551-63350001',
          liaisonLeader: '',
          liaisonDeptId: null,
          operatingStatus: '1',
          needOutputReport: '',
          remark: '',
        },
      });
    }
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  // The lists of this file once stopped showing their rows on the shared page for the rest of the file
  // (CI of 2026-12-01: three waits for a row timed out, the phone's own page unaffected), not seen again
  // in five runs since: what the page showed goes into the log if it happens again.
  beforeEach(() => explainFailure(() => s?.page));

  test('the site answers its icon', async () => {
    const r = await fetch(`${stack.url}/favicon.ico`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/image\//);
    expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  test('a top menu in the header opens its first page', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/home`);
    for (const [top, first] of [
      ['资源管理', /\/resource\/oss\/list$/],
      ['权限管理', /\/authority\/role$/],
      ['系统管理', /\/system\/user\/list$/],
    ] as const) {
      await page.locator(`${HEADER_MENU} .ant-menu-title-content`, { hasText: top }).click();
      await page.waitForURL(first);
      await page.locator(`${SIDER} .ant-menu-item-selected`).waitFor();
      expect(await page.locator('.ant-result-404').count()).toBe(0);
    }
    await settled(page);
    await screenshot(page, 'clerk-01-top-menu-system');
    // the menu's own address, typed or bookmarked
    await page.goto(`${stack.url}/authority`);
    await page.waitForURL(/\/authority\/role$/);
  });

  describe('the login captcha', () => {
    for (const [name, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      test(`is shown at the size it was drawn at (${name})`, async () => {
        const context = await newContext(s.browser, viewport);
        try {
          const page = await context.newPage();
          await page.goto(`${stack.url}/user/login`);
          const img = page.locator('[data-testid=login-captcha] img');
          await img.waitFor();
          await page.waitForFunction(() => (document.querySelector('[data-testid=login-captcha] img') as HTMLImageElement | null)?.complete);
          const box = await img.evaluate((i: HTMLImageElement) => {
            const r = i.getBoundingClientRect();
            const b = i.closest('button')!.getBoundingClientRect();
            const input = document.querySelector('#login_code')!.closest('.ant-input-affix-wrapper')!.getBoundingClientRect();
            return {
              natural: [i.naturalWidth, i.naturalHeight],
              shown: [Math.round(r.width), Math.round(r.height)],
              inside: r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom,
              inputHeight: Math.round(input.height),
              buttonHeight: Math.round(b.height),
            };
          });
          expect(box.natural).toEqual([130, 48]);
          expect(box.shown).toEqual(box.natural);
          expect(box.inside).toBe(true);
          expect(box.inputHeight).toBe(box.buttonHeight);
          expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
          await screenshot(page, `clerk-02-login-captcha-${name}`);
        } finally {
          await context.close();
        }
      });
    }
  });

  describe('lists at 1440 px', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const lang = locale === 'zh-CN' ? 'zh' : 'en';
      test(`the enterprise list shows its essential columns whole, and the others on demand (${lang})`, async () => {
        const { page } = s;
        await useLocale(page, locale);
        await page.goto(`${stack.url}/system/enterprise`);
        await row(page, NEWEST).waitFor();
        await settled(page);
        await screenshot(page, `clerk-03-enterprise-list-${lang}`);
        expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
        expect(await searchFormCut(page)).toEqual([]);
        const titles = await columnTitles(page);
        const wanted =
          locale === 'zh-CN'
            ? ['企业名称', '统一社会信用代码', '属地园区', '所属行业', '经营状态', '操作']
            : ['Enterprise name', 'Credit code', 'Sub-park', 'Industry', 'Operating status', 'Actions'];
        for (const t of wanted) expect(titles).toContain(t);

        // a column left out is one tick away in the column settings
        const contact = locale === 'zh-CN' ? '联系电话' : 'Contact number';
        expect(titles).not.toContain(contact);
        await page.locator('.ant-pro-table-list-toolbar-setting-item').last().click();
        const settings = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-pro-table-column-setting-list');
        await settings.getByText(contact, { exact: true }).click();
        await expect.poll(() => columnTitles(page)).toContain(contact);
        // A phone-wide window lays the list out around the same table, the tree behind a button: the
        // settings stay open (Chromium's full-page screenshot resizes the window for a moment too,
        // across every breakpoint).
        await page.setViewportSize(PHONE);
        await page.getByTestId('tree-filter-open').waitFor();
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId('tree-filter-open').waitFor({ state: 'detached' });
        expect(await settings.count()).toBe(1);
        await settled(page);
        await screenshot(page, `clerk-04-enterprise-columns-${lang}`);
        await settings.getByText(contact, { exact: true }).click();
        await page.keyboard.press('Escape');
        await useLocale(page, 'zh-CN');
      });

      test(`the user list shows its essential columns whole, and the creation time on demand (${lang})`, async () => {
        const { page } = s;
        await useLocale(page, locale);
        await page.goto(`${stack.url}/system/user/list`);
        await row(page, 'admin').waitFor();
        await settled(page);
        await screenshot(page, `clerk-05-user-list-${lang}`);
        expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
        expect(await searchFormCut(page)).toEqual([]);
        const stamp = () =>
          row(page, 'admin')
            .locator('td')
            .evaluateAll((tds) => tds.map((td) => (td.textContent ?? '').trim()).find((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t)));
        expect(await stamp()).toBeUndefined();
        // chosen in the column settings, the creation time is shown whole (the table scrolls for it)
        const created = locale === 'zh-CN' ? '创建时间' : 'Created';
        await page.locator('.ant-pro-table-list-toolbar-setting-item').last().click();
        const settings = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-pro-table-column-setting-list');
        await settings.getByText(created, { exact: true }).click();
        await expect.poll(stamp).toBeTruthy();
        await settings.getByText(created, { exact: true }).click();
        await page.keyboard.press('Escape');
        await useLocale(page, 'zh-CN');
      });
    }
  });

  describe('lists on a phone', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(s.browser, PHONE);
      page = await context.newPage();
      await signIn(stack, page);
    });

    afterAll(async () => {
      await context?.close();
    });

    // `node`: a department of the tree whose rows include `first`
    for (const [name, path, first, panel, node] of [
      ['users', '/system/user/list', 'admin', '部门', '平台管理'],
      ['enterprises', '/system/enterprise', NEWEST, '属地园区', '南湖园区'],
    ] as const) {
      test(`the ${name} fold their tree away and stack their search form`, async () => {
        await page.goto(`${stack.url}${path}`);
        await row(page, first).waitFor();
        await settled(page);
        await screenshot(page, `clerk-06-phone-${name}`);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        // the search inputs take the width of the screen, one under the other
        // (the fields of a collapsed form are not drawn)
        const widths = await page
          .locator('.ant-pro-query-filter .ant-form-item-control')
          .evaluateAll((cs) => cs.filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getBoundingClientRect().width));
        expect(widths.length).toBeGreaterThan(0);
        for (const w of widths) expect(w).toBeGreaterThan(200);
        // the tree is one tap away, and picking a node filters the list
        expect(await page.locator('.ant-tree').count()).toBe(0);
        await page.getByTestId('tree-filter-open').click();
        const drawer = page.locator(DRAWER);
        await drawer.locator('.ant-tree').waitFor();
        await settled(page);
        await screenshot(page, `clerk-07-phone-${name}-tree`);
        expect(await drawer.textContent()).toContain(panel);
        const reply = page.waitForResponse((r) => /\/list\?/.test(r.url()) && r.url().includes('deptId='));
        await drawer.locator('.ant-tree-title', { hasText: node }).click();
        await reply;
        await row(page, first).waitFor();
        expect(await page.getByTestId('tree-filter-open').textContent()).toContain(node);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      });
    }

    test('the department list fits the phone too', async () => {
      await page.goto(`${stack.url}/system/dept/list`);
      await row(page, '南湖园区').waitFor();
      await settled(page);
      await screenshot(page, 'clerk-08-phone-depts');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });

    test('the enterprise list in English fits the phone', async () => {
      await useLocale(page, 'en-US');
      await page.goto(`${stack.url}/system/enterprise`);
      await row(page, NEWEST).waitFor();
      await settled(page);
      await screenshot(page, 'clerk-09-phone-enterprises-en');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await useLocale(page, 'zh-CN');
    });
  });

  test('the park pickers offer parks, the industry picker industry departments', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/enterprise`);
    await row(page, NEWEST).waitFor();
    // the tree panel of the list: parks and what leads to them
    const panel = await page.locator('.ant-tree').first().textContent();
    expect(panel).toContain('南湖园区');
    expect(panel).not.toContain('经济发展局');

    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator(DRAWER);
    /** The nodes a picker offers: `[title, disabled]`. */
    const offered = async (label: string) => {
      await formItem(drawer, label).locator('.ant-select').first().click();
      const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
      // (antd also renders an aria-hidden copy of the first nodes for screen readers)
      const treeNodes = open.locator('.ant-select-tree-treenode:not([aria-hidden])');
      await treeNodes.first().waitFor();
      const nodes = await treeNodes
        .evaluateAll((ns) => ns.map((n) => [(n.querySelector('.ant-select-tree-title')?.textContent ?? '').trim(), n.classList.contains('ant-select-tree-treenode-disabled')]));
      return { open, nodes };
    };
    const park = await offered('属地园区');
    await settled(page);
    await screenshot(page, 'clerk-10-park-picker');
    expect(park.nodes).toEqual([
      ['平台管理', false],
      ['南湖园区', false],
      ['自然资源局', true],
      ['东片区', false],
    ]);
    await page.keyboard.press('Escape');
    const industry = await offered('行业主管部门');
    expect(industry.nodes).toEqual([
      ['平台管理', true],
      ['经济发展局', false],
    ]);
    await page.keyboard.press('Escape');
    const liaison = await offered('包保部门');
    expect(liaison.nodes.map(([t]) => t)).toEqual(['平台管理', '南湖园区', '经济发展局', '自然资源局', '东片区']);
    expect(liaison.nodes.every(([, disabled]) => !disabled)).toBe(true);
    await page.keyboard.press('Escape');
  });

  test('figures carry their units', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/enterprise`);
    await row(page, NEWEST).getByRole('button', { name: /查\s*看/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.getByText('周建国').waitFor();
    await settled(page);
    await screenshot(page, 'clerk-11-enterprise-view');
    expect(await formItem(drawer, '注册资本').textContent()).toContain('5,000 万元');
    expect(await formItem(drawer, '从业人员').textContent()).toContain('320 人');
    expect(await formItem(drawer, '用地面积').textContent()).toContain('85.5 亩');
  });
});
