// 项目入库 in the browser (issue 15, first part), through the real gateway and services: a zone set up
// through the API (its 管委会 top department, a park, a park clerk holding 项目入库 with its filing
// buttons, a committee reviewer holding view/approve/return), then a project's way into the library as
// the two people see it: the clerk opens the screen from the menu, adds the project in the drawer (typed
// texts, dictionary picks, a date, money typed with decimals), saves it as a draft and submits it; the
// committee member sees it 待审核 and returns it (the opinion dialog refuses an empty opinion); the clerk
// sees 已退回 with the opinion, changes the total and resubmits; the committee member reads the history
// in the view drawer and approves; the project leaves the list and is numbered XM<year>-0001. Then the
// list and the drawers in English. Screenshots: e2e/screenshots/investment-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import {
  api,
  CJK,
  columnAlignment,
  columnTitles,
  compact,
  createAccountByApi,
  createEnterpriseByApi,
  createRoleByApi,
  createTenantByApi,
  type Credentials,
  cutLabels,
  DRAWER,
  dialog,
  fill,
  formItem,
  openFromMenu,
  pick,
  recordCalls,
  replyTo,
  row,
  scrollToSection,
  settled,
  signIn,
  tableOverflow,
  tallHeaders,
  texts,
  typeDay,
  typeFigure,
  untranslatedKeys,
  useLocale,
} from './pages';
import { type Stack, startStack } from './stack';

const ZONE = '南湖经开区';
const ZONE_PASSWORD = 'Nanhu#2026';
const PARK = '南湖园区';
const SCREEN = ['投资管理', '项目管理', '项目入库'];
const PATH = '/investment/projectManagement/projectWarehousing';
const CLERK = { account: 'nanhu.clerk', realName: '周立新', password: 'Clerk#2026' };
const COMMITTEE = { account: 'gwh.review', realName: '陈审核', password: 'Review#2026' };
const ENTERPRISE = { name: '合肥南湖精工机械有限公司', short: '南湖精工' };

/** The project the story follows, and what the committee says about it. */
const STORY = '年产20万套新能源汽车电机项目';
const OPINION = '计划总投资与备案金额不一致，请核实后重新提交';

/** Other projects of the park, set up through the API so that the list shows every status. */
const DRAFT = '南湖园区标准化厂房二期';
const PENDING = '智能传感器封测基地';
const RETURNED = '南湖污水处理厂提标改造';
const RETURNED_OPINION = '请补充环评批复文号';

/** A project complete enough to be submitted: 招商引资, 已签约 (with its signing). */
function project(name: string, deptId: string, totalInvestment: string, projectType = '01') {
  return {
    projectName: name,
    ownerName: '南湖新材料科技有限公司',
    projectSource: '1',
    deptId,
    projectType,
    projectStatus: '30',
    constructionNature: '1',
    industryCode: 'C38',
    projectLevel: '5',
    isKeyProject: 'N',
    address: '南湖路 88 号',
    constructionContent: '新建标准化厂房 3.6 万平方米',
    totalInvestment,
    signDate: '2026-03-18',
    contractAmount: totalInvestment,
    plannedStartDate: '2026-06-01',
    plannedCompletionDate: '2027-12-31',
    ownerContact: '李经理',
    ownerPhone: '0551-67890000',
  };
}

/** The status tag a row shows. */
const tagOf = (page: Page, name: string) => row(page, name).locator('.ant-tag').first();

/** The links of a row, as a person reads them. */
const rowButtons = async (page: Page, name: string) => compact(await row(page, name).getByRole('button').allTextContents());

