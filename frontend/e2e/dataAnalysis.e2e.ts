// The public big screen in the browser (issue 18), through the real gateway and services: a zone set up
// through the API (its 管委会 and a park, two 规上 enterprises with last year's and this month's output
// approved, the park's output target issued, a key project under construction with its plan and its
// approved report, a project signed this month, a key issue on the project), its big screen opened by its
// administrator as on 园区设置 (`zoneSetting/submit`, every widget public). A visitor who
// has never signed in opens `/dataAnalysis?tenant=<id>` on a wall display (1920×1080) and on a laptop
// (1366×768): the zone's title, 数据截至 the latest closed month, the headline figures, the charts and the
// scrolling tables, all of it in the window with no scroll bar, no token sent and no login page. A second
// zone, new and empty, makes only three widgets public: its screen closes up round them and its empty
// lists say so; its domain bound in 租户管理, it opens there without a zone in the address. A third zone,
// which has not opened its screen, says so in full, and so does an address without a zone. (The service
// keeps a built screen five minutes, so each case has its own zone.)
// Screenshots: e2e/screenshots/dataAnalysis-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  createTenantByApi,
  createZoneByApi,
  enterLibraryByApi,
  latestClosedMonth,
  postIdsByApi,
  reportByApi,
  reportingEnterprise,
  signIn,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '东湖经开区';
const PARK = '东湖园区';
const BEARINGS = '东湖精密轴承有限公司';
const MATERIALS = '东湖新材料有限公司';
const PLANT = '东湖精密轴承生产基地';
const SIGNED = '东湖智能装备产业园';
const ISSUE = '项目用电增容尚未批复';
const NEW_ZONE = { name: '南湖经开区', password: 'Nanhu#2026' };

/** Files an enterprise's month of output, submits it and approves it. */
async function output(page: Page, enterpriseId: string, period: string, monthOutput: string) {
  const { id } = await api<{ id: string }>(page, 'outputValue/submit', { json: { enterpriseId, period, monthOutput } });
  for (const step of ['submit', 'approve']) await api(page, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
}

function project(name: string, deptId: string, totalInvestment: string, extra: Record<string, unknown> = {}) {
  return {
    projectName: name,
    ownerName: '东湖实业有限公司',
    // 本地企业增资扩产: no signing (a 招商引资 project has its signing date and amount)
    projectSource: '2',
    deptId,
    projectType: '01',
    projectStatus: '50',
    actualStartDate: '2025-09-01',
    constructionNature: '1',
    industryCode: 'C34',
    projectLevel: '3',
    isKeyProject: 'Y',
    address: '东湖大道 8 号',
    constructionContent: '新建生产厂房 3.1 万平方米，购置生产线 6 条',
    constructionStartYear: 2025,
    constructionEndYear: 2027,
    totalInvestment,
    plannedStartDate: '2025-08-01',
    plannedCompletionDate: '2027-06-30',
    responsibleLeader: '周副主任',
    ownerContact: '孙经理',
    ownerPhone: '0551-65550000',
    ...extra,
  };
}

/**
 * Opens the big screen of the zone whose administrator is signed in on `page`, as they do on 园区设置: its
 * public widgets (every one unless `widgets` names some) through `zoneSetting/submit`. The service takes
 * them at once, so the public API answers right away.
 */
async function openScreen(stack: Stack, page: Page, widgets?: string[]) {
  const { tenantId, widgetKeys } = await api<{ tenantId: string; widgetKeys: string[] }>(page, 'zoneSetting/detail');
  const chosen = widgets ?? widgetKeys;
  const saved = await api<{ screenWidgets: string[] }>(page, 'zoneSetting/submit', { json: { screenWidgets: chosen } });
  expect(saved.screenWidgets).toEqual(chosen);
  const r = await fetch(`${stack.url}/api/dataAnalysis/screen?tenant=${tenantId}`);
  if (!r.ok) throw new Error(`the screen of ${tenantId} did not open: ${r.status} ${await r.text()}`);
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** How far the page reaches past the window, across and down: 0 and 0 when it fits. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const e = document.documentElement;
    return [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight];
  });

