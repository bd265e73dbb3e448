// 投资预测 in the browser (issue 16b), through the real gateway and services: a zone set up through the
// API (its 管委会 and a park, a library project of the park under construction with an approved report
// of the month, the park's annual 项目完成投资 target issued, and a park person holding 查看, 新增, 修改,
// 删除 and 提交 on 投资预测). Before any forecast the project counts at the fallback and is flagged; the
// park person opens the screen on the current month, follows the dispatch notice's link to the month
// just closed, files the project's forecast of that month from the project list and submits it; the
// committee (the zone's administrator) approves it; the summary then shows the expected year, its rate
// against the target and the shortfall, worked out by hand below. The committee downloads the summary
// and the month's forecasts and finds the screen's figures in them, then imports the project's forecast
// of the current month: a file with a bad row is refused with the row named, the corrected one lands as
// a draft. The same screens in English at the end. Screenshots: e2e/screenshots/forecast-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  CJK,
  columnTitles,
  createAccountByApi,
  createRoleByApi,
  type Credentials,
  createZoneByApi,
  cutHeaders,
  DRAWER,
  enterLibraryByApi,
  fill,
  openFromMenu,
  postIdsByApi,
  recordCalls,
  replyTo,
  reportByApi,
  row,
  rowAction,
  settled,
  signIn,
  tableOverflow,
  typeFigure,
  latestClosedMonth,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet, writeSheet } from './xlsx';

const ZONE = '西湖经开区';
const ZONE_PASSWORD = 'Xihu#2026';
const PARK = '西湖智造园';
const SCREEN = ['投资管理', '在库项目', '投资预测'];
const PATH = '/investment/inLibraryProject/investmentForecasting';
const PARK_PERSON = { account: 'xihu.park', realName: '钱园区', password: 'Park#2026' };
const PROJECT = '西湖储能装备产业园';

const { year: YEAR, month: N, period: PERIOD } = latestClosedMonth();
const MONTHS = N === 1 ? '1月' : `1–${N}月`;
const TODAY = new Date();
const CURRENT = { year: TODAY.getFullYear(), month: TODAY.getMonth() + 1 };
const CURRENT_PERIOD = `${CURRENT.year}-${String(CURRENT.month).padStart(2, '0')}`;

/**
 * By hand: the park's target is 12,000 万元; the project's approved report of the month did 2,400, so
 * 1–N月完成 2,400 and the trend 2,400 ÷ N × 12. Without a forecast the project counts at max(2,400, no
 * plan) = 2,400. The forecast: 2,000 this month, 5,000 this quarter, 6,000 this year. Approved, the
 * expected year is 6,000: 6,000 ÷ 12,000 = 50.00 %, a shortfall of 12,000 − 6,000 = 6,000.00 (red); the
 * month came in at 2,400 ÷ 2,000 − 1 = +20.00 % against the forecast.
 */
const TARGET = '12000';
const REPORTED = '2400';
const money = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const TREND = money(Math.round(((2400 / N) * 12 + Number.EPSILON) * 100) / 100);

/** The texts of the cells of the row showing `name`, by column title. */
async function cells(page: Page, name: string): Promise<Record<string, string>> {
  const titles = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
  const values = await row(page, name).first().locator('td').allTextContents();
  return Object.fromEntries(titles.map((t, i) => [t, (values[i] ?? '').trim()]));
}

const tab = (page: Page, name: string) => page.locator('.ant-page-header .ant-tabs-tab', { hasText: name });

