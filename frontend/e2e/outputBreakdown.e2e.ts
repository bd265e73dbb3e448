// 年度产值分解 in the browser (issue 17, domain-model §2.3.3), through the real gateway and services: a zone
// set up through the API (its 管委会 and a park; three reporting firms of the park, two of them with
// approved output of 2024; the park's 2025 target of 规上工业总产值, 12,000 万元, issued). The committee
// opens the screen from the menu, shares the park's target among the firms by last year
// (按上年结构分解, worked out by hand below), gives the third firm a target by hand — now the firms hold
// more than the park's target, which the screen says — and issues them; the park person confirms them.
// The download holds the screen's rows. The committee then imports a firm's 2026 target from the
// template: a row naming a firm nobody has is refused by row and column, the fixed file lands as a draft
// split evenly. The same screen reads in English. Screenshots: e2e/screenshots/outputBreakdown-*.png.
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
  comparable,
  createAccountByApi,
  createRoleByApi,
  type Credentials,
  createZoneByApi,
  creditCode,
  DRAWER,
  openFromMenu,
  pageOverflow,
  postIdsByApi,
  replyTo,
  reportingEnterprise,
  row,
  settled,
  signIn,
  typeFigure,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet, writeSheet } from './xlsx';

const ZONE = '澄湖经开区';
const PARK = '澄湖智造园';
const SCREEN = ['产值管理', '年度产值分解'];
const PATH = '/outputValue/annualOutputBreakdown';
const PARK_PERSON = { account: 'chenghu.park', realName: '孙园区', password: 'Park#2026' };
const MACHINERY = '澄湖精密机械有限公司';
const ELECTRONICS = '澄湖电子科技有限公司';
const MATERIALS = '澄湖新材料有限公司';
/** The year of the import: 2025 is the other tests' (its download counts every 2025 target). */
const IMPORT_YEAR = '2026';

/** The texts of the cells of the row showing `name`, by column title. */
async function cells(page: Page, name: string): Promise<Record<string, string>> {
  const titles = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
  const values = await row(page, name).first().locator('td').allTextContents();
  return Object.fromEntries(titles.map((t, i) => [t, (values[i] ?? '').trim()]));
}

const statusOf = (page: Page, name: string) => row(page, name).locator('.ant-tag').first().textContent();
const summary = (page: Page, id: string) => page.getByTestId(id).locator('.ant-statistic-content').textContent();

/** Clicks OK in the open confirmation and waits for its call's reply. */
async function confirmWith(page: Page, path: string) {
  const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: /^(确\s*定|OK)$/ });
  const reply = await replyTo(page, path, () => ok.click());
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply;
}

