// 产值统计 in the browser (issue 17, domain-model §2.3.2), through the real gateway and services: a zone
// set up through the API (its 管委会 and two parks, an enterprise in each, their approved output of 2025
// and last March's as the base of the growth, the east park's 2025 output target issued). The east
// park's March report is waiting for review when the administrator opens 产值统计 from the menu and reads
// the parks' 1–3月; approved, it moves every figure by exactly its 1,200 (worked out by hand below). The
// download holds the screen's rows cell by cell; the ranking and the months against last year follow;
// and the screen reads in English. Screenshots: e2e/screenshots/outputStats-*.png.
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
  openFromMenu,
  postIdsByApi,
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

const ZONE = '秀湖经开区';
const EAST = '秀湖东园';
const WEST = '秀湖西园';
const PATH = '/outputValue/statistics';
const MARCH = `${PATH}?period=2025-03`;

async function review(page: Page, id: string, step: string) {
  await api(page, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
}

/** Files an enterprise's month of output and submits it; answers the report's id. */
async function submittedOutput(page: Page, enterpriseId: string, period: string, monthOutput: string) {
  const { id } = await api<{ id: string }>(page, 'outputValue/submit', { json: { enterpriseId, period, monthOutput } });
  await review(page, id, 'submit');
  return id;
}

describe('产值统计: the committee reads the parks’ output against last year and the target', () => {
  let stack: Stack;
  let s: Session;
  let march: string;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const { topId, parkId: east } = await createZoneByApi(stack, admin, { name: ZONE, password: 'Xiuhu#2026', park: EAST });
    const { id: west } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: topId, deptName: WEST, fullName: `${ZONE}${WEST}`, deptCategory: 2, powerType: 2, sort: 2, remark: '' },
    });
    const { id: bearings } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise('秀湖精工轴承有限公司', east, 6001) });
    const { id: fibres } = await api<{ id: string }>(admin, 'enterprise/submit', { json: reportingEnterprise('秀湖纤维材料有限公司', west, 6002) });
    for (const [e, period, output] of [
      [bearings, '2024-03', '1000'],
      [bearings, '2025-01', '1000'],
      [bearings, '2025-02', '1100.5'],
      [fibres, '2025-03', '400'],
    ]) {
      await review(admin, await submittedOutput(admin, e, period, output), 'approve');
    }
    march = await submittedOutput(admin, bearings, '2025-03', '1200');
    const { id: target } = await api<{ id: string }>(admin, 'target/submit', {
      json: { targetYear: 2025, deptId: east, indicatorCode: '12', annualTarget: '12000' },
    });
    await postIdsByApi(admin, 'target/release', [target]);
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the parks’ 1–3月 count approved reports only, and March’s approval adds exactly its figure', async () => {
    const page = s.page;
    await page.goto(`${stack.url}/home`);
    await openFromMenu(page, ['产值管理', '产值统计'], PATH);
    await replyTo(page, '/outputValue/statistics', () => page.goto(`${stack.url}${MARCH}`));
    await page.locator('tr.ant-table-row').filter({ hasText: EAST }).first().waitFor();
    // March is waiting: the east park has January and February, 2,100.5, against last March's 1,000
    // (its only month last year) → 110.05 %; none of its March yet (0 of 1 reported).
    const before = await cellsOf(page, EAST);
    expect(before.slice(0, 4)).toEqual([EAST, '1', '0', '0.00']);
    expect(before.slice(6, 9)).toEqual(['2,100.50', '1,000.00', '110.05%']);
    await settled(page);
    await screenshot(page, 'outputStats-01-waiting');

    await review(page, march, 'approve');
    await replyTo(page, '/outputValue/statistics', () => page.reload());
    await page.locator('tr.ant-table-row').filter({ hasText: EAST }).first().waitFor();
    // Approved: + 1,200 → 3,300.5 (230.05 % on 1,000), 27.50 % of the 12,000 target, 2.50 points
    // ahead of March's 25 %; the month 1,200 against 1,000 → 20.00 %. The zone 3,700.5, the west park 400
    // with no base: its share 400 ÷ 3,700.5 = 10.81 %, its 拉动 400 ÷ 1,000 = 40.00 points.
    const east = await cellsOf(page, EAST);
    expect(east.slice(0, 9)).toEqual([EAST, '1', '1', '1,200.00', '1,000.00', '20.00%', '3,300.50', '1,000.00', '230.05%']);
    expect(east.slice(11, 14)).toEqual(['12,000.00', '27.50%', '+2.50']);
    const west = await cellsOf(page, WEST);
    expect([west[6], west[8], west[9], west[10]]).toEqual(['400.00', '—', '10.81%', '+40.00']);
    expect((await totalCells(page)).slice(6, 9)).toEqual(['3,700.50', '1,000.00', '270.05%']);
    expect(await page.getByTestId('output-stats-progress').textContent()).toContain('25.00%');
    expect(await page.getByTestId('output-stats-note').textContent()).toContain('已审核');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputStats-02-approved');
  });

  test('the download holds the department view as the screen shows it, cell by cell', async () => {
    const page = s.page;
    const header = (await columnTitles(page)).map((h) => h.trim());
    const screen = [await cellsOf(page, EAST), await cellsOf(page, WEST)];
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-stats-')), 'stats.xlsx');
    await (await downloading).saveAs(file);
    const sheet = readSheet(file);
    expect(sheet[0][0]).toBe(`${ZONE} 2025年1–3月产值统计（按属地）`);
    expect(sheet[1][0]).toBe('单位：万元');
    expect(sheet[2].length).toBe(header.length);
    const line = (name: string) => sheet.find((r) => r[0]?.trim() === name)!.map(comparable);
    for (const cells of screen) expect(line(cells[0])).toEqual(cells.map(comparable));
    expect(line('合计').slice(6, 9)).toEqual((await totalCells(page)).slice(6, 9).map(comparable));
  });

  test('the ranking and the months against last year', async () => {
    const page = s.page;
    await replyTo(page, '/outputValue/statistics', () => page.getByRole('tab', { name: '企业排名' }).click());
    const names = await page.locator('tr.ant-table-row td:nth-child(2)').allTextContents();
    expect(names.slice(0, 2)).toEqual(['秀湖精工轴承有限公司', '秀湖纤维材料有限公司']);
    // The bearings' 拉动 (3,300.5 − 1,000) ÷ 1,000 = 230.05 points, the fibres' 400 ÷ 1,000 = 40.00.
    expect((await cellsOf(page, '秀湖纤维材料有限公司'))[11]).toBe('+40.00');
    await settled(page);
    await screenshot(page, 'outputStats-03-ranking');
    await replyTo(page, '/outputValue/statistics', () => page.getByRole('tab', { name: '月度趋势' }).click());
    // March 1,200 + 400 = 1,600 against last March's 1,000; 1–3月 3,700.5 against 1,000.
    const m3 = await cellsOf(page, '3月');
    expect(m3.slice(1, 5)).toEqual(['1,600.00', '3,700.50', '1,000.00', '1,000.00']);
    await settled(page);
    await screenshot(page, 'outputStats-04-trend');
  });

  test('in English nothing is left untranslated', async () => {
    const page = s.page;
    await useLocale(page, 'en-US');
    await replyTo(page, '/outputValue/statistics', () => page.goto(`${stack.url}${MARCH}`));
    await page.locator('tr.ant-table-row').filter({ hasText: EAST }).first().waitFor();
    expect(await untranslatedKeys(page)).toEqual([]);
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputStats-05-english');
    await useLocale(page, 'zh-CN');
  });
});
