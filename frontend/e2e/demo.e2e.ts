// The demo zone in the browser (issue 15: "every screen works through the browser on the demo zone"):
// `keeper-demo` loads tenant 888888 into the databases of the running stack, as `make demo` does beside
// `make start`, and its administrator opens every investment screen. Each lists the zone's rows — drafts
// on 项目入库, 技改 projects, the month's tracked projects with their warning colours, the reports waiting
// for review, the issue ledger, the finished projects with their completion figures — without an error
// and without an untranslated key; the in-library screens (targets, forecasts, the dispatch sheet, the
// statistics) show the zone's figures. Screenshots: e2e/screenshots/demo-*.png.
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { settled, signIn, untranslatedKeys } from './pages';
import { type Stack, startStack } from './stack';

const DEMO = { tenantId: '888888', account: 'admin', password: 'Demo#2026' };

/** Loads the demo zone into the stack's databases with the demo binary `make build` made. */
function loadDemo(stack: Stack) {
  const target = process.env.CARGO_TARGET_DIR || join(homedir(), '.cache', 'keeper', 'target');
  const bin = join(process.env.KEEPER_BIN_DIR || join(target, 'release'), 'keeper-demo');
  const run = spawnSync(bin, [], {
    env: { ...process.env, KEEPER_DATA_DIR: stack.dataDir, KEEPER_DEMO_PASSWORD: DEMO.password, KEEPER_LOG: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`keeper-demo failed (${run.status}): ${run.stderr}\n${run.stdout}`);
  return run.stdout;
}

/** The total the list's pager states ("共 245 条" / "1-10 of 245 items"). */
async function listedTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').first().innerText({ timeout: 20_000 });
  const numbers = text.match(/\d+/g) ?? [];
  return Number(numbers[numbers.length - 1] ?? 0);
}

/** Opens `path` (and a tab of it) and waits for its table to fill. */
async function open(page: Page, stack: Stack, path: string, tab?: string) {
  await page.goto(`${stack.url}${path}`);
  if (tab) await page.getByRole('tab', { name: tab }).click();
  await page.locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
  await settled(page);
}

describe('the demo zone', () => {
  let stack: Stack;
  let s: Session;

  beforeAll(async () => {
    stack = await startStack();
    const said = loadDemo(stack);
    expect(said).toContain('888888');
    s = await openBrowser();
    await signIn(stack, s.page, DEMO);
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  // (screen, path, tab, what the list must hold at least)
  const screens: [string, string, string | undefined, number][] = [
    ['projectWarehousing', '/investment/projectManagement/projectWarehousing', undefined, 1],
    ['technicalRenovation', '/investment/projectManagement/technicalRenovation', undefined, 1],
    ['trackProject', '/investment/trackProject', undefined, 10],
    ['reportReview', '/investment/trackProject', '月报审核', 10],
    ['issueLedger', '/investment/trackProject', '问题台账', 10],
    ['finishProject', '/investment/finishProject', undefined, 10],
  ];

  for (const [name, path, tab, least] of screens) {
    test(`${name} lists the zone's rows without an error`, async () => {
      const page = s.page;
      await open(page, stack, path, tab);
      expect(await listedTotal(page)).toBeGreaterThanOrEqual(least);
      expect(await page.locator('.ant-message-error, .ant-notification-notice-error, .ant-result-error').count()).toBe(0);
      expect(await untranslatedKeys(page)).toEqual([]);
      await screenshot(page, `demo-${name}`);
    }, 90_000);
  }

  // The in-library screens (issue 16) have no pager: their tables hold the departments (a tree) or the
  // month's projects. (screen, path, tab, rows at least)
  const dispatch: [string, string, string | undefined, number][] = [
    ['targetCompletion', '/investment/inLibraryProject/targetTask', undefined, 3],
    ['targetList', '/investment/inLibraryProject/targetTask', '目标管理', 6],
    ['forecastSummary', '/investment/inLibraryProject/investmentForecasting', undefined, 3],
    ['forecastProjects', '/investment/inLibraryProject/investmentForecasting', '项目明细', 10],
    ['dispatchSheet', '/investment/inLibraryProject/report', undefined, 10],
    ['statistics', '/investment/inLibraryProject/statistics', undefined, 3],
    // The output screens (issue 17) over the zone's two years of reports.
    ['outputReport', '/outputValue/report', undefined, 10],
    ['parkOutput', '/outputValue/parkMonthlyOutputValue', undefined, 3],
    ['outputStatistics', '/outputValue/statistics', undefined, 3],
    ['outputRanking', '/outputValue/statistics', '企业排名', 10],
    ['outputTrend', '/outputValue/statistics', '月度趋势', 12],
    // every reporting firm with last year's output holds its part of its park's target
    ['outputBreakdown', '/outputValue/annualOutputBreakdown', undefined, 10],
    // this year's turn-of-year survey of every reporting firm with last year's output, verified
    ['outputSurvey', '/outputValue/explorationAndDecomposition', undefined, 10],
  ];

  for (const [name, path, tab, least] of dispatch) {
    test(`${name} shows the zone's figures without an error`, async () => {
      const page = s.page;
      await open(page, stack, path, tab);
      expect(await page.locator('tr.ant-table-row').count()).toBeGreaterThanOrEqual(least);
      expect(await page.locator('.ant-message-error, .ant-notification-notice-error, .ant-result-error').count()).toBe(0);
      expect(await untranslatedKeys(page)).toEqual([]);
      await screenshot(page, `demo-${name}`);
    }, 90_000);
  }

  test('the tracked list shows warning colours of every kind the zone has', async () => {
    const page = s.page;
    await open(page, stack, '/investment/trackProject');
    const colours = await page.locator('[data-testid="warning-dot"]').evaluateAll((dots) => dots.map((d) => d.getAttribute('data-warning')));
    expect(colours.length).toBeGreaterThan(0);
    // 预警 first: the filter a leader uses, answered by the server
    const answer = page.waitForResponse((r) => r.url().includes('/api/project/tracked') && r.url().includes('warning=red'));
    await page.locator('.ant-pro-query-filter').getByText('预警色').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const item = page.locator('.ant-pro-query-filter .ant-form-item').filter({ hasText: '预警色' });
    await item.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^预警$/ }).click();
    await page.locator('.ant-pro-query-filter').getByRole('button', { name: /查\s*询/ }).click();
    const body = await (await answer).json();
    const rows: { warning: string }[] = body.data.records;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.warning === 'red')).toBe(true);
    await screenshot(page, 'demo-trackProject-red');
  }, 90_000);
});