describe('项目入库: a park clerk files a project, the committee reviews it', () => {
  let stack: Stack;
  let s: Session;
  let clerkContext: BrowserContext;
  let committeeContext: BrowserContext;
  let clerk: Page;
  let committee: Page;
  let tenantId: string;
  let parkId: string;
  let storyId: string;
  /** The review steps the committee's page sent (a refused dialog sends none). */
  let reviewCalls: string[];

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    const admin = s.page;
    await signIn(stack, admin);
    tenantId = await createTenantByApi(admin, { name: ZONE, adminPassword: ZONE_PASSWORD });
    await admin.evaluate(() => localStorage.clear());
    await signIn(stack, admin, { tenantId, account: 'admin', password: ZONE_PASSWORD });

    // The zone's top department is its 管委会; the park is a 属地 department under it.
    const [top] = await api<{ id: string; powerType?: number }[]>(admin, 'keeper-system/dept/commonList');
    expect(top.powerType).toBe(1);
    ({ id: parkId } = await api<{ id: string }>(admin, 'keeper-system/dept/submit', {
      json: { parentId: top.id, deptName: PARK, fullName: `${ZONE}${PARK}`, deptCategory: 2, powerType: 2, sort: 1, remark: '' },
    }));
    await createEnterpriseByApi(admin, { ...ENTERPRISE, deptId: parkId, first17: '91340100MA2NH8K01', address: '合肥市南湖路 1 号' });
    const clerkRole = await createRoleByApi(admin, { name: '园区填报员', alias: 'park_clerk' }, SCREEN, ['新增', '修改', '查看', '删除', '提交', '导出']);
    const committeeRole = await createRoleByApi(admin, { name: '管委会审核员', alias: 'committee_reviewer' }, SCREEN, ['查看', '审核', '退回']);
    await createAccountByApi(admin, { ...CLERK, roleId: clerkRole, deptId: parkId });
    await createAccountByApi(admin, { ...COMMITTEE, roleId: committeeRole, deptId: top.id });

    // Each person in a browser of their own, signed in through the login form.
    clerkContext = await newContext(s.browser);
    clerk = await clerkContext.newPage();
    await signIn(stack, clerk, { tenantId, ...CLERK } satisfies Credentials);
    committeeContext = await newContext(s.browser);
    committee = await committeeContext.newPage();
    await signIn(stack, committee, { tenantId, ...COMMITTEE } satisfies Credentials);

    // The park's other projects: a draft, one waiting for review, one returned.
    const file = (name: string, total: string, type?: string) =>
      api<{ id: string }>(clerk, 'project/submit', { json: project(name, parkId, total, type) }).then((r) => r.id);
    const step = (page: Page, id: string, step: string, opinion = '') => api(page, 'project/review', { json: { ids: [id], step, opinion } });
    await file(DRAFT, '8000');
    await step(clerk, await file(PENDING, '126000.25'), 'submit');
    const returned = await file(RETURNED, '980.5', '05');
    await step(clerk, returned, 'submit');
    await step(committee, returned, 'return', RETURNED_OPINION);
    reviewCalls = recordCalls(committee, '/api/project/review');
  });

  afterAll(async () => {
    await clerkContext?.close();
    await committeeContext?.close();
    await s?.close();
    await stack?.stop();
  });

  test('the clerk finds 项目入库 in the menu: the park’s projects in every status, figures aligned', async () => {
    const page = clerk;
    await openFromMenu(page, SCREEN, PATH);
    await row(page, RETURNED).waitFor();
    expect(await tagOf(page, DRAFT).textContent()).toBe('草稿');
    expect(await tagOf(page, PENDING).textContent()).toBe('待审核');
    expect(await tagOf(page, RETURNED).textContent()).toBe('已退回');
    expect(await row(page, RETURNED).textContent()).toContain(RETURNED_OPINION);
    expect(await row(page, PENDING).textContent()).toContain('126,000.25');
    expect(await row(page, RETURNED).textContent()).toContain('980.50');
    // what the clerk may do with each
    expect(await rowButtons(page, DRAFT)).toEqual(['修改', '删除', '查看', '提交']);
    expect(await rowButtons(page, PENDING)).toEqual(['查看', '撤回']);
    expect(await rowButtons(page, RETURNED)).toEqual(['修改', '查看', '重新提交']);
    expect(compact(await page.locator('.ant-pro-table-list-toolbar button').allTextContents())).toEqual(
      expect.arrayContaining(['新增', '导出']),
    );
    const money = await columnAlignment(page, '计划总投资(万元)');
    expect(money?.head).toBe('right');
    expect(money?.cells).toEqual(['right', 'right', 'right']);
    // the review's columns are all in view at 1440 px: nothing to scroll sideways for
    expect(await columnTitles(page)).toEqual(['项目名称', '项目单位', '属地园区', '计划总投资(万元)', '入库状态', '审核意见', '操作']);
    expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
    expect(await tallHeaders(page)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'investment-01-list-zh');
  });

  test('the clerk adds a project in the drawer and saves it as a draft', async () => {
    const page = clerk;
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '新增项目' }).waitFor();
    // the drawer's 提交 saves; the list's 提交 sends for review: the hint says which is which
    expect(await drawer.textContent()).toContain('点“提交”先保存为草稿（只需项目名称、项目类型和属地园区）');

    await fill(drawer, '项目名称', STORY);
    await pick(drawer, '项目类型', '工业项目(新建/扩建)');
    await pick(drawer, '项目单位', `${ENTERPRISE.name}（${ENTERPRISE.short}）`);
    // the park comes with the enterprise
    await expect.poll(async () => (await formItem(drawer, '属地园区').textContent()) ?? '').toContain(PARK);
    await pick(drawer, '项目状态', '已签约');
    await pick(drawer, '项目来源', '招商引资');
    await pick(drawer, '建设性质', '新建');
    await pick(drawer, '所属行业', '制造业');
    await pick(drawer, '项目级别', '市重点');
    await fill(drawer, '建设地点', '南湖路与锦绣大道交口东北角');
    await fill(drawer, '建设规模及内容', '新建电机生产车间及配套用房 4.2 万平方米，购置绕线、装配、检测设备 260 台(套)');
    await typeFigure(drawer, '计划总投资', '52000.5');
    await typeFigure(drawer, '其中固定资产投资', '48000.25');
    await typeFigure(drawer, '其中设备投资', '21000');
    await typeDay(drawer, '签约日期', '2026-03-18');
    await typeFigure(drawer, '签约投资额', '52000');
    await fill(drawer, '项目单位联系人', '李经理');
    await fill(drawer, '联系人电话', '0551-67890000');
    // the figures keep their decimals and units as typed
    expect(await formItem(drawer, '计划总投资').locator('input').inputValue()).toBe('52000.5');
    expect(await formItem(drawer, '其中设备投资').locator('input').inputValue()).toBe('21000');
    expect(await formItem(drawer, '计划总投资').textContent()).toContain('万元');

    expect(await cutLabels(drawer)).toEqual([]);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await drawer.locator('.ant-drawer-body').evaluate((b) => b.scrollTo(0, 0));
    await screenshot(page, 'investment-02-add-drawer-top');
    await scrollToSection(drawer, '投资与规模');
    await screenshot(page, 'investment-03-add-drawer-investment');

    const saved = await replyTo(page, '/project/submit', () => drawer.getByTestId('project-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    storyId = saved.body.data.id;
    await page.locator(DRAWER).waitFor({ state: 'detached' });
    await row(page, STORY).waitFor();
    expect(await tagOf(page, STORY).textContent()).toBe('草稿');
    const text = (await row(page, STORY).textContent()) ?? '';
    for (const shown of [ENTERPRISE.name, PARK, '52,000.50']) expect(text).toContain(shown);
  });

  test('the clerk submits the draft for review', async () => {
    const page = clerk;
    await row(page, STORY).getByRole('button', { name: /^提\s*交$/ }).click();
    const confirm = dialog(page, '提交');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('将对选中的 1 条数据执行“提交”。');
    const sent = await replyTo(page, '/project/review', () => confirm.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(() => tagOf(page, STORY).textContent()).toBe('待审核');
    expect(await rowButtons(page, STORY)).toEqual(['查看', '撤回']);
  });

  test('the committee member sees it 待审核 and returns it, not without an opinion', async () => {
    const page = committee;
    await openFromMenu(page, SCREEN, PATH);
    await row(page, STORY).waitFor();
    expect(await tagOf(page, STORY).textContent()).toBe('待审核');
    expect(await rowButtons(page, STORY)).toEqual(['查看', '审核通过', '退回']);
    // a draft is the clerk's own business; a returned project waits for the clerk
    expect(await rowButtons(page, DRAFT)).toEqual(['查看']);
    expect(await rowButtons(page, RETURNED)).toEqual(['查看']);

    await row(page, STORY).getByRole('button', { name: /^退\s*回$/ }).click();
    const back = dialog(page, '退回');
    await back.waitFor();
    await back.getByRole('button', { name: /确\s*定/ }).click();
    await back.getByText('退回须填写审核意见').waitFor();
    await fill(back, '审核意见', '   ');
    await back.getByRole('button', { name: /确\s*定/ }).click();
    await back.getByText('退回须填写审核意见').waitFor();
    expect(reviewCalls).toEqual([]);
    await settled(page);
    await screenshot(page, 'investment-04-return-dialog-refused');

    await fill(back, '审核意见', OPINION);
    await page.waitForTimeout(200);
    await screenshot(page, 'investment-05-return-dialog');
    const sent = await replyTo(page, '/project/review', () => back.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    expect(JSON.parse(reviewCalls[0])).toEqual({ ids: [storyId], step: 'return', opinion: OPINION });
    await back.waitFor({ state: 'detached' });
    await expect.poll(() => tagOf(page, STORY).textContent()).toBe('已退回');
    expect(await row(page, STORY).textContent()).toContain(OPINION);
  });

  test('the clerk sees 已退回 with the opinion, corrects the total and resubmits', async () => {
    const page = clerk;
    await page.reload();
    await row(page, STORY).waitFor();
    expect(await tagOf(page, STORY).textContent()).toBe('已退回');
    expect(await row(page, STORY).textContent()).toContain(OPINION);
    // the opinion column is narrow: the whole opinion is in the cell's title
    expect(await row(page, STORY).locator(`[title="${OPINION}"]`).count()).toBe(1);
    await settled(page);
    await screenshot(page, 'investment-06-list-returned-zh');

    await row(page, STORY).getByRole('button', { name: /^修\s*改$/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '修改项目' }).waitFor();
    await drawer.getByText(`该项目已被退回，审核意见：${OPINION}。修改后点“提交”保存，再在列表中点“重新提交”送审。`).waitFor();
    // not a draft: the draft's hint would be one too many
    expect(await drawer.textContent()).not.toContain('先保存为草稿');
    const total = formItem(drawer, '计划总投资').locator('input');
    await expect.poll(() => total.inputValue()).toBe('52000.5');
    await typeFigure(drawer, '计划总投资', '52800.75');
    await settled(page);
    await drawer.locator('.ant-drawer-body').evaluate((b) => b.scrollTo(0, 0));
    await screenshot(page, 'investment-07-edit-drawer-returned');
    const saved = await replyTo(page, '/project/submit', () => drawer.getByTestId('project-submit').click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.locator(DRAWER).waitFor({ state: 'detached' });
    await expect.poll(async () => (await row(page, STORY).textContent()) ?? '').toContain('52,800.75');
    // changed, it is still returned until it goes back to the committee
    expect(await tagOf(page, STORY).textContent()).toBe('已退回');

    await row(page, STORY).getByRole('button', { name: /^重新提交$/ }).click();
    const again = dialog(page, '重新提交');
    await again.waitFor();
    const sent = await replyTo(page, '/project/review', () => again.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await expect.poll(() => tagOf(page, STORY).textContent()).toBe('待审核');
  });

  test('the committee member reads the history in the view drawer and approves', async () => {
    const page = committee;
    await page.reload();
    await row(page, STORY).waitFor();
    await expect.poll(() => tagOf(page, STORY).textContent()).toBe('待审核');
    await row(page, STORY).getByRole('button', { name: /^查\s*看$/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.locator('.ant-drawer-title', { hasText: '项目详情' }).waitFor();
    const review = drawer.getByTestId('project-review');
    await review.getByText('重新提交', { exact: true }).waitFor();
    const history = (await review.locator('.ant-timeline-item').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    expect(history).toHaveLength(3);
    expect(history[0]).toContain('提交');
    expect(history[0]).toContain('草稿 → 待审核');
    expect(history[1]).toContain('退回');
    expect(history[1]).toContain('待审核 → 已退回');
    expect(history[1]).toContain(`意见：${OPINION}`);
    expect(history[1]).toContain(COMMITTEE.realName);
    expect(history[2]).toContain('已退回 → 待审核');
    expect(history[2]).toContain(CLERK.realName);
    // what the committee reads before deciding
    expect(await formItem(drawer, '计划总投资').textContent()).toContain('52,800.75 万元');
    expect(await formItem(drawer, '其中固定资产投资').textContent()).toContain('48,000.25 万元');
    expect(await formItem(drawer, '签约日期').textContent()).toContain('2026-03-18');
    expect(await formItem(drawer, '入库状态').textContent()).toContain('待审核');
    // waiting again, the opinion shown is the one it came back with
    expect(await formItem(drawer, '上次审核意见').textContent()).toContain(OPINION);
    // no number, entry day or statistics before it enters the library
    for (const none of ['项目编号', '入库日期', '纳统时间', '当前节点']) expect(await formItem(drawer, none).count()).toBe(0);
    // the steps are at the top, where the reviewer opens the drawer
    const actions = drawer.getByTestId('project-review-actions');
    expect(compact(await actions.getByRole('button').allTextContents())).toEqual(['审核通过', '退回']);
    const box = await actions.getByRole('button', { name: '审核通过' }).boundingBox();
    expect(box && box.y + box.height).toBeLessThan(900);
    expect(await untranslatedKeys(page)).toEqual([]);
    await settled(page);
    await screenshot(page, 'investment-08-view-drawer-top');
    await scrollToSection(drawer, '审核记录');
    await screenshot(page, 'investment-09-view-drawer-history');

    await actions.getByRole('button', { name: '审核通过' }).click();
    const approve = dialog(page, '审核通过');
    await approve.waitFor();
    await fill(approve, '审核意见', '同意入库');
    const sent = await replyTo(page, '/project/review', () => approve.getByRole('button', { name: /确\s*定/ }).click());
    expect(sent.status).toBe(200);
    await page.locator(DRAWER).waitFor({ state: 'detached' });
    await row(page, STORY).waitFor({ state: 'detached' });
    await row(page, PENDING).waitFor();
  });

  test('approved, the project leaves 项目入库 and carries its number', async () => {
    const page = clerk;
    await page.reload();
    await row(page, PENDING).waitFor();
    expect(await row(page, STORY).count()).toBe(0);
    const year = new Date().getFullYear();
    const approved = await api<{ projectNo: string; libraryStatus: string; isTracked: string; totalInvestment: string }>(page, 'project/detail', {
      query: { id: storyId },
    });
    expect(approved).toMatchObject({ projectNo: `XM${year}-0001`, libraryStatus: '2', isTracked: 'Y', totalInvestment: '52800.75' });
  });

  test('in English: the list and the drawers', async () => {
    const page = clerk;
    await useLocale(page, 'en-US');
    try {
      await page.goto(`${stack.url}${PATH}`);
      await row(page, RETURNED).waitFor();
      await page.locator('.ant-table-thead th', { hasText: 'Project name' }).waitFor();
      expect(await columnTitles(page)).toEqual(['Project name', 'Project unit', 'Park', 'Investment (10k CNY)', 'Intake status', 'Review opinion', 'Actions']);
      expect(compact(await page.locator('.ant-pro-table-list-toolbar button').allTextContents()).filter((t) => CJK.test(t))).toEqual([]);
      expect(await rowButtons(page, RETURNED)).toEqual(['Edit', 'View', 'Resubmit']);
      expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      expect(await tallHeaders(page)).toEqual([]);
      expect((await columnAlignment(page, 'Investment (10k CNY)'))?.cells).toEqual(['right', 'right', 'right']);
      expect(await untranslatedKeys(page)).toEqual([]);
      await settled(page);
      await screenshot(page, 'investment-10-list-en');

      await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: 'Add' }).click();
      const drawer = page.locator(DRAWER);
      await drawer.locator('.ant-drawer-title', { hasText: 'New project' }).waitFor();
      const labels = await texts(page, `${DRAWER} .ant-form-item-label label`);
      expect(labels).toContain('Planned total investment');
      expect(labels.filter((l) => CJK.test(l))).toEqual([]);
      expect(await drawer.textContent()).toContain('Submit here saves a draft');
      expect(await cutLabels(drawer)).toEqual([]);
      expect(await untranslatedKeys(page)).toEqual([]);
      await settled(page);
      await screenshot(page, 'investment-11-add-drawer-en');
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await page.locator(DRAWER).waitFor({ state: 'detached' });

      await row(page, RETURNED).getByRole('button', { name: 'View' }).click();
      await drawer.locator('.ant-drawer-title', { hasText: 'Project details' }).waitFor();
      const review = drawer.getByTestId('project-review');
      await review.getByText(`Opinion: ${RETURNED_OPINION}`).waitFor();
      expect(compact(await drawer.getByTestId('project-review-actions').getByRole('button').allTextContents())).toEqual(['Resubmit']);
      expect((await texts(page, `${DRAWER} .ant-form-item-label label`)).filter((l) => CJK.test(l))).toEqual([]);
      expect(await untranslatedKeys(page)).toEqual([]);
      await settled(page);
      await screenshot(page, 'investment-12-view-drawer-en');
      await scrollToSection(drawer, 'Review history');
      await screenshot(page, 'investment-13-view-drawer-history-en');
      expect(await review.locator('.ant-timeline-item').count()).toBe(2);
    } finally {
      await useLocale(page, 'zh-CN');
    }
  });

  // The tenant's report_status dictionary is Chinese: an English page labels the workflow's statuses
  // from the locale.
  test('in English the review statuses read in English too', async () => {
    const page = clerk;
    await useLocale(page, 'en-US');
    try {
      await page.goto(`${stack.url}${PATH}`);
      await page.locator('.ant-table-thead th', { hasText: 'Project name' }).waitFor();
      await row(page, RETURNED).waitFor();
      expect([await tagOf(page, DRAFT).textContent(), await tagOf(page, PENDING).textContent(), await tagOf(page, RETURNED).textContent()]).toEqual([
        'Draft',
        'Under review',
        'Returned',
      ]);
    } finally {
      await useLocale(page, 'zh-CN');
    }
  });
});