describe('年度产值分解: the committee shares the park’s target by last year, issues it, the park confirms', () => {
  let stack: Stack;
  let s: Session;
  let committee: Page;
  let context: BrowserContext;
  let park: Page;
  let parkId: string;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    committee = s.page;
    await signIn(stack, committee);
    const zone = await createZoneByApi(stack, committee, { name: ZONE, password: 'Chenghu#2026', park: PARK });
    parkId = zone.parkId;
    const firm = async (name: string, n: number) => (await api<{ id: string }>(committee, 'enterprise/submit', { json: reportingEnterprise(name, parkId, n) })).id;
    const machinery = await firm(MACHINERY, 7001);
    const electronics = await firm(ELECTRONICS, 7002);
    await firm(MATERIALS, 7003);
    for (const [e, period, output] of [
      [machinery, '2024-01', '800'],
      [machinery, '2024-03', '1300'],
      [electronics, '2024-02', '200'],
    ]) {
      const { id } = await api<{ id: string }>(committee, 'outputValue/submit', { json: { enterpriseId: e, period, monthOutput: output } });
      for (const step of ['submit', 'approve']) await api(committee, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
    }
    const { id: target } = await api<{ id: string }>(committee, 'target/submit', {
      json: { targetYear: 2025, deptId: parkId, indicatorCode: '12', annualTarget: '12000' },
    });
    await postIdsByApi(committee, 'target/release', [target]);
    const role = await createRoleByApi(committee, { name: '园区产值目标确认', alias: 'park_breakdown' }, SCREEN, ['查看', '确认']);
    await createAccountByApi(committee, { ...PARK_PERSON, roleId: role, deptId: parkId });
    context = await newContext(s.browser);
    park = await context.newPage();
    await signIn(stack, park, { tenantId: zone.tenantId, ...PARK_PERSON } satisfies Credentials);
  });

  afterAll(async () => {
    await context?.close();
    await s?.close();
    await stack?.stop();
  });

  test('按上年结构分解 shares the park’s 12,000 by 2024’s output and months', async () => {
    const page = committee;
    await openFromMenu(page, SCREEN, PATH);
    await replyTo(page, '/outputTarget/list', () => page.goto(`${stack.url}${PATH}?year=2025&deptId=${parkId}`));
    // Nothing broken down yet: the park's 12,000 all 待落实, its three firms without a target.
    await expect.poll(() => summary(page, 'breakdown-dept-target')).toBe('12,000.00');
    expect(await summary(page, 'breakdown-unassigned')).toBe('12,000.00');
    expect(await summary(page, 'breakdown-pending-count')).toContain('3');
    await settled(page);
    await screenshot(page, 'outputBreakdown-01-empty');

    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: '按上年结构分解' }).click();
    const reply = await confirmWith(page, '/outputTarget/generate');
    expect(reply.body.data).toEqual({ created: 2, updated: 0, skipped: 1, shared: '12000' });
    await row(page, MACHINERY).waitFor();
    // 12,000 × 2,100 ÷ 2,300 = 10,956.5217… → 10,956.52, 12,000 × 200 ÷ 2,300 = 1,043.4782… → 1,043.47; the
    // cent left to the larger: 10,956.53. Its months by its 2024 (Jan 800, Mar 1,300 of 2,100): January
    // 4,173.91, March 6,782.61, December the 0.01 left. Growth (10,956.53 − 2,100) ÷ 2,100 → 421.74 %.
    expect(await cells(page, MACHINERY)).toMatchObject({
      上年实际产值: '2,100.00',
      年度目标产值: '10,956.53',
      '目标增速(%)': '421.74',
      分月方式: '按上年同期结构',
      '1月': '4,173.91',
      '2月': '0.00',
      '3月': '6,782.61',
      '12月': '0.01',
      状态: '草稿',
    });
    expect(await cells(page, ELECTRONICS)).toMatchObject({ 年度目标产值: '1,043.47', '2月': '1,043.47', '12月': '0.00' });
    const total = (await page.getByTestId('breakdown-total').locator('td').allTextContents()).map((c) => c.trim());
    expect(total).toContain('12,000.00');
    expect(total).toContain('4,173.91');
    await expect.poll(() => summary(page, 'breakdown-unassigned')).toBe('0.00');
    expect(await summary(page, 'breakdown-pending-count')).toContain('1');
    // twelve months are wider than the window: the grid scrolls inside itself, the page does not
    expect(await pageOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputBreakdown-02-generated');
  });

  test('the firm without last year gets a target by hand, and the firms then hold more than the park’s', async () => {
    const page = committee;
    await page.getByTestId('breakdown-pending').locator('.ant-collapse-header').click();
    await page.getByTestId('breakdown-pending').getByRole('button', { name: '新增目标' }).click();
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('breakdown-last-year').waitFor();
    expect(await drawer.getByTestId('breakdown-last-year').textContent()).toContain('没有已审核的月报');
    await typeFigure(drawer, '年度目标产值', '600');
    // evenly: 50 a month
    await expect.poll(() => drawer.getByLabel('4月').inputValue()).toBe('50.00');
    await settled(page);
    await screenshot(page, 'outputBreakdown-03-by-hand');
    const saved = await replyTo(page, '/outputTarget/submit', () => drawer.getByTestId('output-target-form-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await drawer.waitFor({ state: 'detached' });
    await row(page, MATERIALS).waitFor();
    // 12,600 against 12,000: 600 over, said in red.
    await expect.poll(() => summary(page, 'breakdown-unassigned')).toBe('-600.00');
    await page.getByTestId('breakdown-over').waitFor();
    expect(await summary(page, 'breakdown-pending-count')).toContain('0');

    // Issue all three.
    await page.locator('.ant-table-thead .ant-checkbox-input').first().check();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /^下\s*达$/ }).click();
    await confirmWith(page, '/outputTarget/release');
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('已下达');
    expect(await statusOf(page, MATERIALS)).toBe('已下达');
    await settled(page);
    await screenshot(page, 'outputBreakdown-04-issued');
  });

  test('the park person confirms what was issued to the park’s firms', async () => {
    const page = park;
    await openFromMenu(page, SCREEN, PATH);
    await page.goto(`${stack.url}${PATH}?year=2025&deptId=${parkId}`);
    await row(page, MACHINERY).waitFor();
    // the park adds, issues and exports nothing here
    expect(await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增|下\s*达|导\s*[出入]|按上年结构分解/ }).count()).toBe(0);
    await page.locator('.ant-table-thead .ant-checkbox-input').first().check();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /^确\s*认$/ }).click();
    const reply = await confirmWith(page, '/outputTarget/confirm');
    expect(reply.body.data).toEqual({ count: 3 });
    await expect.poll(() => statusOf(page, ELECTRONICS)).toBe('已确认');
    await settled(page);
    await screenshot(page, 'outputBreakdown-05-confirmed');
  });

  test('the download holds the rows as the screen shows them', async () => {
    const page = committee;
    await replyTo(page, '/outputTarget/list', () => page.reload());
    await row(page, MACHINERY).waitFor();
    const shown = await cells(page, MACHINERY);
    const downloading = page.waitForEvent('download');
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*出/ }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-breakdown-')), 'breakdown.xlsx');
    await (await downloading).saveAs(file);
    const sheet = readSheet(file);
    expect(sheet[0][0]).toBe(`2025年度产值分解（${PARK}）`);
    expect(sheet[1][0]).toBe('单位：万元');
    const header = sheet[2];
    const line = sheet.find((r) => r[0] === MACHINERY)!;
    const exported = Object.fromEntries(header.map((h, i) => [h, line[i] ?? '']));
    for (const title of ['上年实际产值', '年度目标产值', '1月', '3月', '12月']) {
      expect(comparable(exported[title]), title).toBe(comparable(shown[title]));
    }
    expect(exported['状态']).toBe('已确认');
    expect(sheet.find((r) => r[0] === '合计')![3]).toBe('12600');
    expect(sheet.find((r) => r[0] === '部门目标')![3]).toBe('12000');
  });

  test('the committee imports a firm’s target from the template, fixing the row the screen refuses', async () => {
    const page = committee;
    const dir = mkdtempSync(join(tmpdir(), 'keeper-e2e-breakdown-import-'));
    await replyTo(page, '/outputTarget/list', () => page.goto(`${stack.url}${PATH}?year=${IMPORT_YEAR}&deptId=${parkId}`));
    await expect.poll(() => summary(page, 'breakdown-pending-count')).toContain('3');
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入企业产值目标' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('每家企业每个年度一行');

    // The template: the header, then a line of hints the import passes over.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /下载导入模板/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('年度产值分解导入模板.xlsx');
    const templateFile = join(dir, 'template.xlsx');
    await download.saveAs(templateFile);
    const [header, hints] = readSheet(templateFile);
    const months = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);
    expect(header).toEqual([
      '年度', '企业名称', '统一社会信用代码', '年度目标产值(万元)', '分月方式', '一季度累计(%)', '上半年累计(%)', '前三季度累计(%)', ...months, '备注',
    ]);
    const line = (cells: Record<string, string>) => header.map((h) => cells[h] ?? '');

    // The template filled in: the materials firm evenly, and a firm nobody has (its code on row 4).
    const good = line({ 年度: IMPORT_YEAR, 企业名称: MATERIALS, 统一社会信用代码: creditCode('91340100000007003'), '年度目标产值(万元)': '1200', 分月方式: '平均' });
    const stranger = line({ 年度: IMPORT_YEAR, 企业名称: '澄湖不存在有限公司', 统一社会信用代码: creditCode('91340100000009999'), '年度目标产值(万元)': '800' });
    const bad = join(dir, 'bad.xlsx');
    writeSheet(bad, [header, hints, good, stranger]);
    await dialog.locator('input[type=file]').setInputFiles(bad);
    const refused = await replyTo(page, '/outputTarget/import', () => dialog.getByRole('button', { name: /开始导入/ }).click());
    expect(refused.status).toBe(400);
    const report = page.getByTestId('breakdown-import-report');
    await report.waitFor();
    const problems = await report.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
    expect(problems).toEqual([['第 4 行', '统一社会信用代码', '企业不存在']]);
    expect(await report.textContent()).toContain('没有导入任何数据');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputBreakdown-07-import-refused');

    // Nothing came in: the firm is still without a target.
    expect(await row(page, MATERIALS).count()).toBe(0);
    const fixed = join(dir, 'good.xlsx');
    writeSheet(fixed, [header, hints, good]);
    await dialog.locator('input[type=file]').setInputFiles(fixed);
    const reply = await replyTo(page, '/outputTarget/import', () => dialog.getByRole('button', { name: /开始导入/ }).click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ created: 1, updated: 0 });
    await dialog.waitFor({ state: 'hidden' });

    // The list again, without leaving the screen: the firm's 1,200 as a draft, evenly 100 a month.
    await row(page, MATERIALS).waitFor();
    expect(await cells(page, MATERIALS)).toMatchObject({
      年度目标产值: '1,200.00',
      分月方式: '平均分解',
      ...Object.fromEntries(months.map((m) => [m, '100.00'])),
      状态: '草稿',
    });
    await expect.poll(() => summary(page, 'breakdown-assigned')).toBe('1,200.00');
    expect(await summary(page, 'breakdown-pending-count')).toContain('2');
    await settled(page);
    // the grid scrolled to its end, so that the picture shows the months and 草稿 beside the pinned firm
    await page.locator('.ant-pro-table .ant-table-content, .ant-pro-table .ant-table-body').first().evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await page.waitForTimeout(300);
    await screenshot(page, 'outputBreakdown-08-imported');
  });

  test('the same screen in English', async () => {
    const page = committee;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}${PATH}?year=2025&deptId=${parkId}`);
    await row(page, MACHINERY).waitFor();
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    // twelve months are wider than the window: the grid scrolls inside itself, the page does not
    expect(await pageOverflow(page)).toBe(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputBreakdown-06-en');
  });
});
