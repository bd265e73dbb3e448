// 产值填报 › 转为问题 in the browser (domain-model §2.3.1: an enterprise's 生产经营困难/诉求 "can be converted
// into an issue"), through the real gateway and services: a zone set up through the API (its 管委会 and a
// park), a 规上 enterprise of the park with a project in the library (the project's enterprise set to it)
// and this month's output report filed and submitted, naming a difficulty. The zone's administrator, who
// holds every button, clicks 转为问题 on the enterprise's row: the enterprise's project is preselected and
// the description is the difficulty; they pick the category and submit. On 跟踪项目's 问题台账 the issue
// waits 待研判 with that description, and its drawer says it came from 产值填报. The dialog again in English.
// Screenshots: e2e/screenshots/outputIssue-*.png (the dialog, the ledger, the dialog in English, the issue's
// drawer with its source).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import {
  api,
  createZoneByApi,
  DRAWER,
  dialog,
  enterLibraryByApi,
  expectNotice,
  formItem,
  pick,
  replyTo,
  reportingEnterprise,
  row,
  rowAction,
  settled,
  signIn,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '月湖经开区';
const PARK = '月湖园区';
const ENTERPRISE = '月湖精密机械有限公司';
const PROJECT = '月湖精密机械二期扩产项目';
const DIFFICULTY = '用工紧张，熟练工缺口约120人';

/** This month as the zone counts it (`yyyy-MM`): output may be filed for it, and an issue raised in it. */
function thisMonth() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** A 本地企业增资扩产 project of the enterprise under construction, as `project/submit` takes it. */
function project(deptId: string, enterpriseId: string) {
  return {
    projectName: PROJECT,
    enterpriseId,
    ownerName: ENTERPRISE,
    projectSource: '2',
    deptId,
    projectType: '01',
    projectStatus: '50',
    actualStartDate: '2025-09-01',
    constructionNature: '1',
    industryCode: 'C34',
    projectLevel: '3',
    isKeyProject: 'N',
    address: '月湖大道 6 号',
    constructionContent: '扩建精密加工车间 1.8 万平方米，新增数控生产线 4 条',
    constructionStartYear: 2025,
    constructionEndYear: 2027,
    totalInvestment: '32000',
    plannedStartDate: '2025-08-01',
    plannedCompletionDate: '2027-06-30',
    responsibleLeader: '周副主任',
    ownerContact: '孙经理',
    ownerPhone: '0551-65550000',
  };
}

describe('产值填报 › 转为问题: an enterprise’s difficulty becomes an issue of the ledger', () => {
  let stack: Stack;
  let s: Session;
  let page: Page;
  let projectNo: string;
  const period = thisMonth();

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    page = s.page;
    await signIn(stack, page);
    const { parkId } = await createZoneByApi(stack, page, { name: ZONE, password: 'Yuehu#2026', park: PARK });
    const { id: enterprise } = await api<{ id: string }>(page, 'enterprise/submit', { json: reportingEnterprise(ENTERPRISE, parkId, 6301) });
    const projectId = await enterLibraryByApi(page, project(parkId, enterprise));
    projectNo = (await api<{ projectNo: string }>(page, 'project/detail', { query: { id: projectId } })).projectNo;
    const { id: report } = await api<{ id: string }>(page, 'outputValue/submit', {
      json: { enterpriseId: enterprise, period, monthOutput: '1200', problems: DIFFICULTY },
    });
    await api(page, 'outputValue/review', { json: { ids: [report], step: 'submit', opinion: '' } });
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  /** Opens 转为问题 of the enterprise's row and waits for its projects. */
  async function openRaise(action: string, title: string) {
    await page.goto(`${stack.url}/outputValue/report?period=${period}`);
    await row(page, ENTERPRISE).waitFor();
    const projects = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/projectIssue/output-projects'));
    await rowAction(page, ENTERPRISE, action);
    expect((await projects).status()).toBe(200);
    const modal = dialog(page, title);
    await modal.waitFor();
    await modal.getByTestId('raise-project-select').waitFor();
    return modal;
  }

  test('the administrator raises the difficulty from the report’s row: the project preselected, the description the difficulty', async () => {
    const raise = await openRaise('转为问题', '转为问题');
    expect((await raise.getByTestId('raise-source').textContent()) ?? '').toContain(`${ENTERPRISE}在${period.slice(0, 4)}年${Number(period.slice(5))}月产值填报中反映的困难/诉求`);
    const chosen = formItem(raise, '所属项目');
    expect((await chosen.locator('.ant-select').textContent()) ?? '').toContain(PROJECT);
    expect((await chosen.textContent()) ?? '').toContain(`项目编号：${projectNo}　属地：${PARK}　项目状态：在建`);
    expect(await formItem(raise, '问题描述').locator('textarea').inputValue()).toBe(DIFFICULTY);
    await pick(raise, '类别', '施工/用工');
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputIssue-01-modal');

    const sent = await replyTo(page, '/projectIssue/submit', () => raise.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expectNotice(page, '已转为问题，待管委会研判');
    await raise.waitFor({ state: 'hidden' });
  });

  test('the issue waits 待研判 in 跟踪项目’s ledger, and its drawer says it came from 产值填报', async () => {
    await page.goto(`${stack.url}/investment/trackProject?tab=issues`);
    const issue = row(page, DIFFICULTY);
    await issue.waitFor();
    const text = (await issue.textContent()) ?? '';
    for (const want of [PROJECT, '待研判', '上报问题']) expect(text).toContain(want);
    await settled(page);
    await screenshot(page, 'outputIssue-02-ledger');
    await rowAction(page, DIFFICULTY, '查看');
    const drawer = page.locator(DRAWER);
    await drawer.getByTestId('issue-detail').waitFor();
    const source = drawer.locator('.ant-descriptions-item').filter({ has: page.getByTestId('issue-source') });
    expect(((await source.textContent()) ?? '').replace(/\s/g, '')).toBe('来源产值填报');
    expect((await drawer.getByTestId('issue-detail').textContent()) ?? '').toContain('施工/用工');
    await settled(page);
    await screenshot(page, 'outputIssue-04-source');
    await page.keyboard.press('Escape');
  });

  test('in English the dialog reads in English', async () => {
    await useLocale(page, 'en-US');
    const raise = await openRaise('Raise as issue', 'Raise as issue');
    expect((await formItem(raise, 'Project').locator('.ant-select').textContent()) ?? '').toContain(PROJECT);
    expect((await raise.getByTestId('raise-source').textContent()) ?? '').toContain(`The difficulty ${ENTERPRISE} reported with its output`);
    expect(await formItem(raise, 'Issue').locator('textarea').inputValue()).toBe(DIFFICULTY);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'outputIssue-03-english');
    await raise.getByRole('button', { name: /Cancel/ }).click();
    await useLocale(page, 'zh-CN');
  });
});
