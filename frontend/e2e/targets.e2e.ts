// 目标任务 in the browser (issue 16a), through the real gateway and services: a zone set up through the
// API (its 管委会 and a park, a project of the park under construction, and a park person holding 查看
// and 确认 on 目标任务). The committee (the zone's administrator) sets the park's annual 项目完成投资
// target, split evenly, and issues it; the park person confirms it; an approved monthly report then
// moves the completion, worked out by hand below. Mid-year the committee revises the target with a
// reason (the version issued is kept) and issues it again; the bureau's official figure of an indicator
// the platform does not measure is typed in. The committee then imports the zone's own target from a
// small file (a row for the issued park target is refused: a file never overwrites it), and exports the
// targets, in the layout the import reads. The same screens in English at the end.
// Screenshots: e2e/screenshots/targets-*.png.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
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
  formItem,
  openFromMenu,
  pick,
  recordCalls,
  replyTo,
  reportByApi,
  row,
  rowAction,
  settled,
  signIn,
  tableOverflow,
  tallHeaders,
  typeFigure,
  latestClosedMonth,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet, writeSheet } from './xlsx';

const ZONE = '东湖经开区';
const ZONE_PASSWORD = 'Donghu#2026';
const PARK = '东湖智造园';
const SCREEN = ['投资管理', '在库项目', '目标任务'];
const PATH = '/investment/inLibraryProject/targetTask';
const PARK_PERSON = { account: 'donghu.park', realName: '赵园区', password: 'Park#2026' };
const PROJECT = '东湖新能源装备产业园';

const { year: YEAR, month: N, period: PERIOD } = latestClosedMonth();

/**
 * By hand: 12,000 万元 for the year, split evenly: 1,000 a month, so 1–N月 1,000 × N. The month's
 * approved report of 2,400: 2,400 ÷ 12,000 = 20.00 %; against 1–N月 2,400 ÷ (1,000 × N); the time gone
 * N ÷ 12; the gap 20 − N ÷ 12 × 100 points (two decimals, half away from zero).
 */
const ANNUAL = '12000';
const REPORTED = '2400';
/** The revised year: 2,400 of 9,600 is 25.00 %. */
const REVISED = '9600';
const REASON = '重大项目延期至明年开工，年度目标下调';
const pct = (x: number) => (Math.round(x * 100 + Number.EPSILON) / 100).toFixed(2);
const money = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const timeProgress = (N / 12) * 100;

/** The texts of the cells of the row showing `name`, by column title. */
async function cells(page: Page, name: string): Promise<Record<string, string>> {
  const titles = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
  const values = await row(page, name).first().locator('td').allTextContents();
  return Object.fromEntries(titles.map((t, i) => [t, (values[i] ?? '').trim()]));
}

const tab = (page: Page, name: string) => page.locator('.ant-page-header .ant-tabs-tab', { hasText: name });

/** Clicks OK in the open confirmation and waits for its call's reply. */
async function confirmWith(page: Page, path: string) {
  const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: /^(确\s*定|OK)$/ });
  const reply = await replyTo(page, path, () => ok.click());
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const statusOf = (page: Page, name: string) => row(page, name).locator('.ant-tag').first().textContent();

/** The columns of the target template (services/business/src/dept_target/excel.rs), all of them required in a file. */
const IMPORT_HEADERS = [
  '年度', '责任单位', '指标', '年度目标', '目标增速(%)', '上年实际', '分解方式', '一季度累计(%)', '上半年累计(%)', '前三季度累计(%)',
  ...Array.from({ length: 12 }, (_, i) => `${i + 1}月`), '备注',
];
/** A row of a target file: the year, the department, 项目完成投资 and the year's figure, split evenly. */
const importRow = (dept: string, annual: string) => IMPORT_HEADERS.map((h) => ({ 年度: String(YEAR), 责任单位: dept, 指标: '项目完成投资(万元)', 年度目标: annual, 分解方式: '平均' })[h] ?? '');
/** The zone's own year, imported: 36,000, 3,000 a month. */
const ZONE_ANNUAL = '36000';

