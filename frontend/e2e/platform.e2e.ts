// The platform administrator's screens through the real gateway and services: a tenant is created on
// the tenant page and licensed, registration is opened on the parameter page, a client and a scope
// rule are looked at, someone registers into the new tenant, and the new tenant's administrator signs
// in through the login page, registers an enterprise, exports it and sees the import report of a
// file that repeats it. Screenshots go to e2e/screenshots/platform-*.png.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newContext, openBrowser, screenshot, type Session } from './browser';
import { createTenant, DRAWER, expectNotice, pick, replyTo, PLATFORM_ADMIN, rowAction, settled, signIn } from './pages';
import { type Stack, startStack } from './stack';

const TENANT_PASSWORD = 'Nanhu#2026';

/** A valid unified social credit code (GB 32100 check character) from 17 characters. */
function creditCode(base17: string): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...base17].reduce((s, c, i) => s + alphabet.indexOf(c) * weights[i], 0);
  return base17 + alphabet[(31 - (sum % 31)) % 31];
}


describe('platform administration', () => {
  let stack: Stack;
  let s: Session;
  let tenantCode = '';
  const code = creditCode('91340100MA2NH8K7X');

  beforeAll(async () => {
    stack = await startStack();
    s = await openBrowser();
  });

  afterAll(async () => {
    await s?.close();
    await stack?.stop();
  });

  test('the platform administrator creates a tenant and licenses it', async () => {
    const { page } = s;
    await signIn(stack, page, PLATFORM_ADMIN);
    tenantCode = await createTenant(
      stack,
      page,
      { name: '南湖经开区', linkman: '李科长', phone: '0551-63350000', address: '合肥市南湖路 1 号', adminPassword: TENANT_PASSWORD },
      (name) => screenshot(page, `platform-${name}`),
    );

    const row = page.locator('tr', { hasText: '南湖经开区' });
    await row.waitFor();
    expect(await row.textContent()).toContain(tenantCode);
    expect(await row.textContent()).toContain('已用 1 / 100');
    await row.locator('input[type=checkbox]').check();
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /配\s*置/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('限定数量').check();
    await dialog.getByRole('spinbutton').fill('200');
    await settled(page);
    await screenshot(page, 'platform-04-tenant-licence');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForSelector('tr:has-text("南湖经开区") >> text=已用 1 / 200');

    await row.getByRole('button', { name: /查\s*看/ }).click();
    await page.waitForSelector('[data-testid=tenant-licence] >> text=已用 1 / 200');
    await screenshot(page, 'platform-05-tenant-view');
  });

  test('the platform deletes nothing of its own tenant', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/tenant/list`);
    const platform = page.locator('tr', { hasText: '000000' });
    await platform.getByRole('button', { name: /删\s*除/ }).click();
    const reply = await replyTo(page, '/tenant/remove', () =>
      page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click(),
    );
    expect([reply.status, reply.body?.msg]).toEqual([400, '不可删除管理租户!']);
    await expectNotice(page, '不可删除管理租户!');
    await page.reload();
    await page.locator('tr', { hasText: '000000' }).waitFor();
  });

  test('registration is opened on the parameter page', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/param`);
    const row = page.locator('tr', { hasText: 'account.registerUser' });
    await row.waitFor();
    await screenshot(page, 'platform-06-param-list');
    await row.getByRole('button', { name: /修\s*改/ }).click();
    await page.waitForURL(/\/system\/param\/edit\//);
    const value = page.getByLabel('参数键值');
    await expect.poll(() => value.inputValue()).toBe('false');
    await value.fill('true');
    await screenshot(page, 'platform-07-param-edit');
    await page.click('form#param-form button[type=submit]');
    await page.waitForURL(/\/system\/param\/list$/);
    await page.waitForSelector('tr:has-text("account.registerUser") >> td:text-is("true")');
  });

  test('a client is added with a generated secret that is never shown again', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/client`);
    await page.waitForSelector('td >> text=sword');
    await screenshot(page, 'platform-08-client-list');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByLabel('客户端ID').fill('bigscreen');
    await page.getByRole('button', { name: '随机生成' }).click();
    await page.getByLabel('访问令牌有效期').fill('7200');
    await page.waitForSelector('text== 2 小时');
    await screenshot(page, 'platform-09-client-add');
    await page.click('form#client-form button[type=submit]');
    const row = page.locator('tr', { hasText: 'bigscreen' });
    await row.waitFor();
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await page.waitForSelector('text=已加密保存，不可查看');
    await screenshot(page, 'platform-10-client-view');
  });

  test('data and API scope rules sit under their menus', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/authority/datascope`);
    await page.waitForSelector('.ant-tree-title >> text=企业管理');
    await page.locator('.ant-tree-title', { hasText: /^企业管理$/ }).click();
    await page.waitForSelector('text=“企业管理”的规则');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('权限名称').fill('企业-本机构及下级可见');
    await dialog.getByLabel('权限编号').fill('enterprise');
    await pick(dialog, '规则类型', '自定义');
    await pick(dialog, '可见机构', '平台管理');
    await settled(page);
    await screenshot(page, 'platform-11-datascope-add');
    await pick(dialog, '规则类型', '所在机构及子级可见');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForSelector('td >> text=企业-本机构及下级可见');
    await settled(page);
    await screenshot(page, 'platform-12-datascope');
    await page.goto(`${stack.url}/authority/apiscope`);
    await page.waitForSelector('text=全部规则');
    await settled(page);
    await screenshot(page, 'platform-13-apiscope');
  });

  test('someone registers into the new tenant and waits for approval', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/user/register`);
    await page.getByLabel('租户编号').fill('999999');
    await page.getByLabel('账号').fill('li.ming');
    await page.getByLabel('姓名', { exact: true }).fill('李明');
    await page.getByLabel('密码', { exact: true }).fill('Park#2026');
    await page.getByLabel('确认密码').fill('Park#2026');
    await page.getByLabel('手机号码').fill('13800000002');
    await page.click('form#register button[type=submit]');
    await page.waitForSelector('.ant-form-item-explain-error >> text=租户不存在');
    await screenshot(page, 'platform-14-register-refused');
    await page.getByLabel('租户编号').fill(tenantCode);
    await page.click('form#register button[type=submit]');
    await page.waitForURL(/\/user\/register-result/);
    await page.waitForSelector(`text=账号 li.ming 已提交到租户 ${tenantCode}`);
    await screenshot(page, 'platform-15-register-result');
  });

  test("the new tenant's administrator signs in, registers an enterprise and exports it", async () => {
    const { page } = s;
    await page.evaluate(() => localStorage.clear());
    await signIn(stack, page, { tenantId: tenantCode, account: 'admin', password: TENANT_PASSWORD });
    await page.goto(`${stack.url}/system/enterprise`);
    await page.waitForSelector('.ant-tree-title >> text=南湖经开区');
    await screenshot(page, 'platform-16-enterprise-empty');

    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator(DRAWER);
    await drawer.getByLabel('企业名称').fill('合肥南湖精密制造有限公司');
    await drawer.getByLabel('企业简称').fill('南湖精密');
    await drawer.getByLabel('统一社会信用代码').fill(code);
    await pick(drawer, '企业类型', '私营有限责任公司');
    await pick(drawer, '所属行业', '制造业');
    await pick(drawer, '属地园区', '南湖经开区');
    await pick(drawer, '经营状态', '正常生产');
    await pick(drawer, '统计类别', '非四上');
    await drawer.getByLabel('联系人').fill('周会计');
    await drawer.getByLabel('联系电话').fill('0551-63350001');
    await settled(page);
    await screenshot(page, 'platform-17-enterprise-add');
    await drawer.getByTestId('enterprise-submit').click();
    const row = page.locator('tr', { hasText: '合肥南湖精密制造有限公司' });
    await row.waitFor();
    expect(await row.textContent()).toContain(code);
    await screenshot(page, 'platform-18-enterprise-list');

    await row.getByRole('button', { name: /查\s*看/ }).click();
    await page.waitForSelector(`${DRAWER} >> text=私营有限责任公司`);
    await settled(page);
    await screenshot(page, 'platform-19-enterprise-view');
    await page.locator(DRAWER).getByRole('button', { name: /返\s*回/ }).click();

    const downloading = page.waitForEvent('download');
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('企业数据.xlsx');
    const file = join(tmpdir(), `keeper-e2e-export-${Date.now()}.xlsx`);
    await download.saveAs(file);
    // an xlsx is a zip: PK
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

    // The exported file imported again without "update": every row is a repeat, listed by row.
    await page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    const report = page.getByTestId('enterprise-import-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('第 2 行');
    await settled(page);
    await screenshot(page, 'platform-20-enterprise-import-report');
  });

  test('the administrator approves the registration and the newcomer signs in', async () => {
    const { page } = s;
    await page.goto(`${stack.url}/system/user/list`);
    const waiting = page.locator('tr.ant-table-row', { hasText: 'li.ming' });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('待审核');
    await rowAction(page, 'li.ming', '审核');
    const dialog = page.locator('.ant-modal').filter({ hasText: '注册审核' });
    await dialog.waitFor();
    await pick(dialog, '授予角色', '管理员');
    await page.keyboard.press('Escape');
    await settled(page);
    await screenshot(page, 'platform-21-registration-review');
    await dialog.getByRole('button', { name: /通\s*过/ }).click();
    await expectNotice(page, '操作成功');
    await page.waitForSelector('tr.ant-table-row:has-text("li.ming") >> text=正常');

    const context = await newContext(s.browser);
    try {
      const newcomer = await context.newPage();
      await signIn(stack, newcomer, { tenantId: tenantCode, account: 'li.ming', password: 'Park#2026' });
      await newcomer.waitForSelector('text=欢迎，李明');
    } finally {
      await context.close();
    }
  });
});
