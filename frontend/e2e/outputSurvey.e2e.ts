// 摸底分解 in the browser (domain-model §2.3.5), through the real gateway and services: a zone set up through
// the API (its 管委会 and a park; two reporting firms of the park — the machinery firm with two approved
// months of last year, the electronics firm already surveyed and verified; the park's target of this
// year, 50,000 万元, issued), a park clerk holding 摸底分解 with its filing buttons and a committee reviewer
// holding view/approve/return. The clerk files the machinery firm's 年初 survey — last year filled in from
// its two approved months and completed to the year, the year split into quarters — and submits it; the
// reviewer returns it with an opinion; the clerk reads it, lowers the expectation and resubmits; the
// reviewer verifies it at a lower figure. The summary then sets the park's verified total against its
// target and shows the gap; the committee runs 生成分解 and lands on 年度产值分解 with the proposed targets;
// the download holds the summary and the surveys. The clerk then imports the park's 年中 surveys from the
// template: a row whose quarters miss the year is refused by row and column, the fixed file lands as
// drafts, found under the year and 年中 chosen at the top. Screenshots in zh-CN and en-US:
// e2e/screenshots/outputSurvey-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  CJK,
  columnTitles,
  comparable,
  createAccountByApi,
  createRoleByApi,
  createZoneByApi,
  type Credentials,
  creditCode,
  DRAWER,
  dialog,
  expectNotice,
  fill,
  formItem,
  openFromMenu,
  pageOverflow,
  pick,
  postIdsByApi,
  replyTo,
  reportingEnterprise,
  row,
  rowAction,
  scrollToSection,
  settled,
  signIn,
  typeFigure,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet, writeSheet } from './xlsx';

const ZONE = '澄江经开区';
const PARK = '澄江智造园';
const SCREEN = ['产值管理', '摸底分解'];
const PATH = '/outputValue/explorationAndDecomposition';
const BREAKDOWN = '/outputValue/annualOutputBreakdown';
const CLERK = { account: 'chengjiang.clerk', realName: '钱填报', password: 'Clerk#2026' };
const REVIEWER = { account: 'chengjiang.review', realName: '孙审核', password: 'Review#2026' };
const MACHINERY = '澄江精密机械有限公司';
const ELECTRONICS = '澄江电子科技有限公司';
/** A firm of the park added for the import only: the 年初 summary and 生成分解 above count the other two. */
const MATERIALS = '澄江新材料有限公司';
const OPINION = '预计增速高于在手订单支撑，请核实四季度预计';
/** The year surveyed: this one (the server takes five back and the next). */
const YEAR = new Date().getFullYear();
const LAST = YEAR - 1;