/** The review dialog's OK, and the reply to the step. */
async function takeStep(page: Page) {
  const ok = page.locator('.ant-modal').last().getByRole('button', { name: /^(确\s*定|OK)$/ });
  const reply = await replyTo(page, '/investmentForecast/review', () => ok.click());
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const statusOf = (page: Page, name: string) => row(page, name).locator('.ant-tag').first().textContent();

describe('投资预测: the park files and submits a forecast, the committee approves it, the summary expects it', () => {
  let stack: Stack;
  let s: Session;
  let committee: Page;
  let context: BrowserContext;
  let park: Page;
  let saved: string[];

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    committee = s.page;
    await signIn(stack, committee);
    const { tenantId, parkId } = await createZoneByApi(stack, committee, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    const projectId = await enterLibraryByApi(committee, {
      projectName: PROJECT,
      ownerName: '西湖储能有限公司',
      projectSource: '2',
      deptId: parkId,
      projectType: '01',
      projectStatus: '50',
      actualStartDate: `${YEAR - 1}-10-01`,
      constructionNature: '1',
      industryCode: 'C38',
      projectLevel: '3',
      isKeyProject: 'N',
      address: '西湖大道 8 号',
      constructionContent: '新建储能装备生产厂房 4 万平方米',
      totalInvestment: '50000',
      plannedStartDate: `${YEAR - 1}-09-01`,
      plannedCompletionDate: `${YEAR + 1}-06-30`,
      ownerContact: '孙经理',
      ownerPhone: '0551-63330001',
    });
    await reportByApi(committee, { projectId, period: PERIOD, monthInvestment: REPORTED });
    const { id: targetId } = await api<{ id: string }>(committee, 'target/submit', {
      json: { targetYear: YEAR, deptId: parkId, indicatorCode: '4', annualTarget: TARGET, splitMode: '1', remark: '' },
    });
    await postIdsByApi(committee, 'target/release', [targetId]);
    const role = await createRoleByApi(committee, { name: '园区投资预测', alias: 'park_forecast' }, SCREEN, ['查看', '新增', '修改', '删除', '提交']);
    await createAccountByApi(committee, { ...PARK_PERSON, roleId: role, deptId: parkId });
    context = await newContext(s.browser);
    park = await context.newPage();
    await signIn(stack, park, { tenantId, ...PARK_PERSON } satisfies Credentials);
    saved = recordCalls(park, '/api/investmentForecast/submit');
  });

  afterAll(async () => {
    await context?.close();
    await s?.close();
    await stack?.stop();
  });

  test('before any forecast the project counts at the fallback, flagged', async () => {
    const page = committee;
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await row(page, PARK).waitFor();
    expect(await cells(page, PARK)).toMatchObject({ 年度目标: '12,000.00', [`${MONTHS}完成`]: '2,400.00', 预计全年: '2,400.00', 预计完成率: '20.00%', 缺口: '9,600.00' });
    expect(await row(page, PARK).getByTestId('flagged').textContent()).toBe('1 个估算');
    expect(await page.getByTestId('summary-flagged').textContent()).toContain('1 个项目中有 1 个未报');
    expect(await tableOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'forecast-01-summary-flagged');
  });

  test('the park person files the project’s forecast from the project list and submits it', async () => {
    const page = park;
    await openFromMenu(page, SCREEN, PATH);
    // a forecast looks ahead: the screen opens on the current month, not on the latest closed one
    await row(page, PARK).waitFor();
    expect(await page.getByTestId('period-year').textContent()).toContain(String(CURRENT.year));
    expect(await page.getByTestId('period-month').textContent()).toContain(`${CURRENT.month}月`);
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await tab(page, '项目明细').click();
    await row(page, PROJECT).waitFor();
    expect(await row(page, PROJECT).getByTestId('fallback').textContent()).toBe('按计划估算');
    expect(await row(page, PROJECT).textContent()).toContain('未填报');
    // the role holds neither 导入 nor 导出: neither is offered
    expect(await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*入|导\s*出/ }).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'forecast-02-projects');
    await rowAction(page, PROJECT, '填报预测');
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('forecast-header').waitFor();
    expect(await drawer.getByTestId('forecast-header').textContent()).toContain(PROJECT);
    await typeFigure(drawer, '预计本月完成投资', '2000');
    await typeFigure(drawer, '预计本季度完成投资', '5000');
    await typeFigure(drawer, '预计全年完成投资', '6000');
    await fill(drawer, '预测依据/说明', '设备款本月到位，主体结构下季度封顶');
    await settled(page);
    await screenshot(page, 'forecast-03-drawer');
    const reply = await replyTo(page, '/investmentForecast/submit', () => drawer.getByTestId('forecast-submit').click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(JSON.parse(saved[0])).toMatchObject({ period: PERIOD, expectedMonthInvestment: '2000', expectedQuarterInvestment: '5000', expectedYearInvestment: '6000' });
    await drawer.waitFor({ state: 'detached' });

    await tab(page, '预测填报').click();
    await row(page, PROJECT).waitFor();
    await expect.poll(() => statusOf(page, PROJECT)).toBe('草稿');
    await rowAction(page, PROJECT, '提交');
    await takeStep(page);
    await expect.poll(() => statusOf(page, PROJECT)).toBe('待审核');
    // submitted: the filler may withdraw it, no longer change it
    const links = (await row(page, PROJECT).getByRole('button').allTextContents()).map((t) => t.replace(/\s/g, ''));
    expect(links).toContain('撤回');
    expect(links.filter((l) => ['修改', '删除', '提交'].includes(l))).toEqual([]);
    expect(await tableOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'forecast-04-submitted');
  });

  test('the committee approves it and the summary expects the forecast', async () => {
    const page = committee;
    await tab(page, '预测填报').click();
    await row(page, PROJECT).waitFor();
    await rowAction(page, PROJECT, '查看');
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('forecast-review-actions').waitFor();
    await drawer.getByTestId('forecast-review').getByText('钱园区').waitFor();
    await settled(page);
    await screenshot(page, 'forecast-05-view');
    await drawer.getByTestId('forecast-review-actions').getByRole('button', { name: '审核通过' }).click();
    await takeStep(page);
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page, PROJECT)).toBe('已通过');

    await tab(page, '汇总').click();
    await row(page, PARK).waitFor();
    await expect.poll(async () => (await cells(page, PARK))['预计全年']).toBe('6,000.00');
    expect(await cells(page, PARK)).toMatchObject({
      项目数: '1',
      年度目标: '12,000.00',
      [`${MONTHS}完成`]: '2,400.00',
      预计完成率: '50.00%',
      缺口: '6,000.00',
      预测准确度: '+20.00%',
      趋势预测: TREND,
    });
    expect(await row(page, PARK).locator('[data-gap="short"]').count()).toBe(1);
    expect(await page.getByTestId('summary-flagged').count()).toBe(0);
    expect(await page.getByTestId('stat-total').textContent()).toContain('6,000.00');
    expect(await tableOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'forecast-06-summary');
  });

  test('the committee downloads what the screen shows and imports the project’s forecast of the current month', async () => {
    const page = committee;
    const dir = mkdtempSync(join(tmpdir(), 'keeper-e2e-forecast-'));
    const toolbar = page.locator('.ant-pro-table-list-toolbar');
    const download = async (name: string) => {
      const downloading = page.waitForEvent('download');
      await toolbar.getByRole('button', { name: /导\s*出/ }).click();
      const file = join(dir, name);
      await (await downloading).saveAs(file);
      return readSheet(file);
    };

    // 汇总: the title, the unit, then the park's row with the screen's figures, to the hundredth.
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await row(page, PARK).waitFor();
    const shown = await cells(page, PARK);
    const summary = await download('summary.xlsx');
    expect(summary[0][0]).toBe(`${YEAR}年${N}月投资预测汇总`);
    expect(summary[1][0]).toBe('单位：万元');
    const parkRow = summary.find((r) => r[0]?.trim().replace(/^　+/, '') === PARK)!;
    const figure = (x: string) => money(Number(x));
    expect([parkRow[1], figure(parkRow[3]), figure(parkRow[4]), figure(parkRow[5]), `${figure(parkRow[6])}%`, figure(parkRow[7])]).toEqual([
      shown['项目数'],
      shown['年度目标'],
      shown[`${MONTHS}完成`],
      shown['预计全年'],
      shown['预计完成率'],
      shown['缺口'],
    ]);
    expect(`+${figure(parkRow[8])}%`).toBe(shown['预测准确度']);
    expect(figure(parkRow[9])).toBe(shown['趋势预测']);

    // 预测填报: the list's row, cell by cell, after the month and the project's number.
    await tab(page, '预测填报').click();
    await row(page, PROJECT).waitFor();
    const listed = await cells(page, PROJECT);
    const forecasts = await download('forecasts.xlsx');
    const header = forecasts[0];
    const exported = Object.fromEntries(header.map((h, i) => [h, forecasts[1][i] ?? '']));
    expect(forecasts).toHaveLength(2);
    expect(exported).toMatchObject({ 月份: PERIOD, 项目名称: listed['项目名称'], 责任单位: listed['责任单位'], 状态: listed['状态'] });
    expect([exported['预计本月完成投资(万元)'], exported['预计全年完成投资(万元)']].map(figure)).toEqual([listed['预计本月'], listed['预计全年']]);
    expect(figure(exported['预计本季度完成投资(万元)'])).toBe(listed['预计本季度']);
    const projectNo = exported['项目编号'];
    expect(projectNo).toMatch(/^XM/);

    // The import: the current month's forecast of the project and a row of a project that does not exist.
    // The template's header, every column in place; the empty cells are left out.
    const importHeader = ['月份', '项目编号', '项目名称', '预计本月完成投资(万元)', '预计本季度完成投资(万元)', '预计全年完成投资(万元)', '预计开工日期', '预计投产日期', '预测依据/说明'];
    const good = [CURRENT_PERIOD, projectNo, '', '2100', '', '6200', '', '', '设备安装进度加快'];
    const bad = join(dir, 'bad.xlsx');
    writeSheet(bad, [importHeader, good, [CURRENT_PERIOD, 'XM0000-404', '', '1', '', '1', '', '', '']]);
    await toolbar.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入投资预测' });
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles(bad);
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    const report = page.getByTestId('forecast-import-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('项目不存在');
    expect(await report.locator('tbody tr').count()).toBe(1);
    expect(await report.locator('tbody tr td').first().textContent()).toContain('3');
    await settled(page);
    await screenshot(page, 'forecast-10-import-refused');
    const fixed = join(dir, 'good.xlsx');
    writeSheet(fixed, [importHeader, good]);
    await dialog.locator('input[type=file]').setInputFiles(fixed);
    const reply = await replyTo(page, '/investmentForecast/import', () => dialog.getByRole('button', { name: /开始导入/ }).click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ created: 1, updated: 0 });
    await dialog.waitFor({ state: 'hidden' });

    // Opened afresh, the screen is on the current month: the imported forecast waits there as a draft.
    await page.goto(`${stack.url}${PATH}`);
    await tab(page, '预测填报').click();
    await row(page, PROJECT).waitFor();
    await expect.poll(() => statusOf(page, PROJECT)).toBe('草稿');
    expect(await cells(page, PROJECT)).toMatchObject({ 预计本月: '2,100.00', 预计全年: '6,200.00' });
    await settled(page);
    await screenshot(page, 'forecast-11-imported');
  });

  test('the same screens in English', async () => {
    const page = committee;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await row(page, PARK).waitFor();
    await page.locator('.ant-table-thead th', { hasText: 'Expected year' }).first().waitFor();
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    expect(await cutHeaders(page)).toEqual([]);
    expect(await tableOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'forecast-07-summary-en');

    await tab(page, 'Projects').click();
    await row(page, PROJECT).waitFor();
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    expect(await tableOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'forecast-08-projects-en');

    await tab(page, 'Forecast filing').click();
    await row(page, PROJECT).waitFor();
    expect(await statusOf(page, PROJECT)).toBe('Approved');
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    await rowAction(page, PROJECT, 'View');
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('forecast-review').waitFor();
    const labels = await drawer.locator('.ant-form-item-label, .ant-descriptions-item-label').allTextContents();
    expect(labels.filter((t) => CJK.test(t))).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'forecast-09-view-en');
  });
});
