// 技术改造 in the browser (issue 15), through the real gateway and services: a zone set up through the
// API (its 管委会, a park with an enterprise, a park clerk holding 项目入库 to file and 技术改造 to read and
// export, a committee reviewer holding 项目入库's review), and the park's other projects already in the
// library with approved reports of this year: a 绿色化 技改 project with its annual plan, an industrial
// plant and a shopping centre. The clerk files the enterprise's 智能化改造 through 项目入库 with its
// renovation facts, the committee approves it, its first month is reported; then 技术改造 lists both 技改
// projects with their figures, the summary card shows the sums worked out by hand below, the renovation
// type filter narrows list and card, and the export holds the same figures to the cent.
// Screenshots: e2e/screenshots/renovation-*.png.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  columnAlignment,
  columnTitles,
  createAccountByApi,
  createEnterpriseByApi,
  createRoleByApi,
  type Credentials,
  createZoneByApi,
  cutHeaders,
  cutLabels,
  DRAWER,
  dialog,
  enterLibraryByApi,
  fill,
  formItem,
  openFromMenu,
  pick,
  replyTo,
  reportByApi,
  row,
  scrollToSection,
  settled,
  signIn,
  tableOverflow,
  tallHeaders,
  toolbar,
  typeDay,
  typeFigure,
  untranslatedKeys,
} from './pages';
import { type Stack, startStack } from './stack';
import { readSheet } from './xlsx';

const ZONE = '东湖经开区';
const ZONE_PASSWORD = 'Donghu#2026';
const PARK = '东湖园区';
const INTAKE = ['投资管理', '项目管理', '项目入库'];
const INTAKE_PATH = '/investment/projectManagement/projectWarehousing';
const RENOVATION = ['投资管理', '项目管理', '技术改造'];
const RENOVATION_PATH = '/investment/projectManagement/technicalRenovation';
const CLERK = { account: 'donghu.clerk', realName: '许填报', password: 'Clerk#2026' };
const COMMITTEE = { account: 'donghu.review', realName: '韩审核', password: 'Review#2026' };
const ENTERPRISE = { name: '合肥东湖智能装备有限公司', short: '东湖智能' };
const YEAR = new Date().getFullYear();

/** The project the story follows: 6,800.5 万元 planned, 4,200.25 of equipment, January's 1,200.5 approved. */
const STORY = '东湖智能焊接产线智能化改造项目';
/** A 技改 project in the library: 2,000 planned, 1,500 of equipment, 799.75 approved in January of a
 * plan of 1,600 for the year. */
const GREEN = '东湖园区锅炉节能降碳改造项目';
/** Industrial (制造业, not 技改): January's 2,500.5 counts in 工业投资 only. */
const PLANT = '东湖新能源电池壳体生产基地';
/** Neither 技改 nor industrial (批发和零售业): counts nowhere on this screen. */
const MALL = '东湖园区商业综合体';

/**
 * The figures worked out by hand. The list: S and G.
 *   equipment 4,200.25 + 1,500 = 5,700.25 of 6,800.5 + 2,000 = 8,800.5 planned → 64.7719 % → 64.77 %
 *   技改投资 1,200.5 + 799.75 = 2,000.25; 工业投资 2,000.25 + 2,500.5 = 4,500.75 → 44.4426 % → 44.44 %
 *   G against its plan: 799.75 ÷ 1,600 = 49.984 % → 49.98 %
 * Filtered to 绿色化(节能降碳)改造: G only.
 *   equipment 1,500 of 2,000 → 75.00 %; 技改投资 799.75 of the same 4,500.75 → 17.7692 % → 17.77 %
 */
const ALL = { ytd: '2,000.25', share: '44.44%', equipment: '5,700.25', equipmentShare: '64.77%', count: '2' };
const GREEN_ONLY = { ytd: '799.75', share: '17.77%', equipment: '1,500.00', equipmentShare: '75.00%', count: '1' };

/** A complete project of the park under construction since January, filed through the API. */
function project(name: string, deptId: string, totalInvestment: string, extra: Record<string, unknown> = {}) {
  return {
    projectName: name,
    ownerName: '东湖实业有限公司',
    projectSource: '2',
    deptId,
    projectType: '01',
    projectStatus: '50',
    actualStartDate: `${YEAR}-01-03`,
    constructionNature: '1',
    industryCode: 'C38',
    projectLevel: '4',
    isKeyProject: 'N',
    address: '东湖大道 66 号',
    constructionContent: '新建厂房 2.4 万平方米',
    totalInvestment,
    plannedStartDate: `${YEAR}-01-01`,
    plannedCompletionDate: `${YEAR + 1}-06-30`,
    ownerContact: '赵经理',
    ownerPhone: '0551-66880000',
    ...extra,
  };
}

