// The investment screens in English (issue 15), through the real gateway and services: a zone set up
// through the API with a project of every kind the screens list — a 技改 draft waiting in 项目入库, a 技改
// project in the library with this year's investment, a tracked plant whose last month waits for review
// and whose issue was assigned to the power company, and a plant in production — and its administrator
// walking 项目入库 (list and a 技改 project's drawer), 技术改造 (list and summary), 跟踪项目 (tracked list,
// report review, issue ledger, an issue) and 已完成项目 (list, drawer, completion form) with the language
// set to English. What the tenant typed and its dictionaries stay Chinese (data); every title, header,
// label and button is English, no header is cut, and no message key shows.
// Screenshots: e2e/screenshots/english-*.png.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import {
  api,
  CJK,
  columnTitles,
  compact,
  createZoneByApi,
  cutHeaders,
  cutLabels,
  DRAWER,
  dialog,
  enterLibraryByApi,
  reportByApi,
  row,
  rowAction,
  scrollToSection,
  settled,
  signIn,
  tallHeaders,
  texts,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '南山经开区';
const ZONE_PASSWORD = 'Nanshan#2026';
const PARK = '南山园区';
const YEAR = new Date().getFullYear();
/** The tracked list's month (the previous one, its default). */
const LAST_MONTH = (() => {
  const d = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
})();

const DRAFT = '南山精工数控车间数字化改造项目';
const RENOVATION = '南山园区余热回收节能改造项目';
const TRACKED = '南山新能源汽车零部件产业园';
const FINISHED = '南山精密模具生产基地';
const ISSUE = '园区主干道未贯通，大件设备无法进场';
const POWER_DEPT = '南山供电公司';

function project(name: string, deptId: string, totalInvestment: string, extra: Record<string, unknown> = {}) {
  return {
    projectName: name,
    ownerName: '南山实业有限公司',
    projectSource: '2',
    deptId,
    projectType: '01',
    projectStatus: '50',
    actualStartDate: `${YEAR - 1}-09-01`,
    constructionNature: '1',
    industryCode: 'C35',
    projectLevel: '3',
    isKeyProject: 'N',
    address: '南山大道 18 号',
    constructionContent: '新建生产厂房 4.5 万平方米',
    totalInvestment,
    plannedStartDate: `${YEAR - 1}-08-01`,
    plannedCompletionDate: `${YEAR + 1}-06-30`,
    ownerContact: '周经理',
    ownerPhone: '0551-62220000',
    ...extra,
  };
}

const renovation = (renovationType: string, equipmentInvestment: string) => ({
  projectType: '02',
  constructionNature: '3',
  renovation: { renovationType, equipmentInvestment, isKeyRenovation: 'N', subsidyApplied: 'N' },
});

/** What an English screen must not show: Chinese in the texts of `selector` (data aside). */
const chinese = async (page: Page, selector: string) => (await texts(page, selector)).filter((t) => CJK.test(t));

/** The title of the screen (its menu's name). */
const screenTitle = (page: Page) => page.locator('.ant-page-header-heading-title').first().textContent();

/** Every check of an English list, after its screenshot `shot`: its title, headers whole and English,
 * toolbar English, no keys. */
async function englishList(page: Page, shot: string, title: string, firstColumn: string) {
  await page.locator('.ant-table-thead th', { hasText: firstColumn }).first().waitFor();
  await settled(page);
  await screenshot(page, shot);
  expect(await screenTitle(page)).toBe(title);
  expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
  expect(await cutHeaders(page)).toEqual([]);
  expect(await tallHeaders(page)).toEqual([]);
  expect(await chinese(page, '.ant-pro-table-list-toolbar button, .ant-pro-query-filter label, .ant-pro-query-filter button')).toEqual([]);
  expect(await untranslatedKeys(page)).toEqual([]);
}

/** The labels of a read-only drawer (descriptions) or form that are still Chinese. */
const chineseLabels = (scope: Locator) =>
  scope.locator('.ant-descriptions-item-label, .ant-form-item-label label, .ant-divider').evaluateAll((nodes) =>
    nodes.map((n) => (n.textContent ?? '').trim()).filter((t) => /[\u3400-\u9fff]/.test(t)),
  );

