// 园区月度产值 in the browser (issue 17, domain-model §2.3.4), through the real gateway and services: a
// zone set up through the API (its 管委会 and two parks, an enterprise in each, their 2025 output approved
// month by month and one month of 2024 as the base of the growth, the east park's output target of 2025
// issued). The zone's administrator opens the screen from the menu, picks 2025 and reads each park's
// months to date against last year and the target, worked out by hand below; switches to the growth
// and to the enterprises reported each month (企业汇总 only) without a new request; downloads the
// matrix and finds the screen's cells in the file; sees an approval of the west park's April add exactly
// its figure to the park and the zone; types in the statistics office's 快报 figure of the east park and
// sees it in the official matrix; and reads the screen in English. Screenshots:
// e2e/screenshots/parkOutput-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import {
  api,
  cellsOf,
  CJK,
  columnTitles,
  comparable,
  createZoneByApi,
  fill,
  openFromMenu,
  pageOverflow,
  pick,
  postIdsByApi,
  recordCalls,
  replyTo,
  reportingEnterprise,
  settled,
  signIn,
  totalCells,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet } from './xlsx';

const ZONE = '西湖经开区';
const EAST = '西湖东园';
const WEST = '西湖西园';
const PATH = '/outputValue/parkMonthlyOutputValue';

/** Files an enterprise's month of output and has it approved (the administrator on `page`). */
async function approvedOutput(page: Page, enterpriseId: string, period: string, monthOutput: string) {
  const { id } = await api<{ id: string }>(page, 'outputValue/submit', { json: { enterpriseId, period, monthOutput } });
  for (const step of ['submit', 'approve']) await api(page, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
}

async function pickYear(page: Page, year: number) {
  await page.getByTestId('period-year').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: `${year}` }).first().click();
}

