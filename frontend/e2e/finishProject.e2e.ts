// 已完成项目 in the browser (issue 15), through the real gateway and services: a zone set up through the
// API (its 管委会, a park, the park's keeper of 已完成项目 holding view/edit/export) with two finished
// projects in the library: a bearing plant in production with what its reports added up to, and a
// logistics centre completed without a report. The keeper finds them with the investment made against
// the plan and how long each was built, opens the bearing plant's completion form, is stopped by an
// acceptance before the completion and a missing investment (nothing is sent), then records the final
// accounts; the list shows the new rates, worked out by hand below, and the drawer what was recorded.
// Screenshots: e2e/screenshots/finishProject-*.png.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  createAccountByApi,
  createRoleByApi,
  type Credentials,
  createZoneByApi,
  DRAWER,
  dialog,
  enterLibraryByApi,
  fill,
  formItem,
  openFromMenu,
  recordCalls,
  replyTo,
  row,
  rowAction,
  settled,
  signIn,
  typeDay,
  typeFigure,
  untranslatedKeys,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '西湖经开区';
const ZONE_PASSWORD = 'Xihu#2026';
const PARK = '西湖园区';
const SCREEN = ['投资管理', '已完成项目'];
const PATH = '/investment/finishProject';
const KEEPER = { account: 'xihu.keeper', realName: '钱归档', password: 'Keeper#2026' };

/**
 * In production: built 18 November 2024 – 6 February 2026, 15,000 万元 planned, 9,600 invested by its
 * reports (64.00 %), 30,000 万元 of output a year expected. Its final accounts: 14,318.6 万元
 * (÷ 15,000 = 95.4573 % → 95.46 %); its first year's output 12,600.5 (÷ 30,000 = 42.0017 % → 42.00 %).
 * 18 Nov 2024 → 6 Feb 2026 is 14 whole months (the 18th of February 2026 is not reached).
 */
const BEARING = '西湖精密轴承生产基地';
const COMPLETION = { actual: '14318.6', acceptance: '2026-03-20', capacity: '年产精密轴承800万套', output: '12600.5', tax: '630.25' };
/** Completed 1 April 2025 – 20 July 2026 (15 months), nothing reported: no investment, no rate. */
const LOGISTICS = '西湖智慧物流分拨中心';

function project(name: string, deptId: string, totalInvestment: string, extra: Record<string, unknown>) {
  return {
    projectName: name,
    ownerName: '西湖实业有限公司',
    projectSource: '2',
    deptId,
    projectType: '01',
    constructionNature: '1',
    industryCode: 'C34',
    projectLevel: '3',
    isKeyProject: 'N',
    address: '西湖大道 8 号',
    constructionContent: '新建生产厂房 3.1 万平方米，购置生产线 6 条',
    totalInvestment,
    plannedStartDate: '2024-11-01',
    plannedCompletionDate: '2026-03-31',
    ownerContact: '孙经理',
    ownerPhone: '0551-65550000',
    ...extra,
  };
}