describe('the investment screens in English', () => {
  let stack: Stack;
  let s: Session;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    page = s.page;
    await signIn(stack, page);
    const { topId, parkId } = await createZoneByApi(stack, page, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    const { id: powerId } = await api<{ id: string }>(page, 'keeper-system/dept/submit', {
      json: { parentId: topId, deptName: POWER_DEPT, fullName: POWER_DEPT, deptCategory: 2, powerType: 4, sort: 2, remark: '' },
    });
    const enter = (body: object) => enterLibraryByApi(page, body);
    await api(page, 'project/submit', { json: project(DRAFT, parkId, '1800', { ...renovation('2', '1200'), projectStatus: '40', actualStartDate: '' }) });
    const renovating = await enter(project(RENOVATION, parkId, '2600', renovation('3', '1900.5')));
    await reportByApi(page, { projectId: renovating, period: `${YEAR}-01`, monthInvestment: '640.25' });
    const tracked = await enter(project(TRACKED, parkId, '56000'));
    // last month's report waits for review
    await reportByApi(page, { projectId: tracked, period: LAST_MONTH, monthInvestment: '1850.5' }, false);
    const { id: issueId } = await api<{ id: string }>(page, 'projectIssue/submit', {
      json: { projectId: tracked, issueType: '4', description: ISSUE, suggestion: '协调施工单位加快道路贯通' },
    });
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await api(page, 'projectIssue/assign', {
      json: {
        id: issueId,
        issueLevel: '3',
        responsibleDeptId: powerId,
        coDeptIds: [],
        deadline: `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`,
        opinion: '请一周内完成道路贯通',
      },
    });
    await enter(
      project(FINISHED, parkId, '18000', {
        projectStatus: '70',
        actualStartDate: `${YEAR - 2}-04-10`,
        actualCompletionDate: `${YEAR - 1}-10-28`,
        productionDate: `${YEAR - 1}-12-01`,
        openingInvestment: '16500',
        expectedAnnualOutput: '36000',
      }),
    );
    await useLocale(page, 'en-US');
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('项目入库: the list and a 技改 project’s drawer', async () => {
    await page.goto(`${stack.url}/investment/projectManagement/projectWarehousing`);
    await row(page, DRAFT).waitFor();
    await englishList(page, 'english-01-intake-list', 'Project intake', 'Project name');

    await rowAction(page, DRAFT, 'Edit');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: 'Edit project' }).waitFor();
    await drawer.locator('.ant-divider', { hasText: 'Technical renovation' }).waitFor();
    expect(await chineseLabels(drawer)).toEqual([]);
    expect(await cutLabels(drawer)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await scrollToSection(drawer, 'Technical renovation');
    await screenshot(page, 'english-02-intake-drawer-renovation');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  test('技术改造: the list and its summary', async () => {
    await page.goto(`${stack.url}/investment/projectManagement/technicalRenovation`);
    await row(page, RENOVATION).waitFor();
    const card = page.getByTestId('renovation-summary');
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('640.25');
    await englishList(page, 'english-03-renovation-list', 'Tech renovation', 'Project');
    expect(await chinese(page, '[data-testid="renovation-summary"] .ant-statistic-title, [data-testid="renovation-summary"] .ant-statistic-content')).toEqual([]);
    expect(await card.textContent()).toContain(`Renovation investment this year (${YEAR})`);
  });

  test('跟踪项目: the tracked list, report review, the issue ledger and an issue', async () => {
    await page.goto(`${stack.url}/investment/trackProject`);
    await row(page, TRACKED).waitFor();
    await englishList(page, 'english-04-tracked-list', 'Tracked projects', 'Project');
    const tabs = compact(await page.locator('.ant-page-header .ant-tabs-tab').allTextContents());
    expect(tabs).toEqual(['Trackedprojects', 'Reportreview', 'Issueledger']);

    await page.locator('.ant-page-header .ant-tabs-tab', { hasText: 'Report review' }).click();
    await row(page, TRACKED).waitFor();
    await englishList(page, 'english-05-report-review', 'Tracked projects', 'Project');
    expect((await row(page, TRACKED).textContent()) ?? '').toContain('1,850.50');

    await page.locator('.ant-page-header .ant-tabs-tab', { hasText: 'Issue ledger' }).click();
    await row(page, ISSUE).waitFor();
    await englishList(page, 'english-06-issue-ledger', 'Tracked projects', 'Issue');

    await rowAction(page, ISSUE, 'View');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: 'Issue' }).waitFor();
    await drawer.getByText('History').waitFor();
    expect(await chineseLabels(drawer)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'english-07-issue-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  test('已完成项目: the list, the drawer and the completion form', async () => {
    await page.goto(`${stack.url}/investment/finishProject`);
    await row(page, FINISHED).waitFor();
    await englishList(page, 'english-08-finished-list', 'Finished projects', 'Project');

    await rowAction(page, FINISHED, 'View');
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('finished-project').waitFor();
    expect(await chineseLabels(drawer)).toEqual([]);
    expect(await chinese(page, `${DRAWER} .ant-drawer-header button`)).toEqual([]);
    await settled(page);
    await screenshot(page, 'english-09-finished-drawer');

    await drawer.getByRole('button', { name: 'Record completion' }).click();
    const form = dialog(page, `Completion · ${FINISHED}`);
    await form.waitFor();
    expect(await chineseLabels(form)).toEqual([]);
    expect(await cutLabels(form)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'english-10-completion-form');
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});