describe('园区月度产值: the committee reads the parks month by month and types in the statistics office’s figure', () => {
  let stack: Stack;
  let s: Session;
  let matrixCalls: string[];
  let textiles: string;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const { topId, parkId: east } = await createZoneByApi(stack, admin, { name: ZONE, password: 'Xihu#2026', park: EAST });
    const { id: west } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: topId, deptName: WEST, fullName: `${ZONE}${WEST}`, deptCategory: 2, powerType: 2, sort: 2, remark: '' },
    });
    const { id: bearings } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise('西湖精密轴承有限公司', east, 5001) });
    ({ id: textiles } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise('西湖新材料有限公司', west, 5002) }));
    await approvedOutput(admin, bearings, '2024-03', '1000');
    for (const [period, output] of [
      ['2025-01', '1000'],
      ['2025-02', '1100.5'],
      ['2025-03', '1200'],
    ]) {
      await approvedOutput(admin, bearings, period, output);
    }
    await approvedOutput(admin, textiles, '2025-03', '400');
    const { id: target } = await api<{ id: string }>(admin, 'target/submit', {
      json: { targetYear: 2025, deptId: east, indicatorCode: '12', annualTarget: '12000' },
    });
    await postIdsByApi(admin, 'target/release', [target]);
    matrixCalls = recordCalls(admin, '/api/parkMonthlyOutput/matrix');
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the committee reads each park’s months to date against last year and its target', async () => {
    const page = s.page;
    await page.goto(`${stack.url}/home`);
    await openFromMenu(page, ['产值管理', '园区月度产值'], PATH);
    await replyTo(page, '/parkMonthlyOutput/matrix', () => pickYear(page, 2025));
    await page.getByTestId('park-title').filter({ hasText: '2025年园区月度产值' }).waitFor();
    expect((await page.getByTestId('park-title').textContent())?.trim()).toBe(`${ZONE} 2025年园区月度产值`);
    // The east park: 1,000, 1,000 + 1,100.5 = 2,100.5, + 1,200 = 3,300.5 for 1–3月 and every month after.
    const east = await cellsOf(page, EAST);
    expect(east.slice(0, 6)).toEqual([EAST, '12,000.00', '1,000.00', '2,100.50', '3,300.50', '3,300.50']);
    expect(east[13]).toBe('3,300.50');
    // The west park has no target; its March 400. The zone: the east park's target, 3,700.5 for 1–3月.
    expect((await cellsOf(page, WEST)).slice(0, 5)).toEqual([WEST, '—', '0.00', '0.00', '400.00']);
    expect((await totalCells(page)).slice(0, 5)).toEqual(['合计', '12,000.00', '1,000.00', '2,100.50', '3,700.50']);
    expect(await page.getByTestId('park-note').textContent()).toContain('按已审核的企业月报汇总');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'parkOutput-01-cumulative');
  });

  test('the growth and the completion are shown without asking again', async () => {
    const page = s.page;
    const asked = matrixCalls.length;
    await page.getByTestId('park-measure').getByText('累计同比').click();
    // The east park's 1–3月 3,300.5 against last year's 1,000 (March): 230.05 %; no base before March.
    await expect.poll(async () => (await cellsOf(page, EAST))[4]).toBe('230.05%');
    expect((await cellsOf(page, EAST))[2]).toBe('—');
    await settled(page);
    await screenshot(page, 'parkOutput-02-growth');
    await page.getByTestId('park-measure').getByText('目标完成率').click();
    // 3,300.5 ÷ 12,000 = 27.504… → 27.50 %.
    await expect.poll(async () => (await cellsOf(page, EAST))[4]).toBe('27.50%');
    expect(matrixCalls.length).toBe(asked);
  });

  test('the committee counts the enterprises reported in each park month by month', async () => {
    const page = s.page;
    const asked = matrixCalls.length;
    await page.getByTestId('park-measure').getByText('已报企业数').click();
    // The bearings maker (east) reported January to March, the new-materials one (west) March alone;
    // April on nothing approved: 0. The total (the zone's, as the server sends it): 1, 1, 2.
    await expect.poll(async () => (await cellsOf(page, EAST)).slice(2, 6)).toEqual(['1', '1', '1', '0']);
    expect((await cellsOf(page, WEST)).slice(2, 6)).toEqual(['0', '0', '1', '0']);
    expect((await totalCells(page)).slice(0, 6)).toEqual(['合计', '12,000.00', '1', '1', '2', '0']);
    expect((await columnTitles(page)).map((h) => h.trim())).toEqual(expect.arrayContaining(['1月', '3月', '12月']));
    expect(await page.getByText('单位：家').count()).toBe(1);
    // the export writes the measures only
    expect(await page.getByRole('button', { name: /导\s*出/ }).count()).toBe(0);
    expect(matrixCalls.length).toBe(asked);
    expect(await pageOverflow(page)).toBe(0);
    await settled(page);
    await screenshot(page, 'parkOutput-06-reported');
  });

  test('the download holds the matrix as the screen shows it, cell by cell', async () => {
    const page = s.page;
    await page.getByTestId('park-measure').getByText('累计值').click();
    await expect.poll(async () => (await cellsOf(page, EAST))[4]).toBe('3,300.50');
    const header = (await columnTitles(page)).map((h) => h.trim());
    const screen = [await cellsOf(page, EAST), await cellsOf(page, WEST), await totalCells(page)];
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloading;
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-park-')), 'park.xlsx');
    await download.saveAs(file);
    const sheet = readSheet(file);
    expect(sheet[0][0]).toBe(`${ZONE} 2025年园区月度产值（企业汇总·累计值）`);
    expect(sheet[1][0]).toBe('单位：万元');
    expect(sheet[2]).toEqual(header);
    const line = (name: string) => sheet.find((r) => r[0]?.trim() === name)!.map(comparable);
    for (const cells of screen) expect(line(cells[0])).toEqual(cells.map(comparable));
  });

  test('April’s approval adds exactly its figure to the west park and the zone, and nothing to the east', async () => {
    const page = s.page;
    const east = await cellsOf(page, EAST);
    await approvedOutput(page, textiles, '2025-04', '250.25');
    await page.reload();
    await replyTo(page, '/parkMonthlyOutput/matrix', () => pickYear(page, 2025));
    await page.getByTestId('park-title').filter({ hasText: '2025年园区月度产值' }).waitFor();
    // The west park: March's 400, then 400 + 250.25 = 650.25 for 1–4月 and every month after; the zone
    // 3,300.5 + 650.25 = 3,950.75 from April on; the east park as it was.
    await expect.poll(async () => (await cellsOf(page, WEST)).slice(0, 7)).toEqual([WEST, '—', '0.00', '0.00', '400.00', '650.25', '650.25']);
    expect((await totalCells(page)).slice(4, 7)).toEqual(['3,700.50', '3,950.75', '3,950.75']);
    expect(await cellsOf(page, EAST)).toEqual(east);
  });

  test('the bureau types in the statistics office’s 快报 figure and the official matrix shows it', async () => {
    const page = s.page;
    await replyTo(page, '/parkMonthlyOutput/matrix', () => page.getByTestId('park-source').getByText('统计快报').click());
    expect(await page.getByTestId('park-note').textContent()).toContain('统计部门发布数据');
    await page.getByRole('button', { name: '录入统计数据' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '录入统计数据' });
    await pick(modal, '园区', EAST);
    await pick(modal, '期间（2025年）', '1–3月');
    await fill(modal, '1–N月累计值', '3500');
    await settled(page);
    await screenshot(page, 'parkOutput-03-enter');
    const reply = await replyTo(page, '/parkMonthlyOutput/submit', () => modal.getByRole('button', { name: /确\s*定|保\s*存/ }).click());
    expect(reply.status).toBe(200);
    // March's 3,500 typed; February was not, so March alone is unknown. 3,500 ÷ 12,000 = 29.17 %.
    await expect.poll(async () => (await cellsOf(page, EAST))[4]).toBe('3,500.00');
    expect((await cellsOf(page, EAST))[3]).toBe('—');
    await page.getByTestId('park-measure').getByText('目标完成率').click();
    await expect.poll(async () => (await cellsOf(page, EAST))[4]).toBe('29.17%');
    await page.getByTestId('park-measure').getByText('累计值').click();
    await settled(page);
    await screenshot(page, 'parkOutput-04-official');
  });

  test('in English nothing is left untranslated', async () => {
    const page = s.page;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}${PATH}`);
    await replyTo(page, '/parkMonthlyOutput/matrix', () => pickYear(page, 2025));
    // The reply is in before the screen shows it, and the east park's row was there for 2026 already:
    // wait for the title of 2025 rather than read it the moment the reply lands.
    await expect.poll(async () => (await page.getByTestId('park-title').textContent())?.trim()).toBe(`${ZONE}: park monthly output value, 2025`);
    await page.locator('tr.ant-table-row').filter({ hasText: EAST }).first().waitFor();
    expect(await untranslatedKeys(page)).toEqual([]);
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    await settled(page);
    await screenshot(page, 'parkOutput-05-english');
    await useLocale(page, 'zh-CN');
  });
});
