// The organisation screens through the real gateway and services: the administrator builds a
// department tree, a post, a business dictionary with an item, a menu with an icon and a top menu,
// and each list is kept as a screenshot under e2e/screenshots for a person to look at.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, screenshot, type Session } from './browser';
import { expectNotice, fill, formItem, pick, replyTo, row, settled, signIn, submit, toolbar } from './pages';
import { type Stack, startStack } from './stack';

describe('organisation screens', () => {
  let stack: Stack;
  let s: Session;

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
    await signIn(stack, s.page);
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('a department tree: a parent, a child added from its row, and a refused removal', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/dept/list`);
    await toolbar(page, /新\s*增/);
    await page.waitForURL(/\/system\/dept\/add$/);
    await submit(page, 'dept-form');
    await page.waitForSelector('text=请输入机构名称');
    await screenshot(page, 'org-01-dept-add-invalid');
    await fill(page, '机构名称', '经开区管委会');
    await fill(page, '机构全称', '经济技术开发区管理委员会');
    await pick(page, '机构类型', '公司');
    await pick(page, '职权类型', '管委会(综合统筹)');
    await submit(page, 'dept-form');
    await page.waitForURL(/\/system\/dept\/list$/);
    await row(page, '经开区管委会').getByRole('button', { name: '新增下级' }).click();
    await page.waitForURL(/\/system\/dept\/add\/\d+$/);
    await fill(page, '机构名称', '招商服务局');
    await pick(page, '机构类型', '部门');
    await pick(page, '职权类型', '行业主管部门');
    await screenshot(page, 'org-02-dept-add-child');
    await submit(page, 'dept-form');
    await page.waitForURL(/\/system\/dept\/list$/);
    await row(page, '招商服务局').waitFor();
    await settled(page);
    await screenshot(page, 'org-03-dept-list');

    await row(page, '经开区管委会').getByRole('button', { name: /删\s*除/ }).click();
    const refused = await replyTo(page, '/dept/remove', () =>
      page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect([refused.status, refused.body?.msg]).toEqual([400, '请先删除子节点!']);
    await expectNotice(page, '请先删除子节点!');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await screenshot(page, 'org-04-dept-delete-refused');
    expect(await row(page, '经开区管委会').count()).toBe(1);
  });

  test('a post', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/post/add`);
    await pick(page, '岗位类型', '中层');
    await fill(page, '岗位编号', 'zs-lead');
    await fill(page, '岗位名称', '招商科长');
    await fill(page, '备注', '负责招商项目的跟踪与调度');
    await submit(page, 'post-form');
    await page.waitForURL(/\/system\/post\/list$/);
    await row(page, '招商科长').waitFor();
    await settled(page);
    await screenshot(page, 'org-05-post-list');
    // add/:id starts from a copy of that post
    await row(page, '招商科长').getByRole('button', { name: /修\s*改/ }).click();
    await page.waitForURL(/\/system\/post\/edit\/\d+$/);
    const postId = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${stack.url}/system/post/add/${postId}`);
    await page.waitForSelector('text=以岗位「招商科长」为模板新增，请填写新的岗位编号');
    await screenshot(page, 'org-06a-post-copy');
    // the same code again is refused on the code field
    await page.goto(`${stack.url}/system/post/add`);
    await pick(page, '岗位类型', '基层');
    await fill(page, '岗位编号', 'zs-lead');
    await fill(page, '岗位名称', '招商专员');
    await submit(page, 'post-form');
    await formItem(page, '岗位编号').locator('.ant-form-item-explain-error').waitFor();
    await screenshot(page, 'org-06-post-code-taken');
  });

  test('a business dictionary with an item', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/dictbiz/add`);
    await fill(page, '字典编号', 'park_zone');
    await fill(page, '字典名称', '园区片区');
    await submit(page, 'dict-form');
    await page.waitForURL(/\/system\/dictbiz\/list$/);
    // the seeded dictionaries come first: a clerk finds the new one by its code
    await page.locator('.ant-pro-query-filter').getByLabel('字典编号').fill('park');
    await page.locator('.ant-pro-query-filter').getByRole('button', { name: /查\s*询/ }).click();
    await row(page, 'park_zone').waitFor();
    await settled(page);
    await screenshot(page, 'org-07-dictbiz-list');
    await row(page, 'park_zone').getByRole('button', { name: /字典配置/ }).click();
    await page.waitForURL(/\/system\/dictbiz\/sub\/\d+$/);
    await toolbar(page, /新\s*增/);
    await page.waitForURL(/\/system\/dictbiz\/add\/\d+$/);
    await fill(page, '字典键值', '1');
    await fill(page, '字典值', '东区');
    await screenshot(page, 'org-08-dictbiz-item-add');
    await submit(page, 'dict-form');
    await page.waitForURL(/\/system\/dictbiz\/sub\/\d+$/);
    await row(page, '东区').waitFor();
    await settled(page);
    await screenshot(page, 'org-09-dictbiz-items');
  });

  test('a menu with an icon from the picker', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/menu/list`);
    await row(page, '系统管理').first().getByRole('button', { name: '新增下级' }).click();
    await page.waitForURL(/\/system\/menu\/add\/\d+$/);
    await fill(page, '名称', '园区概况');
    await fill(page, '编号', 'park_overview');
    await fill(page, '路由地址', '/system/park');
    await page.getByRole('button', { name: /选择图标/ }).click();
    await page.waitForSelector('[data-testid=icon-grid]');
    await page.locator('[data-testid=icon-grid] input[type=search]').fill('bank');
    await screenshot(page, 'org-10-icon-picker');
    await page.click('[data-testid=icon-grid] [data-icon-name=bank]');
    await submit(page, 'menu-form');
    await page.waitForURL(/\/system\/menu\/list$/);
    await row(page, 'park_overview').waitFor();
    await settled(page);
    await screenshot(page, 'org-11-menu-list');
  });

  test('a top menu grouping the system menus, switched to from the header', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/topmenu/add`);
    await fill(page, '名称', '系统设置');
    await fill(page, '编号', 'settings');
    await fill(page, '图标', 'setting');
    await submit(page, 'topmenu-form');
    await page.waitForURL(/\/system\/topmenu\/list$/);
    await row(page, 'settings').locator('input[type=checkbox]').check();
    await toolbar(page, /配\s*置/);
    const dialog = page.locator('.ant-modal').filter({ hasText: '菜单配置' });
    await dialog.locator('[data-testid=topmenu-grant-tree]').waitFor();
    await dialog.locator('.ant-tree-treenode').filter({ hasText: '系统管理' }).first().locator('.ant-tree-checkbox').click();
    await dialog.locator('.ant-tree-treenode-checkbox-checked').filter({ hasText: '系统管理' }).first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'org-12-topmenu-setting');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectNotice(page, '操作成功');
    await settled(page);
    await screenshot(page, 'org-13-topmenu-list');

    const bar = page.locator('[data-testid=top-menu]');
    await bar.getByText('系统设置').click();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('sword-routes') ?? '[]').length === 1);
    await settled(page);
    await screenshot(page, 'org-14-header-top-menu');
    const header = await page.textContent('header.ant-pro-layout-header');
    expect(header).toContain('系统管理');
    expect(header).not.toContain('产值管理');
    await bar.getByText('全部').click();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('sword-routes') ?? '[]').length > 1);
  });
});