describe('目标任务: the committee issues a target, the park confirms it, a report moves the completion', () => {
  let stack: Stack;
  let s: Session;
  let committee: Page;
  let context: BrowserContext;
  let park: Page;
  let projectId: string;
  let saved: string[];

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    committee = s.page;
    await signIn(stack, committee);
    const { tenantId, parkId } = await createZoneByApi(stack, committee, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    projectId = await enterLibraryByApi(committee, {
      projectName: PROJECT,
      ownerName: '东湖新能源有限公司',
      projectSource: '2',
      deptId: parkId,
      projectType: '01',
      projectStatus: '50',
      actualStartDate: `${YEAR - 1}-10-01`,
      constructionNature: '1',
      industryCode: 'C38',
      projectLevel: '3',
      isKeyProject: 'N',
      address: '东湖大道 66 号',
      constructionContent: '新建储能装备生产厂房 5 万平方米',
      totalInvestment: '60000',
      plannedStartDate: `${YEAR - 1}-09-01`,
      plannedCompletionDate: `${YEAR + 1}-06-30`,
      ownerContact: '钱经理',
      ownerPhone: '0551-63330000',
    });
    const role = await createRoleByApi(committee, { name: '园区目标确认', alias: 'park_target' }, SCREEN, ['查看', '确认']);
    await createAccountByApi(committee, { ...PARK_PERSON, roleId: role, deptId: parkId });
    context = await newContext(s.browser);
    park = await context.newPage();
    await signIn(stack, park, { tenantId, ...PARK_PERSON } satisfies Credentials);
    saved = recordCalls(committee, '/api/target/submit');
  });

  afterAll(async () => {
    await context?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the committee sets the park’s target, split evenly, and issues it', async () => {
    const page = committee;
    // the screen opens on the latest closed month, whose year is the target year
    await openFromMenu(page, SCREEN, PATH);
    await tab(page, '目标管理').click();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: `新增${YEAR}年目标` }).waitFor();
    await pick(drawer, '责任单位', PARK);
    await expect.poll(() => formItem(drawer, '指标').textContent()).toContain('项目完成投资(万元)');
    await typeFigure(drawer, '年度目标', ANNUAL);
    await typeFigure(drawer, '目标增速', '15');
    // by quarterly checkpoints the months follow the shares (双过半: half the year by June)…
    await drawer.getByText('按季度节点', { exact: true }).click();
    await typeFigure(drawer, '一季度累计', '20');
    await typeFigure(drawer, '上半年累计', '50');
    await typeFigure(drawer, '前三季度累计', '75');
    await expect.poll(() => drawer.getByLabel('4月').inputValue()).toBe('1200.00');
    await settled(page);
    await screenshot(page, 'targets-01a-quarterly');
    // …but this park's year is split evenly
    await drawer.getByText('平均分解', { exact: true }).click();
    await expect.poll(() => drawer.getByLabel('4月').inputValue()).toBe('1000.00');
    await expect.poll(() => drawer.getByTestId('month-grid-sum').textContent()).toContain('各月合计 12,000.00');
    await settled(page);
    await screenshot(page, 'targets-01-new-target');
    const reply = await replyTo(page, '/target/submit', () => drawer.getByTestId('target-form-submit').click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(JSON.parse(saved[0])).toMatchObject({ targetYear: YEAR, indicatorCode: '4', annualTarget: ANNUAL, targetGrowth: '15', splitMode: '1' });
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page, PARK)).toBe('草稿');

    expect(await tableOverflow(page)).toBe(0);
    await rowAction(page, PARK, '下达');
    await confirmWith(page, '/target/release');
    await expect.poll(() => statusOf(page, PARK)).toBe('已下达');
    // issued: no more editing or deleting, but it may be revised
    const links = (await row(page, PARK).getByRole('button').allTextContents()).map((t) => t.replace(/\s/g, ''));
    expect(links).toContain('调整');
    expect(links.filter((l) => ['修改', '删除', '下达'].includes(l))).toEqual([]);
    await settled(page);
    await screenshot(page, 'targets-02-issued');
  });

  test('the park person confirms what was issued to the park', async () => {
    const page = park;
    await openFromMenu(page, SCREEN, PATH);
    await tab(page, '目标管理').click();
    await row(page, PARK).waitFor();
    expect(await statusOf(page, PARK)).toBe('已下达');
    // a park adds nothing, issues nothing and exports nothing here
    expect(await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增|导\s*出|下\s*达/ }).count()).toBe(0);
    await rowAction(page, PARK, '确认');
    await confirmWith(page, '/target/confirm');
    await expect.poll(() => statusOf(page, PARK)).toBe('已确认');
    await settled(page);
    await screenshot(page, 'targets-03-confirmed');
  });

  test('an approved report moves the completion', async () => {
    const page = committee;
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await row(page, PARK).waitFor();
    expect(await cells(page, PARK)).toMatchObject({ 年度目标: '12,000.00', [`${N === 1 ? '1月' : `1–${N}月`}完成`]: '0.00', 完成率: '0.00%' });

    await reportByApi(page, { projectId, period: PERIOD, monthInvestment: REPORTED });
    await page.reload();
    await row(page, PARK).waitFor();
    const months = N === 1 ? '1月' : `1–${N}月`;
    await expect.poll(async () => (await cells(page, PARK))[`${months}完成`]).toBe('2,400.00');
    expect(await cells(page, PARK)).toMatchObject({
      年度目标: '12,000.00',
      [`${months}目标`]: money(1000 * N),
      完成率: '20.00%',
      [`${months}目标完成率`]: `${pct((2400 / (1000 * N)) * 100)}%`,
      时序进度: `${pct(timeProgress)}%`,
      '超/落后(百分点)': `${20 - timeProgress < 0 ? '\u2212' : '+'}${pct(Math.abs(20 - timeProgress))}`,
      排名: '1',
    });
    expect(await page.getByTestId('stat-total').textContent()).toContain('2,400.00');
    expect(await page.getByTestId('completion-unit').textContent()).toBe('单位：万元');
    // every column in view at 1440 px: the rank is not off to the right
    expect(await tableOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    // the export is exactly these rows
    const exported = await replyTo(page, '/target/export', () => page.getByRole('button', { name: /导\s*出/ }).click());
    expect(exported.status).toBe(200);
    await settled(page);
    await screenshot(page, 'targets-04-completion');
  });

  test('a mid-year revision keeps the version issued and moves the rate', async () => {
    const page = committee;
    await tab(page, '目标管理').click();
    await row(page, PARK).waitFor();
    await rowAction(page, PARK, '调整');
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title:text-is("调整目标")') });
    await modal.waitFor();
    // no reason, no revision
    await modal.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => modal.locator('.ant-form-item-explain-error').allTextContents()).toEqual(['请填写调整原因']);
    await fill(modal, '调整原因', REASON);
    await settled(page);
    await screenshot(page, 'targets-05-revise');
    const revised = await replyTo(page, '/target/revise', () => modal.getByRole('button', { name: /^确\s*定$/ }).click());
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    await expect.poll(() => statusOf(page, PARK)).toBe('调整中');

    await rowAction(page, PARK, '修改');
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-alert', { hasText: REASON }).waitFor();
    await typeFigure(drawer, '年度目标', REVISED);
    await expect.poll(() => drawer.getByTestId('month-grid-sum').textContent()).toContain('各月合计 9,600.00');
    const reply = await replyTo(page, '/target/submit', () => drawer.getByTestId('target-form-submit').click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await drawer.waitFor({ state: 'detached' });
    await rowAction(page, PARK, '下达');
    await confirmWith(page, '/target/release');
    await expect.poll(() => statusOf(page, PARK)).toBe('已下达');

    await rowAction(page, PARK, '查看');
    const view = page.locator(DRAWER);
    await view.getByTestId('target-view').waitFor();
    const kept = (await view.getByTestId('target-versions').locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());
    expect(kept.slice(0, 4)).toEqual(['1', '12,000.00', REASON, '管理员']);
    await settled(page);
    await screenshot(page, 'targets-06-versions');
    await view.getByRole('button', { name: /^返\s*回$/ }).click();
    await view.waitFor({ state: 'detached' });

    // 2,400 of 9,600 is 25.00 %
    await tab(page, '完成情况').click();
    await expect.poll(async () => (await cells(page, PARK))['完成率']).toBe('25.00%');
  });

  test("the bureau's official figures are kept beside the targets", async () => {
    const page = committee;
    await tab(page, '官方数据').click();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: '录入官方数据' }).click();
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title:text-is("录入官方数据")') });
    await modal.waitFor();
    await expect.poll(() => formItem(modal, '指标').textContent()).toContain('固定资产投资(万元)');
    await pick(modal, '责任单位', ZONE);
    await typeFigure(modal, '1–N月累计值', '52000');
    const saved = await replyTo(page, '/officialIndicator/submit', () => modal.getByRole('button', { name: /^确\s*定$/ }).click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await row(page, '固定资产投资(万元)').waitFor();
    expect(await row(page, '固定资产投资(万元)').textContent()).toContain('52,000.00');
    await settled(page);
    await screenshot(page, 'targets-07-official');
  });

  test('the committee imports the zone’s target from a file and exports the targets', async () => {
    const page = committee;
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await tab(page, '目标管理').click();
    await row(page, PARK).waitFor();
    const file = join(tmpdir(), `keeper-e2e-targets-${Date.now()}.xlsx`);
    writeSheet(file, [IMPORT_HEADERS, importRow(ZONE, ZONE_ANNUAL), importRow(PARK, '1')]);
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title:text-is("导入目标")') });
    await dialog.waitFor();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('该单位该年度该指标已有草稿目标时，用文件中的内容替换（不勾选则作为错误列出）').click();
    // the park's target is issued: even laid over, the file does not touch it, and writes nothing
    const refused = await replyTo(page, '/target/import', () => dialog.getByRole('button', { name: /开始导入/ }).click());
    expect(refused.status).toBe(400);
    const report = dialog.getByTestId('target-import-report');
    await report.waitFor();
    const reasons = (await report.locator('tbody tr').allTextContents()).map((t) => t.trim());
    expect(reasons).toEqual([`第 3 行指标「${PARK}」${YEAR}年「项目完成投资(万元)」的目标已下达，不能导入覆盖，请通过调整修改`]);
    await settled(page);
    await screenshot(page, 'targets-08-import-refused');

    writeSheet(file, [IMPORT_HEADERS, importRow(ZONE, ZONE_ANNUAL)]);
    await dialog.locator('input[type=file]').setInputFiles(file);
    const imported = await replyTo(page, '/target/import', () => dialog.getByRole('button', { name: /开始导入/ }).click());
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toEqual({ created: 1, updated: 0 });
    await dialog.waitFor({ state: 'detached' });
    // a draft, split evenly as the form splits it
    await expect.poll(() => statusOf(page, ZONE)).toBe('草稿');
    expect(await row(page, ZONE).textContent()).toContain('36,000.00');
    expect(await statusOf(page, PARK)).toBe('已下达');
    await settled(page);
    await screenshot(page, 'targets-09-imported');

    // the export is the list shown, with its months, under the headers the import reads
    const downloading = page.waitForEvent('download');
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${YEAR}年项目完成投资目标任务.xlsx`);
    const exported = join(tmpdir(), `keeper-e2e-targets-export-${Date.now()}.xlsx`);
    await download.saveAs(exported);
    const sheet = readSheet(exported);
    expect(sheet[0].slice(0, IMPORT_HEADERS.length)).toEqual(IMPORT_HEADERS);
    const zoneRow = sheet.find((r) => r[1] === ZONE)!;
    expect(zoneRow.slice(0, 4)).toEqual([String(YEAR), ZONE, '项目完成投资(万元)', ZONE_ANNUAL]);
    expect(zoneRow.slice(10, 22)).toEqual(Array(12).fill('3000'));
    expect(sheet.find((r) => r[1] === PARK)?.slice(3, 4)).toEqual([REVISED]);
  });

  test('the same screen in English', async () => {
    const page = committee;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}${PATH}?period=${PERIOD}`);
    await row(page, PARK).waitFor();
    await page.locator('.ant-table-thead th', { hasText: 'Annual target' }).first().waitFor();
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    expect(await cutHeaders(page)).toEqual([]);
    expect(await tallHeaders(page)).toEqual([]);
    expect(await tableOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'targets-10-completion-en');

    await tab(page, 'Targets').click();
    await row(page, PARK).waitFor();
    expect(await statusOf(page, PARK)).toBe('Issued');
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    expect(await tableOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'targets-11-targets-en');
    await rowAction(page, PARK, 'View');
    const drawer: Locator = page.locator(DRAWER);
    await drawer.getByTestId('target-view').waitFor();
    const labels = await drawer.locator('.ant-descriptions-item-label').allTextContents();
    expect(labels.filter((t) => CJK.test(t))).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'targets-12-view-en');
  });
});
