// 报表 in the browser (issue 16c), through the real gateway and services: a zone set up through the API
// (its 管委会 and one park) with two projects under construction, their 2026 plans and their approved
// May and June reports. The zone's administrator opens the June sheet: the title as on paper, the park's
// group with its subtotal and the grand total, figures worked out by hand below; the page as printed
// (A4 landscape, no menus, no buttons); the month locked from the page and shown as such; the sheet in
// English without a missing text; the Excel download holds what the screen shows, cell by cell.
// Screenshots: e2e/screenshots/dispatchSheet-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import {
  api,
  cellsOf,
  comparable,
  createZoneByApi,
  enterLibraryByApi,
  reportByApi,
  SIDER,
  settled,
  signIn,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet } from './xlsx';

const ZONE = '东湖经开区';
const PARK = '东湖园区';
const PATH = '/investment/inLibraryProject/report';

function project(name: string, deptId: string, totalInvestment: string) {
  return {
    projectName: name,
    ownerName: '东湖实业有限公司',
    projectSource: '2',
    deptId,
    projectType: '01',
    projectStatus: '50',
    actualStartDate: '2025-09-01',
    constructionNature: '1',
    industryCode: 'C34',
    projectLevel: '3',
    isKeyProject: 'N',
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
  };
}

/** A row's cells without the empty ones after its last text (a merged group row fills one cell). */
const trimmed = (cells: string[]) => {
  const out = cells.map(comparable);
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

describe('报表: the June dispatch sheet, printed and locked', () => {
  let stack: Stack;
  let s: Session;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const { parkId } = await createZoneByApi(stack, admin, { name: ZONE, password: 'Donghu#2026', park: PARK });
    const plant = await enterLibraryByApi(admin, project('东湖精密轴承生产基地', parkId, '15000'));
    const centre = await enterLibraryByApi(admin, project('东湖智慧物流分拨中心', parkId, '8000'));
    // The centre has no plan for 2026: its rate has no base.
    await api(admin, 'projectPlan/submit', { json: { projectId: plant, planYear: 2026, yearPlanInvestment: '6000', yearMilestone: '主体封顶' } });
    await reportByApi(admin, { projectId: plant, period: '2026-05', monthInvestment: '800' });
    await reportByApi(admin, { projectId: plant, period: '2026-06', monthInvestment: '1200.5' });
    await reportByApi(admin, { projectId: centre, period: '2026-06', monthInvestment: '300' });
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the administrator reads the June sheet as on paper', async () => {
    const page = s.page;
    await page.goto(`${stack.url}${PATH}?period=2026-06`);
    await page.getByTestId('sheet-title').filter({ hasText: '重点项目推进情况表' }).waitFor();
    expect((await page.getByTestId('sheet-title').textContent())?.trim()).toBe(`${ZONE} 2026年1–6月重点项目推进情况表`);
    // The plant: 1–6月 800 + 1,200.5 = 2,000.5 of 6,000 = 33.34 %; of 15,000 = 13.34 %.
    const plant = await cellsOf(page, '东湖精密轴承生产基地');
    expect(plant.slice(5, 12)).toEqual(['15,000.00', '6,000.00', '1,200.50', '2,000.50', '33.34%', '2,000.50', '13.34%']);
    // The park: 2,300.5 of 6,000 planned = 38.34 %; of 23,000 = 10.00 %.
    const subtotal = await cellsOf(page, `${PARK}小计`);
    expect(subtotal.slice(5, 12)).toEqual(['23,000.00', '6,000.00', '1,500.50', '2,300.50', '38.34%', '2,300.50', '10.00%']);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'dispatchSheet-01-sheet');
  });

  test('its Excel download holds what the screen shows, cell by cell', async () => {
    const page = s.page;
    const paper = page.locator('.dispatch-sheet-paper');
    const title = (await page.getByTestId('sheet-title').textContent())!.trim();
    const header = (await paper.locator('thead th').allTextContents()).map((h) => h.trim());
    const screen: string[][] = [];
    for (const row of await paper.locator('tr.ant-table-row').all()) screen.push(trimmed(await row.locator('td').allTextContents()));
    expect(screen.length).toBeGreaterThan(3); // the park's group, its two projects, its subtotal, the total

    const downloading = page.waitForEvent('download');
    await paper.getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-sheet-')), 'sheet.xlsx');
    await download.saveAs(file);
    const sheet = readSheet(file);
    expect(sheet[0][0]).toBe(title);
    expect(sheet[1][0]).toBe('单位：万元');
    expect(sheet[2].map((h) => h.trim())).toEqual(header);
    const body = sheet.slice(3).map(trimmed).filter((r) => r.length > 0);
    expect(body).toEqual(screen);
  });

  test('printed, the sheet stands alone on A4 landscape', async () => {
    const page = s.page;
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 1123, height: 794 });
    expect(await page.locator(SIDER).isVisible()).toBe(false);
    expect(await page.locator('.dispatch-sheet-no-print').first().isVisible()).toBe(false);
    expect(await page.getByTestId('sheet-title').isVisible()).toBe(true);
    // the sheet takes the page's width, not what is left beside the menu
    expect((await page.locator('.dispatch-sheet-paper').boundingBox())!.x).toBeLessThan(20);
    await screenshot(page, 'dispatchSheet-02-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('locked from the page, the month says so', async () => {
    const page = s.page;
    await page.locator('.dispatch-sheet-paper').getByRole('button', { name: /锁\s*定/ }).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '2026-06' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('sheet-locked').waitFor();
    await expect.poll(() => page.locator('.dispatch-sheet-paper').getByRole('button', { name: /解\s*锁/ }).isVisible()).toBe(true);
    await settled(page);
    await screenshot(page, 'dispatchSheet-03-locked');
  });

  test('the statistics of the same zone show the park, its trend and its funnel', async () => {
    const page = s.page;
    await page.goto(`${stack.url}/investment/inLibraryProject/statistics?period=2026-06`);
    await page.locator('tr.ant-table-row').filter({ hasText: PARK }).first().waitFor();
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'dispatchSheet-05-statistics');
    for (const [tab, name] of [
      [/趋势/, 'dispatchSheet-06-trend'],
      [/漏斗/, 'dispatchSheet-07-funnel'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByTestId('stats-title').filter({ hasText: /\S/ }).waitFor();
      await settled(page);
      await screenshot(page, name);
    }
  });

  test('in English nothing is left untranslated', async () => {
    const page = s.page;
    await useLocale(page, 'en-US');
    await page.goto(`${stack.url}${PATH}?period=2026-06`);
    await page.getByTestId('sheet-locked').waitFor();
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'dispatchSheet-04-english');
    await page.goto(`${stack.url}/investment/inLibraryProject/statistics?period=2026-06`);
    await page.locator('tr.ant-table-row').filter({ hasText: PARK }).first().waitFor();
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'dispatchSheet-08-statistics-english');
    await useLocale(page, 'zh-CN');
  });
});