/** The texts of the cells of the list row showing `name`, by column title. */
async function cells(page: Page, name: string): Promise<Record<string, string>> {
  const table = page.locator('.ant-pro-table').last();
  const titles = (await table.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
  const values = await row(page, name).first().locator('td').allTextContents();
  return Object.fromEntries(titles.map((t, i) => [t, (values[i] ?? '').trim()]));
}

const statusOf = (page: Page, name: string) => row(page, name).locator('.ant-tag').first().textContent();
const summary = (page: Page) => page.getByTestId('survey-summary');
/** The texts of the cells of the summary's line of `dept` (or of its total row). */
const summaryLine = async (page: Page, dept?: string) =>
  (await (dept ? summary(page).locator('tr.ant-table-row', { hasText: dept }) : summary(page).getByTestId('stat-total')).first().locator('td').allTextContents()).map(
    (c) => c.trim(),
  );
/** How far each table's columns reach beyond the room it has (0 or less: nothing hidden to the right). */
const tablesOverflow = (page: Page) =>
  page.locator('.ant-table-content, .ant-table-body').evaluateAll((nodes) => nodes.map((n) => n.scrollWidth - n.clientWidth));
const input = (scope: Locator, label: string) => formItem(scope, label).locator('input').first();

describe('摸底分解: a park files its firms’ survey, the committee verifies it, and the verified figures become targets', () => {
  let stack: Stack;
  let s: Session;
  let committee: Page;
  let clerkContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let clerk: Page;
  let reviewer: Page;
  let parkId: string;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    committee = s.page;
    await signIn(stack, committee);
    const zone = await createZoneByApi(stack, committee, { name: ZONE, password: 'Chengjiang#2026', park: PARK });
    parkId = zone.parkId;
    const firm = async (name: string, n: number) => (await api<{ id: string }>(committee, 'enterprise/submit', { json: reportingEnterprise(name, parkId, n) })).id;
    const machinery = await firm(MACHINERY, 7101);
    const electronics = await firm(ELECTRONICS, 7102);
    // Last year the machinery firm reported January 4,000 and February 5,000, both approved: 9,000 over two months.
    for (const [period, output] of [
      [`${LAST}-01`, '4000'],
      [`${LAST}-02`, '5000'],
    ]) {
      const { id } = await api<{ id: string }>(committee, 'outputValue/submit', { json: { enterpriseId: machinery, period, monthOutput: output } });
      for (const step of ['submit', 'approve']) await api(committee, 'outputValue/review', { json: { ids: [id], step, opinion: '' } });
    }
    // The electronics firm: last year 6,000, expecting 6,600; verified at 5,500.
    const { id: surveyed } = await api<{ id: string }>(committee, 'outputSurvey/submit', {
      json: { surveyYear: YEAR, surveyRound: '1', enterpriseId: electronics, lastYearOutput: '6000', expectedOutput: '6600', growthFactors: '新品导入' },
    });
    await api(committee, 'outputSurvey/review', { json: { ids: [surveyed], step: 'submit', opinion: '' } });
    await api(committee, 'outputSurvey/review', { json: { ids: [surveyed], step: 'approve', opinion: '', verifiedOutput: '5500' } });
    const { id: target } = await api<{ id: string }>(committee, 'target/submit', {
      json: { targetYear: YEAR, deptId: parkId, indicatorCode: '12', annualTarget: '50000' },
    });
    await postIdsByApi(committee, 'target/release', [target]);
    const clerkRole = await createRoleByApi(committee, { name: '园区摸底填报员', alias: 'park_survey_clerk' }, SCREEN, ['新增', '修改', '删除', '查看', '提交', '导入', '导出']);
    const reviewerRole = await createRoleByApi(committee, { name: '管委会摸底审核员', alias: 'committee_survey_reviewer' }, SCREEN, ['查看', '审核', '退回', '导出']);
    await createAccountByApi(committee, { ...CLERK, roleId: clerkRole, deptId: parkId });
    await createAccountByApi(committee, { ...REVIEWER, roleId: reviewerRole, deptId: zone.topId });
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId: zone.tenantId, ...CLERK } satisfies Credentials);
    reviewerContext = await newContext(s.browser);
    reviewer = await reviewerContext.newPage();
    await signIn(stack, reviewer, { tenantId: zone.tenantId, ...REVIEWER } satisfies Credentials);
  });

  afterAll(async () => {
    await clerkContext?.close();
    await reviewerContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the clerk files the machinery firm’s 年初 survey with its quarters and submits it', async () => {
    const page = clerk;
    await openFromMenu(page, SCREEN, PATH);
    await row(page, ELECTRONICS).waitFor();
    // this year's 年初 round by default; the park's target stands in the summary already
    expect(await summary(page).locator('.ant-card-head').textContent()).toContain(`${YEAR}年年初摸底汇总`);
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '新增摸底' }).waitFor();
    await pick(drawer, '企业', MACHINERY);
    // last year from its approved reports: two months only, so the clerk is asked to complete the year
    await expect.poll(() => input(drawer, '上年产值(实际/预计)').inputValue()).toBe('9000');
    expect(await drawer.getByTestId('survey-prefill').textContent()).toBe(
      `已填入${LAST}年已审核月报 2 个月的合计 9,000.00 万元，不足全年：请补足为上年预计产值`,
    );
    await typeFigure(drawer, '上年产值(实际/预计)', '40000');
    await typeFigure(drawer, '本年预计产值', '46000');
    // (46,000 − 40,000) ÷ 40,000 = +15.00 %
    await expect.poll(async () => (await drawer.getByTestId('survey-expected-growth').textContent()) ?? '').toContain('15.00%');
    for (const [quarter, figure] of [
      ['一季度预计', '10000'],
      ['二季度预计', '11000'],
      ['三季度预计', '12000'],
      ['四季度预计', '13000'],
    ]) {
      await typeFigure(drawer, quarter, figure);
    }
    // 10,000 + 11,000 + 12,000 + 13,000 = 46,000: the year
    await expect.poll(async () => (await drawer.getByTestId('survey-quarter-sum').textContent()) ?? '').toContain('四个季度合计 46,000.00 万元，本年预计 46,000.00 万元一致');
    await fill(drawer, '增长因素', '新增两条自动化产线，在手订单饱满');
    await fill(drawer, '减产因素/风险', '原材料价格波动');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-01-filing');
    const saved = await replyTo(page, '/outputSurvey/submit', () => drawer.getByTestId('output-survey-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('草稿');

    await rowAction(page, MACHINERY, '提交');
    const confirm = dialog(page, '提交');
    await confirm.waitFor();
    const sent = await replyTo(page, '/outputSurvey/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('待审核');
    expect(await cells(page, MACHINERY)).toMatchObject({ 上年产值: '40,000.00', 企业预计: '46,000.00', 预计增速: '15.00%', 园区核定: '—' });
    // submitted, the clerk may only withdraw it
    expect((await row(page, MACHINERY).getByRole('button').allTextContents()).map((b) => b.replace(/\s/g, ''))).toEqual(['查看', '撤回']);
    await settled(page);
    await screenshot(page, 'outputSurvey-02-submitted');
  });

  test('the reviewer returns it with an opinion', async () => {
    const page = reviewer;
    await openFromMenu(page, SCREEN, PATH);
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('待审核');
    await rowAction(page, MACHINERY, '审核');
    const verify = dialog(page, `审核摸底：${MACHINERY}`);
    await verify.waitFor();
    // the enterprise's own figure to start from, with what drives and threatens it
    expect(await input(verify, '园区核定产值').inputValue()).toBe('46000');
    expect(await verify.getByTestId('survey-verify-figures').textContent()).toContain('原材料价格波动');
    await fill(verify, '审核意见', OPINION);
    await settled(page);
    await screenshot(page, 'outputSurvey-03-verify');
    const sent = await replyTo(page, '/outputSurvey/review', () => verify.getByTestId('survey-verify-return').click());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('已退回');
  });

  test('the clerk reads the opinion, lowers the expectation and resubmits', async () => {
    const page = clerk;
    await page.reload();
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('已退回');
    expect((await row(page, MACHINERY).getByRole('button').allTextContents()).map((b) => b.replace(/\s/g, ''))).toEqual(['修改', '删除', '查看', '重新提交']);
    expect(await pageOverflow(page)).toBe(0);
    for (const overflow of await tablesOverflow(page)) expect(overflow).toBeLessThanOrEqual(0);
    await settled(page);
    await screenshot(page, 'outputSurvey-04-returned');
    await rowAction(page, MACHINERY, '修改');
    const drawer = page.locator(DRAWER);
    await expect.poll(async () => (await drawer.textContent()) ?? '').toContain(OPINION);
    // the survey keeps its enterprise; last year's reports are named, the figure typed stays
    expect(await input(drawer, '上年产值(实际/预计)').inputValue()).toBe('40000');
    await expect.poll(async () => (await drawer.getByTestId('survey-prefill').textContent()) ?? '').toContain(`${LAST}年已审核月报 2 个月，合计 9,000.00 万元`);
    // 44,000 expected: +10.00 %; the fourth quarter 11,000 makes the four add up to it
    await typeFigure(drawer, '本年预计产值', '44000');
    await expect.poll(async () => (await drawer.getByTestId('survey-quarter-sum').textContent()) ?? '').toContain('相差 -2,000.00 万元');
    await typeFigure(drawer, '四季度预计', '11000');
    await expect.poll(async () => (await drawer.getByTestId('survey-quarter-sum').textContent()) ?? '').toContain('一致');
    const saved = await replyTo(page, '/outputSurvey/submit', () => drawer.getByTestId('output-survey-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await drawer.waitFor({ state: 'hidden' });
    await rowAction(page, MACHINERY, '重新提交');
    const confirm = dialog(page, '重新提交');
    await confirm.waitFor();
    expect((await replyTo(page, '/outputSurvey/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click())).status).toBe(200);
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('待审核');
    expect(await cells(page, MACHINERY)).toMatchObject({ 企业预计: '44,000.00', 预计增速: '10.00%' });
  });

  test('the reviewer verifies it at 43,500, and the summary shows what the park still lacks', async () => {
    const page = reviewer;
    await page.reload();
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('待审核');
    await rowAction(page, MACHINERY, '审核');
    const verify = dialog(page, `审核摸底：${MACHINERY}`);
    await verify.waitFor();
    expect(await input(verify, '园区核定产值').inputValue()).toBe('44000');
    await typeFigure(verify, '园区核定产值', '43500');
    // (43,500 − 40,000) ÷ 40,000 = +8.75 %
    await expect.poll(async () => (await verify.getByTestId('survey-verify-growth').textContent()) ?? '').toContain('8.75%');
    await fill(verify, '审核意见', '按在手订单核减');
    const sent = await replyTo(page, '/outputSurvey/review', () => verify.getByTestId('survey-verify-approve').click());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => statusOf(page, MACHINERY)).toBe('已通过');
    expect(await cells(page, MACHINERY)).toMatchObject({ 园区核定: '43,500.00', 核定增速: '8.75%', 状态: '已通过' });
    // (5,500 − 6,000) ÷ 6,000 = −8.33 %
    expect(await cells(page, ELECTRONICS)).toMatchObject({ 上年产值: '6,000.00', 园区核定: '5,500.00', 核定增速: '-8.33%' });

    // The park: two surveyed, both verified. Last year 40,000 + 6,000 = 46,000; expected 44,000 + 6,600 =
    // 50,600 (+10.00 %); verified 43,500 + 5,500 = 49,000, (49,000 − 46,000) ÷ 46,000 = +6.52 %. Against
    // its target of 50,000: 1,000 short, in red. The 管委会 has no target of its own and shows the park's.
    await expect.poll(() => summaryLine(page, PARK)).toEqual([
      PARK, '2 / 2', '46,000.00', '50,600.00', '10.00%', '49,000.00', '6.52%', '50,000.00', '1,000.00',
    ]);
    expect(await summary(page).locator('tr.ant-table-row', { hasText: PARK }).locator('[data-short="true"]').textContent()).toBe('1,000.00');
    expect(await summaryLine(page)).toEqual(['合计', '2 / 2', '46,000.00', '50,600.00', '10.00%', '49,000.00', '6.52%', '50,000.00', '1,000.00']);
    // the approved survey's history: submitted, returned with the opinion, resubmitted, approved
    await rowAction(page, MACHINERY, '查看');
    const view = page.locator(DRAWER);
    await expect.poll(async () => (await view.getByTestId('survey-review-log').textContent()) ?? '').toContain(OPINION);
    expect(await view.getByTestId('survey-verification').textContent()).toContain('43,500.00 万元');
    await settled(page);
    await scrollToSection(view, '园区核定');
    await screenshot(page, 'outputSurvey-05-view');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
    expect(await pageOverflow(page)).toBe(0);
    for (const overflow of await tablesOverflow(page)) expect(overflow).toBeLessThanOrEqual(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-06-verified');
  });

  test('the committee shares the park’s target by the verified figures and lands on 年度产值分解', async () => {
    const page = committee;
    await openFromMenu(page, SCREEN, PATH);
    await page.goto(`${stack.url}${PATH}?year=${YEAR}&round=1&deptId=${parkId}`);
    await row(page, MACHINERY).waitFor();
    await page.getByTestId('survey-generate').click();
    const generate = dialog(page, `生成${YEAR}年企业产值目标`);
    await generate.waitFor();
    // the department and round of the screen
    expect(await formItem(generate, '分解的部门').textContent()).toContain(PARK);
    await settled(page);
    await screenshot(page, 'outputSurvey-07-generate');
    const reply = await replyTo(page, '/outputSurvey/generate', () => generate.getByTestId('survey-generate-run').click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ created: 2, updated: 0, skipped: 0, shared: '50000' });
    await expect.poll(async () => (await generate.textContent()) ?? '').toContain('已新增 2 个、更新 0 个草稿目标');
    expect(await generate.getByTestId('survey-generate-result').textContent()).toBe('共分解 50,000.00 万元');
    await settled(page);
    await screenshot(page, 'outputSurvey-08-generated');
    await generate.getByTestId('survey-generate-open').click();
    await page.waitForURL((u) => u.pathname === BREAKDOWN && u.searchParams.get('deptId') === parkId && u.searchParams.get('year') === String(YEAR));
    await row(page, MACHINERY).waitFor();
    // 50,000 × 43,500 ÷ 49,000 = 44,387.755… → 44,387.76; 50,000 × 5,500 ÷ 49,000 = 5,612.244… → 5,612.24;
    // together 50,000.00. The machinery firm's months by its last year (January 4,000 and February 5,000
    // of 9,000), each cut to the cent: January 44,387.76 × 4 ÷ 9 = 19,727.893… → 19,727.89, February
    // 24,659.866… → 24,659.86, and December the cent left, 0.01. The electronics firm, without reports
    // last year, evenly.
    const titles = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim());
    const line = async (name: string) => {
      const values = (await row(page, name).first().locator('td').allTextContents()).map((c) => c.trim());
      return Object.fromEntries(titles.map((t, i) => [t, values[i] ?? '']));
    };
    expect(await line(MACHINERY)).toMatchObject({ 年度目标产值: '44,387.76', 分月方式: '按上年同期结构', '1月': '19,727.89', '2月': '24,659.86', '3月': '0.00', '12月': '0.01', 状态: '草稿' });
    expect(await line(ELECTRONICS)).toMatchObject({ 年度目标产值: '5,612.24', 分月方式: '平均分解', 状态: '草稿' });
    await expect.poll(async () => (await page.getByTestId('breakdown-unassigned').locator('.ant-statistic-content').textContent()) ?? '').toBe('0.00');
    await settled(page);
    await screenshot(page, 'outputSurvey-09-breakdown');
  });

  test('the download holds the summary and the surveys as the screen shows them', async () => {
    const page = reviewer;
    await replyTo(page, '/outputSurvey/list', () => page.reload());
    await row(page, MACHINERY).waitFor();
    const shown = await cells(page, MACHINERY);
    const downloading = page.waitForEvent('download');
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*出/ }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-survey-')), 'survey.xlsx');
    await (await downloading).saveAs(file);
    const sheet = readSheet(file);
    expect(sheet[0][0]).toBe(`${YEAR}年年初产值摸底`);
    const header = sheet.find((r) => r[0] === '属地')!;
    const at = (r: string[], title: string) => r[header.indexOf(title)] ?? '';
    const park = sheet.find((r) => (r[0] ?? '').trim() === PARK)!;
    expect(at(park, '企业名称')).toBe('2 户，已核定 2 户');
    expect(comparable(at(park, '园区核定'))).toBe('49000.00');
    expect(comparable(at(park, '缺口(目标−核定)'))).toBe('1000.00');
    const line = sheet.find((r) => at(r, '企业名称') === MACHINERY)!;
    for (const [file, screen] of [
      ['上年产值', '上年产值'],
      ['企业预计', '企业预计'],
      ['园区核定', '园区核定'],
    ]) {
      expect(comparable(at(line, file)), file).toBe(comparable(shown[screen]));
    }
    expect(comparable(at(line, '核定增速(%)'))).toBe(comparable(shown['核定增速']));
    expect(at(line, '状态')).toBe('已通过');
  });

  test('the same screen in English', async () => {
    const page = reviewer;
    await useLocale(page, 'en-US');
    await page.reload();
    await row(page, MACHINERY).waitFor();
    expect((await columnTitles(page)).filter((t) => CJK.test(t))).toEqual([]);
    expect(await summary(page).locator('.ant-card-head').textContent()).toContain(`Survey summary, ${YEAR}, Start of year`);
    expect(await statusOf(page, MACHINERY)).toBe('Approved');
    expect(await pageOverflow(page)).toBe(0);
    for (const overflow of await tablesOverflow(page)) expect(overflow).toBeLessThanOrEqual(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-10-en');
    await rowAction(page, MACHINERY, 'View');
    const view = page.locator(DRAWER);
    await expect.poll(async () => (await view.getByTestId('survey-review-log').textContent()) ?? '').toContain(OPINION);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-11-en-view');
    await page.keyboard.press('Escape');
  });

  test('the filing drawer in English', async () => {
    const page = clerk;
    await useLocale(page, 'en-US');
    await page.reload();
    await row(page, MACHINERY).waitFor();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: 'Add' }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: 'New survey' }).waitFor();
    await pick(drawer, 'Enterprise', MACHINERY);
    await expect.poll(async () => (await drawer.getByTestId('survey-prefill').textContent()) ?? '').toBe(
      `Filled in 9,000.00 (10k CNY), the sum of 2 approved months of ${LAST}: less than a full year, complete it with an estimate`,
    );
    await typeFigure(drawer, 'Q1 expected', '10000');
    await expect.poll(async () => (await drawer.getByTestId('survey-quarter-sum').textContent()) ?? '').toContain('Fill in all four quarters, or none');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-12-en-filing');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  test('the clerk imports the park’s 年中 surveys from the template, fixing the row the screen refuses', async () => {
    const page = clerk;
    const dir = mkdtempSync(join(tmpdir(), 'keeper-e2e-survey-import-'));
    await api(committee, 'enterprise/submit', { json: reportingEnterprise(MATERIALS, parkId, 7103) });
    await useLocale(page, 'zh-CN');
    // the screen as it opens: this year's 年初 round
    await replyTo(page, '/outputSurvey/list', () => page.goto(`${stack.url}${PATH}`));
    await row(page, MACHINERY).waitFor();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*入/ }).click();
    const upload = dialog(page, '导入摸底');
    await upload.waitFor();
    expect(await upload.textContent()).toContain('每家企业每个年度、每个批次一行');

    // The template: the header, then a line of hints the import passes over.
    const downloading = page.waitForEvent('download');
    await upload.getByRole('button', { name: /下载导入模板/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('摸底分解导入模板.xlsx');
    const templateFile = join(dir, 'template.xlsx');
    await download.saveAs(templateFile);
    const [header, hints] = readSheet(templateFile);
    expect(header).toEqual([
      '年度', '批次', '企业名称', '统一社会信用代码', '上年产值(万元)', '本年预计产值(万元)', '一季度预计(万元)', '二季度预计(万元)',
      '三季度预计(万元)', '四季度预计(万元)', '新增产能贡献(万元)', '新增产能项目', '增长因素', '减产因素/风险', '备注',
    ]);
    const line = (cells: Record<string, string>) => header.map((h) => cells[h] ?? '');
    const quarters = (q: string[]) => Object.fromEntries(['一', '二', '三', '四'].map((n, i) => [`${n}季度预计(万元)`, q[i]]));

    // The new firm by its code, 3,000 → 3,600 in four quarters; the machinery firm 40,000 → 44,000, its
    // quarters 1,000 short of the year (row 4).
    const materials = line({
      年度: String(YEAR), 批次: '年中', 统一社会信用代码: creditCode('91340100000007103'), '上年产值(万元)': '3000', '本年预计产值(万元)': '3600',
      ...quarters(['800', '900', '900', '1000']), 增长因素: '新材料产线投产',
    });
    const machinery = (q4: string) =>
      line({
        年度: String(YEAR), 批次: '年中', 企业名称: MACHINERY, 统一社会信用代码: creditCode('91340100000007101'), '上年产值(万元)': '40000',
        '本年预计产值(万元)': '44000', ...quarters(['10000', '11000', '11000', q4]), '减产因素/风险': '下半年订单待确认',
      });
    const bad = join(dir, 'bad.xlsx');
    writeSheet(bad, [header, hints, materials, machinery('11000')]);
    await upload.locator('input[type=file]').setInputFiles(bad);
    const refused = await replyTo(page, '/outputSurvey/import', () => upload.getByRole('button', { name: /开始导入/ }).click());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const report = page.getByTestId('survey-import-report');
    await report.waitFor();
    const problems = await report.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
    expect(problems).toHaveLength(1);
    expect(problems[0].slice(0, 2)).toEqual(['第 4 行', '四季度预计(万元)']);
    // 10,000 + 11,000 + 11,000 + 11,000 = 43,000
    expect(problems[0][2]).toMatch(/43,?000.*44,?000/);
    expect(await report.textContent()).toContain('没有导入任何数据');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-13-import-refused');

    // Nothing came in: the 年中 round of the park is still empty.
    const nothing = await api<{ records: unknown[] }>(page, 'outputSurvey/list', { query: { surveyYear: String(YEAR), surveyRound: '2', current: '1', size: '50' } });
    expect(nothing.records).toEqual([]);
    const fixed = join(dir, 'good.xlsx');
    writeSheet(fixed, [header, hints, materials, machinery('12000')]);
    await upload.locator('input[type=file]').setInputFiles(fixed);
    const reply = await replyTo(page, '/outputSurvey/import', () => upload.getByRole('button', { name: /开始导入/ }).click());
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ created: 2, updated: 0 });
    await expectNotice(page, '导入成功: 新增 2 条，更新 0 条');
    await upload.waitFor({ state: 'hidden' });

    // The list shows the round chosen at the top: the clerk picks 年中 and finds both as drafts.
    await page.getByTestId('survey-round').click();
    await replyTo(page, '/outputSurvey/list', () => page.locator('.ant-select-item-option', { hasText: /^年中$/ }).click());
    await row(page, MATERIALS).waitFor();
    expect(await cells(page, MATERIALS)).toMatchObject({ 上年产值: '3,000.00', 企业预计: '3,600.00', 预计增速: '20.00%', 园区核定: '—', 状态: '草稿' });
    expect(await cells(page, MACHINERY)).toMatchObject({ 上年产值: '40,000.00', 企业预计: '44,000.00', 预计增速: '10.00%', 园区核定: '—', 状态: '草稿' });
    expect(await row(page, ELECTRONICS).count()).toBe(0);
    // a draft to submit for verification, as one filed by hand
    expect((await row(page, MATERIALS).getByRole('button').allTextContents()).map((b) => b.replace(/\s/g, ''))).toEqual(['修改', '删除', '查看', '提交']);
    // The 年中 summary: 3,000 + 40,000 = 43,000 last year, 3,600 + 44,000 = 47,600 expected,
    // (47,600 − 43,000) ÷ 43,000 = +10.70 %; nothing verified yet, so the whole target is still to cover.
    await expect.poll(() => summaryLine(page, PARK)).toEqual([PARK, '2 / 0', '43,000.00', '47,600.00', '10.70%', '0.00', '—', '50,000.00', '50,000.00']);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputSurvey-14-imported');
    // the quarters and the factors came in as typed
    await rowAction(page, MATERIALS, '查看');
    const view = page.locator(DRAWER);
    await expect.poll(async () => (await view.getByTestId('survey-quarter-sum').textContent()) ?? '').toContain('一致');
    expect(await formItem(view, '四季度预计').textContent()).toContain('1,000.00');
    expect(await formItem(view, '增长因素').textContent()).toContain('新材料产线投产');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
  });
});