/** The texts of a row's cells, by column title. */
async function cells(page: Page, name: string): Promise<Record<string, string>> {
  const titles = await page.locator('.ant-table-thead th').allTextContents();
  const values = await row(page, name).locator('td').allTextContents();
  return Object.fromEntries(titles.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
}

/** The error texts under the fields of a form. */
const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error').allTextContents();

describe('已完成项目: the keeper records what a finished project achieved', () => {
  let stack: Stack;
  let s: Session;
  let context: BrowserContext;
  let keeper: Page;
  let bearingId: string;
  /** The completions the keeper's page sent (a refused form sends none). */
  let completions: string[];

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const { tenantId, parkId } = await createZoneByApi(stack, admin, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    bearingId = await enterLibraryByApi(
      admin,
      project(BEARING, parkId, '15000', {
        projectStatus: '70',
        actualStartDate: '2024-11-18',
        actualCompletionDate: '2026-02-06',
        productionDate: '2026-03-01',
        openingInvestment: '9600',
        expectedAnnualOutput: '30000',
        expectedAnnualTax: '1500',
      }),
    );
    await enterLibraryByApi(
      admin,
      project(LOGISTICS, parkId, '8000', {
        projectType: '03',
        industryCode: 'G',
        projectStatus: '60',
        actualStartDate: '2025-04-01',
        actualCompletionDate: '2026-07-20',
      }),
    );
    const role = await createRoleByApi(admin, { name: '竣工项目管理员', alias: 'finished_keeper' }, SCREEN, ['修改', '查看', '导出']);
    await createAccountByApi(admin, { ...KEEPER, roleId: role, deptId: parkId });
    context = await newContext(s.browser);
    keeper = await context.newPage();
    await signIn(stack, keeper, { tenantId, ...KEEPER } satisfies Credentials);
    completions = recordCalls(keeper, '/api/project/finished/submit');
  });

  afterAll(async () => {
    await context?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the keeper finds both with the investment made and how long each was built', async () => {
    const page = keeper;
    await openFromMenu(page, SCREEN, PATH);
    await row(page, BEARING).waitFor();
    await row(page, LOGISTICS).waitFor();
    expect(await cells(page, BEARING)).toMatchObject({
      '计划总投资(万元)': '15,000.00',
      '实际完成投资(万元)': '9,600.00',
      投资完成率: '64.00%',
      开工日期: '2024-11-18',
      竣工日期: '2026-02-06',
      投产日期: '2026-03-01',
      '建设周期(月)': '14',
      项目状态: '投产',
    });
    expect(await cells(page, LOGISTICS)).toMatchObject({
      '实际完成投资(万元)': '—',
      投资完成率: '—',
      竣工日期: '2026-07-20',
      '建设周期(月)': '15',
      项目状态: '竣工',
    });
    // the newest completion first
    expect(await page.locator('tr.ant-table-row').first().textContent()).toContain(LOGISTICS);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'finishProject-01-list');
  });

  test('an acceptance before the completion and a missing investment are refused on their fields', async () => {
    const page = keeper;
    await rowAction(page, BEARING, '修改');
    const form = dialog(page, `竣工信息 · ${BEARING}`);
    await form.waitFor();
    // offered from what the reports add up to
    await expect.poll(() => formItem(form, '实际完成总投资').locator('input').inputValue()).toBe('9600');
    await formItem(form, '实际完成总投资').locator('input').fill('');
    await typeDay(form, '竣工验收日期', '2026-01-30');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => fieldErrors(form)).toEqual(['请填写实际完成总投资', '竣工验收日期不能早于竣工日期']);
    expect(completions).toEqual([]);
    await settled(page);
    await screenshot(page, 'finishProject-02-completion-refused');
  });

  test('the final accounts recorded, the list shows the new rates', async () => {
    const page = keeper;
    const form = dialog(page, `竣工信息 · ${BEARING}`);
    await typeFigure(form, '实际完成总投资', COMPLETION.actual);
    await typeDay(form, '竣工验收日期', COMPLETION.acceptance);
    await fill(form, '新增生产能力', COMPLETION.capacity);
    await typeFigure(form, '投产后年产值(万元)', COMPLETION.output);
    await typeFigure(form, '投产后年税收(万元)', COMPLETION.tax);
    await formItem(form, '是否已入规').getByText('是', { exact: true }).click();
    await expect.poll(() => fieldErrors(form)).toEqual([]);
    await settled(page);
    await screenshot(page, 'finishProject-03-completion-filled');
    const saved = await replyTo(page, '/project/finished/submit', () => form.getByRole('button', { name: /确\s*定/ }).click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.parse(completions[0])).toEqual({
      id: bearingId,
      acceptanceDate: COMPLETION.acceptance,
      actualTotalInvestment: COMPLETION.actual,
      newCapacity: COMPLETION.capacity,
      actualAnnualOutput: COMPLETION.output,
      actualAnnualTax: COMPLETION.tax,
      enteredAboveScale: 'Y',
    });
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await cells(page, BEARING))['实际完成投资(万元)']).toBe('14,318.60');
    expect(await cells(page, BEARING)).toMatchObject({
      投资完成率: '95.46%',
      '建设周期(月)': '14',
      '实际年产值(万元)': '12,600.50',
      产值兑现率: '42.00%',
    });
    await settled(page);
    await screenshot(page, 'finishProject-04-list-recorded');
    // the figures further right, as a person scrolls to them (the name stays in place)
    await page.locator('.ant-table-content, .ant-table-body').first().evaluate((n) => n.scrollTo({ left: n.scrollWidth }));
    await page.waitForTimeout(300);
    await screenshot(page, 'finishProject-04b-list-recorded-right');

    await rowAction(page, BEARING, '查看');
    const drawer = page.locator(DRAWER);
    const shown = drawer.getByTestId('finished-project');
    await shown.waitFor();
    const text = (await shown.textContent()) ?? '';
    for (const want of [COMPLETION.acceptance, COMPLETION.capacity, '14,318.60', '630.25', '95.46%']) expect(text).toContain(want);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'finishProject-05-drawer');
  });
});