/** The widgets on the screen, in document order. */
const widgets = (page: Page) =>
  page.locator('[data-testid^="widget-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.slice('widget-'.length)));

const kpiValue = async (page: Page, key: string) => ((await page.getByTestId(`kpi-${key}`).getByTestId('kpi-value').textContent()) ?? '').trim();

/** The cells of the rows in view of a scrolling table. */
const tableRows = (page: Page, table: string) =>
  page
    .getByTestId(`table-${table}`)
    .locator('[data-loop-row="shown"]')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('[role="cell"]')).map((c) => (c.textContent ?? '').trim())));

/** The screen has drawn: its title is there, and every chart has its canvas. */
async function drawn(page: Page) {
  await page.getByTestId('screen-title').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-placeholder"]').length === 0);
  await page.waitForLoadState('networkidle');
  // ECharts' first frame
  await page.waitForTimeout(600);
}

describe('the big screen: a visitor reads the zone’s figures on a wall display without signing in', () => {
  let stack: Stack;
  /** the stack reached by the name `localhost`: the new zone's 绑定域名 (every other case uses 127.0.0.1) */
  const boundOrigin = () => new URL(stack.url).origin.replace('//127.0.0.1', '//localhost');
  let s: Session;
  let wall: BrowserContext;
  let visitor: Page;
  let closedZone: string;
  let zone: string;
  let newZone: string;
  /** the Keeper-Auth headers the visitor's page sent */
  const tokens: string[] = [];
  const { year, month, period } = latestClosedMonth();
  const lastYear = `${year - 1}-${String(month).padStart(2, '0')}`;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    // a zone that has not opened its screen, and a new one that opens three widgets
    closedZone = await createTenantByApi(admin, { name: '西湖经开区', adminPassword: 'Xihu#2026' });
    // the new zone's 绑定域名: the stack as reached by the name `localhost` (the other cases use 127.0.0.1)
    newZone = await createTenantByApi(admin, { name: NEW_ZONE.name, adminPassword: NEW_ZONE.password, domain: boundOrigin() });
    const { tenantId, topId, parkId } = await createZoneByApi(stack, admin, { name: ZONE, password: 'Donghu#2026', park: PARK });
    zone = tenantId;

    const { id: bearings } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise(BEARINGS, parkId, 5101) });
    const { id: materials } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise(MATERIALS, parkId, 5102) });
    await output(admin, bearings, lastYear, '1000');
    await output(admin, materials, lastYear, '600');
    await output(admin, bearings, period, '1200');
    await output(admin, materials, period, '800');
    const { id: target } = await api<{ id: string }>(admin, 'target/submit', {
      json: { targetYear: year, deptId: parkId, indicatorCode: '12', annualTarget: '12000' },
    });
    await postIdsByApi(admin, 'target/release', [target]);

    const plant = await enterLibraryByApi(admin, project(PLANT, parkId, '15000'));
    await api(admin, 'projectPlan/submit', { json: { projectId: plant, planYear: year, yearPlanInvestment: '6000', yearMilestone: '主体封顶' } });
    await reportByApi(admin, { projectId: plant, period, monthInvestment: '1200.5' });
    await enterLibraryByApi(
      admin,
      project(SIGNED, parkId, '25000', {
        projectStatus: '30',
        projectSource: '1',
        isKeyProject: 'N',
        actualStartDate: '',
        signDate: `${period}-05`,
        contractAmount: '25000',
        plannedStartDate: `${year + 1}-03-01`,
        constructionStartYear: year + 1,
        constructionEndYear: year + 2,
      }),
    );
    const { id: powerId } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: topId, deptName: '东湖供电所', fullName: '东湖供电所', deptCategory: 2, powerType: 4, sort: 2, remark: '' },
    });
    const { id: issueId } = await api<{ id: string }>(admin, 'projectIssue/submit', {
      json: { projectId: plant, issueType: '4', description: ISSUE, suggestion: '协调供电公司加快增容审批' },
    });
    await api(admin, 'projectIssue/assign', {
      json: {
        id: issueId,
        issueLevel: '4',
        responsibleDeptId: powerId,
        coDeptIds: [],
        deadline: day(new Date(Date.now() + 7 * 86_400_000)),
        opinion: '请一周内完成增容审批',
      },
    });
    // opened once everything is in (the service keeps a built screen five minutes), each by its own
    // administrator: the zone's is signed in on this page since createZoneByApi
    await openScreen(stack, admin);
    await admin.evaluate(() => localStorage.clear());
    await signIn(stack, admin, { tenantId: newZone, account: 'admin', password: NEW_ZONE.password });
    await openScreen(stack, admin, ['outputTrend', 'keyProjects', 'issues']);

    // the wall display: a browser nobody has signed in on
    wall = await newContext(s.browser, { width: 1920, height: 1080 });
    visitor = await wall.newPage();
    visitor.on('request', (r) => {
      const token = r.headers()['keeper-auth'];
      if (token !== undefined) tokens.push(`${r.url()}: ${token}`);
    });
  });

  afterAll(async () => {
    await wall?.close();
    await s?.close();
    await stack?.stop();
  });

  test('at 1920×1080 the zone’s title, the month, the headline figures, the charts and the tables fill the window', async () => {
    const page = visitor;
    await page.goto(`${stack.url}/dataAnalysis?tenant=${zone}`);
    await drawn(page);
    expect(new URL(page.url()).pathname).toBe('/dataAnalysis');
    expect((await page.getByTestId('screen-title').textContent())?.trim()).toBe(`${ZONE}经济运行监测`);
    expect((await page.getByTestId('screen-as-of').textContent())?.trim()).toBe(`数据截至 ${year}年${month}月`);
    expect(await widgets(page)).toEqual([
      'outputTrend', 'enterpriseRanking', 'parkCompletion',
      'projectStatus', 'industryInvestment', 'keyProjects', 'issues',
      'parkInvestment', 'typeInvestment', 'latestSigned',
    ]);
    // 1,200 + 800 this month against 1,000 + 600 last year: +25 %; 2,000 of the park's 12,000
    expect(await kpiValue(page, 'output')).toBe('2,000.00');
    expect(await page.getByTestId('kpi-output-yoy').textContent()).toBe('25.00%');
    expect(await page.getByTestId('kpi-output').textContent()).toContain('完成年度目标 16.67%');
    expect(await kpiValue(page, 'investment')).toBe('1,200.50');
    expect(await kpiValue(page, 'library')).toBe('2');
    expect(await page.getByTestId('kpi-library').textContent()).toContain('总投资 4.00 亿元');
    expect(await kpiValue(page, 'signed')).toBe('1');
    expect(await kpiValue(page, 'keyIssues')).toBe('1');

    expect(await tableRows(page, 'enterpriseRanking')).toEqual([
      ['1', BEARINGS, '1,200.00', '20.00%'],
      ['2', MATERIALS, '800.00', '33.33%'],
    ]);
    expect((await tableRows(page, 'keyProjects'))[0].slice(0, 4)).toEqual([PLANT, PARK, '1,200.50', '1,200.50']);
    expect((await tableRows(page, 'latestSigned'))[0]).toEqual([SIGNED, '2.50', expect.any(String), `${period}-05`]);
    expect((await tableRows(page, 'issues'))[0].slice(0, 2)).toEqual([PLANT, ISSUE]);
    // every chart drawn on its canvas
    expect(await page.locator('[data-testid="chart"]:has(canvas)').count()).toBe(5);

    // the canvas fills the window exactly: no scroll bar, no band
    expect(await overflow(page)).toEqual([0, 0]);
    const box = (await page.getByTestId('screen-canvas').boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([1920, 1080]);
    expect(await untranslatedKeys(page)).toEqual([]);
    // never signed in: nothing carried a token, and the browser holds none
    expect(tokens).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sword-token'))).toBeNull();
    await screenshot(page, 'dataAnalysis-01-wall-1920');
  });

  test('at 1366×768 the same screen is scaled down whole, still without a scroll bar', async () => {
    const page = visitor;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(400);
    expect(await overflow(page)).toEqual([0, 0]);
    const box = (await page.getByTestId('screen-canvas').boundingBox())!;
    // 1366 / 1920 = 0.711; 768 / 1080 = 0.711: the same shape, letterboxed by under a pixel
    expect(Math.round(box.width)).toBe(1365);
    expect(box.y + box.height).toBeLessThanOrEqual(768.5);
    await screenshot(page, 'dataAnalysis-02-laptop-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  test('a window of another shape gets dark bands, not a cut screen', async () => {
    const page = visitor;
    await page.setViewportSize({ width: 1280, height: 1024 });
    await page.waitForTimeout(400);
    expect(await overflow(page)).toEqual([0, 0]);
    const box = (await page.getByTestId('screen-canvas').boundingBox())!;
    expect(Math.round(box.width)).toBe(1280);
    expect(Math.round(box.y)).toBe(Math.round((1024 - 720) / 2));
    await screenshot(page, 'dataAnalysis-03-square-1280');
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  test('in English the screen reads in English', async () => {
    const page = visitor;
    await useLocale(page, 'en-US');
    await page.reload();
    await drawn(page);
    expect((await page.getByTestId('screen-title').textContent())?.trim()).toBe(`${ZONE} Economic Monitor`);
    expect((await page.getByTestId('screen-as-of').textContent())?.trim()).toMatch(/^Data as of [A-Z][a-z]{2} \d{4}$/);
    expect(await untranslatedKeys(page)).toEqual([]);
    await screenshot(page, 'dataAnalysis-04-english');
    await useLocale(page, 'zh-CN');
  });

  test('a new zone that makes three widgets public shows those three, closed up, its empty lists saying so', async () => {
    const page = visitor;
    await page.goto(`${stack.url}/dataAnalysis?tenant=${newZone}`);
    await drawn(page);
    expect((await page.getByTestId('screen-title').textContent())?.trim()).toBe(`${NEW_ZONE.name}经济运行监测`);
    expect(await widgets(page)).toEqual(['outputTrend', 'keyProjects', 'issues']);
    expect(await page.getByTestId('screen-kpis').count()).toBe(0);
    for (const table of ['keyProjects', 'issues']) expect(await page.getByTestId(`table-${table}`).textContent()).toContain('暂无数据');
    // twelve months of nothing: said, not drawn as an empty plot
    expect(await page.getByTestId('widget-outputTrend').textContent()).toContain('暂无数据');
    expect(await overflow(page)).toEqual([0, 0]);
    await screenshot(page, 'dataAnalysis-05-three-widgets');
  });

  test('a zone that has not opened its screen says so, and so does an address without a zone', async () => {
    const page = visitor;
    await page.goto(`${stack.url}/dataAnalysis?tenant=${closedZone}`);
    await page.getByTestId('screen-notOpen').waitFor();
    expect(await page.getByTestId('screen-notOpen').textContent()).toContain('该园区未开放数据大屏');
    expect(new URL(page.url()).pathname).toBe('/dataAnalysis');
    await screenshot(page, 'dataAnalysis-06-not-open');

    await page.goto(`${stack.url}/dataAnalysis`);
    await page.getByTestId('screen-noTenant').waitFor();
    expect(await page.getByTestId('screen-noTenant').textContent()).toContain('缺少园区参数');
    await screenshot(page, 'dataAnalysis-07-no-tenant');
    expect(tokens).toEqual([]);
  });

  test('opened on the domain bound to a zone, the address needs no zone', async () => {
    const page = visitor;
    await page.goto(`${boundOrigin()}/dataAnalysis`);
    await drawn(page);
    expect((await page.getByTestId('screen-title').textContent())?.trim()).toBe(`${NEW_ZONE.name}经济运行监测`);
    expect(await widgets(page)).toEqual(['outputTrend', 'keyProjects', 'issues']);
    expect(new URL(page.url()).search).toBe('');
    expect(tokens).toEqual([]);
  });
});