/** The summary card's figures by title (the year's title without its year). */
async function summary(page: Page): Promise<Record<string, string>> {
  const card = page.getByTestId('renovation-summary');
  const items = await card.locator('.ant-statistic').evaluateAll((nodes) =>
    nodes.map((n) => [
      (n.querySelector('.ant-statistic-title')?.textContent ?? '').replace(/\s*\(\d{4}\)$/, '').trim(),
      (n.querySelector('.ant-statistic-content')?.textContent ?? '').replace(/\s/g, ''),
    ]),
  );
  return Object.fromEntries(items);
}

/** The card as it should read for `want`. */
const card = (want: typeof ALL) => ({
  本年技改投资: `${want.ytd}万元`,
  占工业投资比重: want.share,
  设备投资: `${want.equipment}万元`,
  设备投资占比: want.equipmentShare,
  技改项目数: want.count,
});

/** The list's search form, unfolded. */
async function searchForm(page: Page): Promise<Locator> {
  const form = page.locator('.ant-pro-query-filter');
  const unfold = form.locator('.ant-pro-query-filter-collapse-button', { hasText: /展开/ });
  if (await unfold.count()) await unfold.click();
  return form;
}

describe('技术改造: a 技改 project filed through 项目入库 shows on 技术改造 with its figures', () => {
  let stack: Stack;
  let s: Session;
  let clerkContext: BrowserContext;
  let committeeContext: BrowserContext;
  let clerk: Page;
  let committee: Page;
  let storyId: string;

  /** Files a report of `projectId` for January and has the administrator approve it. */
  const reported = (projectId: string, amount: string) => reportByApi(s.page, { projectId, period: `${YEAR}-01`, monthInvestment: amount });

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    const zone = await createZoneByApi(stack, admin, { name: ZONE, password: ZONE_PASSWORD, park: PARK });
    const { tenantId, parkId } = zone;
    await createEnterpriseByApi(admin, { ...ENTERPRISE, deptId: parkId, first17: '91340100MA2DH6K02', address: '合肥市东湖大道 9 号' });

    // The park's projects in the library, each with January approved.
    const enter = (body: object) => enterLibraryByApi(admin, body);
    const green = await enter(
      project(GREEN, parkId, '2000', {
        projectType: '02',
        constructionNature: '3',
        renovation: { renovationType: '3', equipmentInvestment: '1500', isKeyRenovation: 'N', subsidyApplied: 'N' },
      }),
    );
    await reported(green, '799.75');
    await api(admin, 'projectPlan/submit', {
      json: {
        projectId: green,
        planYear: YEAR,
        yearPlanInvestment: '1600',
        yearMilestone: '完成锅炉更换及余热回收系统安装',
        planStartThisYear: 'Y',
        planCompleteThisYear: 'Y',
      },
    });
    await reported(await enter(project(PLANT, parkId, '30000')), '2500.5');
    await reported(await enter(project(MALL, parkId, '9000', { projectType: '03', industryCode: 'F' })), '900');

    const clerkIntake = await createRoleByApi(admin, { name: '园区填报员', alias: 'park_clerk' }, INTAKE, ['新增', '修改', '查看', '删除', '提交']);
    const clerkRenovation = await createRoleByApi(admin, { name: '技改查询员', alias: 'renovation_reader' }, RENOVATION, ['查看', '导出']);
    const committeeRole = await createRoleByApi(admin, { name: '管委会审核员', alias: 'committee_reviewer' }, INTAKE, ['查看', '审核', '退回']);
    await createAccountByApi(admin, { ...CLERK, roleId: `${clerkIntake},${clerkRenovation}`, deptId: parkId });
    await createAccountByApi(admin, { ...COMMITTEE, roleId: committeeRole, deptId: zone.topId });
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId, ...CLERK } satisfies Credentials);
    committeeContext = await newContext(s.browser);
    committee = await committeeContext.newPage();
    await signIn(stack, committee, { tenantId, ...COMMITTEE } satisfies Credentials);
  });

  afterAll(async () => {
    await clerkContext?.close();
    await committeeContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the clerk files the 技改 project through 项目入库 with its renovation facts', async () => {
    const page = clerk;
    await openFromMenu(page, INTAKE, INTAKE_PATH);
    await toolbar(page, /新\s*增/);
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '新增项目' }).waitFor();
    await fill(drawer, '项目名称', STORY);
    // the renovation section comes with the type; the project's own 其中设备投资 gives way to its
    expect(await formItem(drawer, '改造类型').count()).toBe(0);
    await pick(drawer, '项目类型', '技术改造项目');
    await formItem(drawer, '改造类型').waitFor();
    expect(await formItem(drawer, '其中设备投资').count()).toBe(0);
    await pick(drawer, '项目单位', `${ENTERPRISE.name}（${ENTERPRISE.short}）`);
    await expect.poll(async () => (await formItem(drawer, '属地园区').textContent()) ?? '').toContain(PARK);
    await pick(drawer, '项目状态', '在建');
    await pick(drawer, '项目来源', '本地企业增资扩产');
    await pick(drawer, '建设性质', '改建和技术改造');
    await pick(drawer, '所属行业', '制造业');
    await pick(drawer, '项目级别', '区重点');
    await fill(drawer, '建设地点', '东湖大道 9 号现有厂区');
    await fill(drawer, '建设规模及内容', '利用现有厂房 1.2 万平方米，新购焊接机器人及检测设备 36 台(套)，对焊接产线实施智能化改造');
    await typeFigure(drawer, '计划总投资', '6800.5');
    await typeFigure(drawer, '其中固定资产投资', '6500');
    await pick(drawer, '改造类型', '智能化改造');
    await typeFigure(drawer, '设备投资', '4200.25');
    await typeFigure(drawer, '新增设备', '36');
    await fill(drawer, '备案代码', '2601-340100-07-02-000456');
    await typeDay(drawer, '备案日期', `${YEAR}-01-02`);
    await formItem(drawer, '是否申报技改奖补').getByText('是', { exact: true }).click();
    await formItem(drawer, '奖补金额').waitFor();
    await typeFigure(drawer, '奖补金额', '150');
    await typeFigure(drawer, '预计新增产值', '9000');
    await typeDay(drawer, '实际开工日期', `${YEAR}-01-05`);
    await fill(drawer, '项目单位联系人', '许经理');
    await fill(drawer, '联系人电话', '0551-66880002');
    expect(await formItem(drawer, '设备投资').locator('input').inputValue()).toBe('4200.25');
    expect(await cutLabels(drawer)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await scrollToSection(drawer, '技改信息');
    await screenshot(page, 'renovation-01-intake-drawer-renovation');

    const saved = await replyTo(page, '/project/submit', () => drawer.getByTestId('project-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    storyId = saved.body.data.id;
    await page.locator(DRAWER).waitFor({ state: 'detached' });
    await row(page, STORY).waitFor();
    const stored = await api<{ equipmentInvestment: string; renovation: Record<string, unknown> }>(page, 'project/detail', { query: { id: storyId } });
    expect(stored.equipmentInvestment).toBe('4200.25');
    expect(stored.renovation).toMatchObject({
      renovationType: '1',
      equipmentInvestment: '4200.25',
      newEquipmentCount: 36,
      filingCode: '2601-340100-07-02-000456',
      filingDate: `${YEAR}-01-02`,
      subsidyApplied: 'Y',
      subsidyAmount: '150',
    });

    await row(page, STORY).getByRole('button', { name: /^提\s*交$/ }).click();
    const confirm = dialog(page, '提交');
    await confirm.waitFor();
    const sent = await replyTo(page, '/project/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(() => row(page, STORY).locator('.ant-tag').first().textContent()).toBe('待审核');
  });

  test('the committee approves it on 项目入库; its January is reported', async () => {
    const page = committee;
    await openFromMenu(page, INTAKE, INTAKE_PATH);
    await row(page, STORY).waitFor();
    await row(page, STORY).getByRole('button', { name: /^审核通过$/ }).click();
    const approve = dialog(page, '审核通过');
    await approve.waitFor();
    const sent = await replyTo(page, '/project/review', () => approve.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await row(page, STORY).waitFor({ state: 'detached' });
    await reported(storyId, '1200.5');
  });

  test('技术改造 lists the 技改 projects with their figures and the card sums them', async () => {
    const page = clerk;
    await openFromMenu(page, RENOVATION, RENOVATION_PATH);
    await row(page, STORY).waitFor();
    await row(page, GREEN).waitFor();
    expect(await page.locator('tr.ant-table-row').count()).toBe(2);
    // the park and the subsidy flag wait in the column settings (and are in the export)
    expect(await columnTitles(page)).toEqual([
      '项目名称',
      '项目单位',
      '改造类型',
      '计划总投资(万元)',
      '设备投资(万元)',
      '本年累计完成投资(万元)',
      '占年度计划',
      '项目状态',
      '入库状态',
      '操作',
    ]);
    const story = (await row(page, STORY).textContent()) ?? '';
    for (const want of [ENTERPRISE.name, '智能化改造', '6,800.50', '4,200.25', '1,200.50', '在建', '已通过']) expect(story).toContain(want);
    const green = (await row(page, GREEN).textContent()) ?? '';
    for (const want of ['绿色化(节能降碳)改造', '2,000.00', '1,500.00', '799.75', '49.98%']) expect(green).toContain(want);
    expect((await columnAlignment(page, '设备投资(万元)'))?.cells).toEqual(['right', 'right']);
    await expect.poll(() => summary(page)).toEqual(card(ALL));
    expect(await page.getByTestId('renovation-summary').textContent()).toContain(`本年技改投资 (${YEAR})`);
    await settled(page);
    await screenshot(page, 'renovation-02-list');
    expect(await tallHeaders(page)).toEqual([]);
    expect(await cutHeaders(page)).toEqual([]);
    expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
    expect(await untranslatedKeys(page)).toEqual([]);
  });

  test('the renovation type filter narrows the list and the card', async () => {
    const page = clerk;
    const form = await searchForm(page);
    await pick(form, '改造类型', '绿色化(节能降碳)改造');
    const listed = await replyTo(page, '/techRenovation/list', () => form.getByRole('button', { name: /查\s*询/ }).click());
    expect(listed.body.data.records.map((r: { projectName: string }) => r.projectName)).toEqual([GREEN]);
    await row(page, STORY).waitFor({ state: 'detached' });
    expect(await page.locator('tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => summary(page)).toEqual(card(GREEN_ONLY));
    await settled(page);
    await screenshot(page, 'renovation-03-filtered');

    await replyTo(page, '/techRenovation/list', () => form.getByRole('button', { name: /重\s*置/ }).click());
    await row(page, STORY).waitFor();
    await expect.poll(() => summary(page)).toEqual(card(ALL));
  });

  test('the export holds the list’s figures to the cent', async () => {
    const page = clerk;
    const downloading = page.waitForEvent('download');
    await toolbar(page, /导\s*出/);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('技术改造项目.xlsx');
    const file = join(mkdtempSync(join(tmpdir(), 'keeper-e2e-renovation-')), 'export.xlsx');
    await download.saveAs(file);
    const sheet = readSheet(file);
    // the header is the row naming the columns (a report-style sheet has a title above it)
    const top = sheet.findIndex((r) => r.includes('项目名称'));
    const [head, ...rows] = sheet.slice(top).filter((r) => r.some(Boolean));
    const at = (name: string) => {
      const r = rows.find((cells) => cells.includes(name));
      if (!r) throw new Error(`${name} is not in the export: ${JSON.stringify(rows)}`);
      return Object.fromEntries(head.map((h, i) => [h, r[i] ?? '']));
    };
    expect(rows).toHaveLength(2);
    expect(at(STORY)).toMatchObject({
      项目单位: ENTERPRISE.name,
      属地园区: PARK,
      改造类型: '智能化改造',
      备案代码: '2601-340100-07-02-000456',
      '计划总投资(万元)': '6800.5',
      '设备投资(万元)': '4200.25',
      '本年累计完成投资(万元)': '1200.5',
      '占年度计划(%)': '',
      是否申报奖补: '是',
      '奖补金额(万元)': '150',
      项目状态: '在建',
      入库状态: '已通过',
    });
    expect(at(GREEN)).toMatchObject({
      改造类型: '绿色化(节能降碳)改造',
      '计划总投资(万元)': '2000',
      '设备投资(万元)': '1500',
      '本年累计完成投资(万元)': '799.75',
      '占年度计划(%)': '49.98',
      是否申报奖补: '否',
    });
  });
});
