// The tenant screens in the whole app against a fake back end: the list (quota, expiry, status switch,
// licence dialog, the server's refusal to delete the platform tenant) and the add / edit / view forms
// (validation, the md5 administrator password, the new tenant code, server field errors).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, form, last, menuButton, roleIn, toolbarButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons } from '../../../../tests/fixtures';
import { toLicence } from './components/LicenceModal';
import { toSubmit } from './components/TenantForm';

const tenant = (over: Record<string, unknown>) => ({
  id: '1',
  tenantId: '000000',
  tenantName: '平台管理',
  domain: '',
  backgroundUrl: '',
  linkman: '平台',
  contactNumber: '',
  address: '',
  accountNumber: -1,
  accountCount: 3,
  expireTime: '',
  expired: false,
  status: 1,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  ...over,
});
const PLATFORM = tenant({});
const EAST = tenant({
  id: '2',
  tenantId: '482913',
  tenantName: '东区经开区',
  linkman: '王主任',
  contactNumber: '0551-1234567',
  domain: 'https://east.example.com',
  accountNumber: 50,
  accountCount: 12,
  expireTime: '2030-01-01 00:00:00',
});
const WEST = tenant({ id: '3', tenantId: '771204', tenantName: '西区园区', accountNumber: 5, accountCount: 5, expireTime: '2025-01-01 00:00:00', expired: true, status: 2 });

const BUTTONS = [...crudButtons('tenant'), menuButton('tenant', 'setting', 1, '/api/keeper-system/tenant/setting', 5)];

function tenantBackend(over: Parameters<typeof backend>[0] = {}, buttons = BUTTONS) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok([menu('system', '系统管理', '/system', 99, [menu('tenant', '租户管理', '/system/tenant', 9)])]),
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'tenant', parentId: 'system', code: 'tenant', name: '租户管理', alias: 'menu', path: '/system/tenant', children: buttons }]),
    '/api/keeper-system/tenant/list': () => ok({ records: [PLATFORM, EAST, WEST], total: 3, size: 10, current: 1, pages: 1 }),
    '/api/keeper-system/tenant/detail': () => ok(EAST),
    ...over,
  });
}

/** The table row with a cell showing exactly `text`. */
const rowOf = (text: string) =>
  waitFor(
    () => {
      const row = Array.from(document.querySelectorAll<HTMLElement>('tbody tr')).find((tr) =>
        Array.from(tr.querySelectorAll('td')).some((td) => td.textContent === text),
      );
      if (!row) throw new Error(`no row showing ${text}`);
      return row;
    },
    { timeout: 10_000 },
  );

describe('tenant list', () => {
  it('shows each tenant with its accounts against the quota, its expiry and its status', async () => {
    signIn();
    const { calls } = tenantBackend();
    await renderApp('/system/tenant/list');
    const platform = await rowOf('平台管理');
    expect(platform.textContent).toContain('已用 3 / 不限');
    expect(platform.textContent).toContain('永不过期');
    // the platform tenant cannot be disabled: a status label, no switch
    expect(platform.querySelector('.ant-switch')).toBeNull();
    const east = await rowOf('东区经开区');
    for (const text of ['482913', '王主任', '已用 12 / 50', '2030-01-01 00:00:00']) expect(east.textContent).toContain(text);
    const west = await rowOf('西区园区');
    expect(west.textContent).toContain('已过期');
    expect(roleIn(west, 'switch').getAttribute('aria-checked')).toBe('false');
    expect(buttonsIn(east)).toEqual(['修改', '删除', '查看']);
    expect(last(calls, '/api/keeper-system/tenant/list')!.url).toContain('current=1&size=10');
  });

  it('disables a tenant after asking, and says what it does to its people', async () => {
    signIn();
    const { calls } = tenantBackend({ '/api/keeper-system/tenant/enable': () => ok({ count: 1 }) });
    await renderApp('/system/tenant/list');
    const east = await rowOf('东区经开区');
    await act(async () => {
      fireEvent.click(roleIn(east, 'switch'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定停用租户 东区经开区（482913） 吗？停用后该租户的所有账号会立即下线');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/tenant/enable')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-system/tenant/enable')!)).toEqual({ ids: '2', status: '2' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('sets the licence of the ticked tenants: a quota and no expiry', async () => {
    signIn();
    const { calls } = tenantBackend({ '/api/keeper-system/tenant/setting': () => ok({ count: 2 }) });
    await renderApp('/system/tenant/list');
    for (const name of ['东区经开区', '西区园区']) {
      const row = await rowOf(name);
      await act(async () => {
        fireEvent.click(row.querySelector('input[type="checkbox"]')!);
      });
    }
    await act(async () => {
      fireEvent.click(toolbarButton('配置'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('东区经开区（482913）、西区园区（771204）');
    // several tenants: starts from "unlimited, never expires"
    await act(async () => {
      fireEvent.click(within(dialog).getByLabelText('限定数量'));
    });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    expect(await within(dialog).findByText('请输入账号数量')).toBeTruthy();
    expect(last(calls, '/api/keeper-system/tenant/setting')).toBeUndefined();
    fireEvent.change(roleIn(dialog, 'spinbutton'), { target: { value: '80' } });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/tenant/setting')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-system/tenant/setting')!)).toEqual({ ids: '2,3', accountNumber: '80', expireTime: '' });
  });

  it("keeps one tenant's current licence when only its quota goes to unlimited", async () => {
    signIn();
    const { calls } = tenantBackend({ '/api/keeper-system/tenant/setting': () => ok({ count: 1 }) });
    await renderApp('/system/tenant/list');
    const east = await rowOf('东区经开区');
    await act(async () => {
      fireEvent.click(east.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(toolbarButton('配置'));
    });
    const dialog = await findDialog();
    expect((roleIn(dialog, 'spinbutton') as HTMLInputElement).value).toBe('50');
    await act(async () => {
      fireEvent.click(within(dialog).getByLabelText('不限'));
    });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/tenant/setting')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-system/tenant/setting')!)).toEqual({ ids: '2', accountNumber: '-1', expireTime: '2030-01-01 00:00:00' });
  });

  it("shows the server's refusal to delete the platform tenant", async () => {
    signIn();
    tenantBackend({
      '/api/keeper-system/tenant/remove': () => json({ code: 400, success: false, msg: '不可删除管理租户!', data: {} }, 400),
    });
    await renderApp('/system/tenant/list');
    const platform = await rowOf('平台管理');
    await act(async () => {
      fireEvent.click(buttonIn(platform, '删除'));
    });
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(messages()).toContain('不可删除管理租户!'));
  });

  it('builds the licence from the dialog', () => {
    expect(toLicence({ quotaMode: 'unlimited', quota: 3, expiryMode: 'never' })).toEqual({ accountNumber: -1, expireTime: '' });
  });
});

describe('tenant form', () => {
  it('refuses an empty or inconsistent form with antd default messages and sends nothing', async () => {
    signIn();
    const { calls } = tenantBackend();
    await renderApp('/system/tenant/add');
    await screen.findByLabelText('租户名称');
    expect((screen.getByLabelText('管理员账号') as HTMLInputElement).value).toBe('admin');
    await submitForm('tenant-form');
    for (const text of ['请输入租户名称', '请输入管理员密码', '请输入确认密码']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('管理员密码'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: '124' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText('绑定域名'), { target: { value: 'http://a b' } });
    await submitForm('tenant-form');
    for (const text of ['管理员密码最少6个字符', '两次输入的密码不一致', '请输入手机号码，或带区号的固定电话（如 0551-63350000）', '不能包含空格']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    // a local number without its area code is no contact number; a landline with it, or a mobile, is
    for (const [phone, refused] of [['6335000', true], ['0551-63350000', false], ['13800138000', false]] as const) {
      fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: phone } });
      await submitForm('tenant-form');
      await waitFor(() => expect(!!screen.queryByText('请输入手机号码，或带区号的固定电话（如 0551-63350000）')).toBe(refused));
    }
    expect(calls.some((c) => path(c) === '/api/keeper-system/tenant/submit')).toBe(false);
  });

  it('creates a tenant with the md5 of the administrator password and tells its new code', async () => {
    signIn();
    const { calls } = tenantBackend({ '/api/keeper-system/tenant/submit': () => ok({ id: '9', tenantId: '318204' }) });
    const app = await renderApp('/system/tenant/add');
    fireEvent.change(await screen.findByLabelText('租户名称'), { target: { value: ' 南区产业园 ' } });
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '李科长' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '0551-7654321' } });
    fireEvent.change(screen.getByLabelText('管理员密码'), { target: { value: 'South#2026' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'South#2026' } });
    await submitForm('tenant-form');
    await waitFor(() => expect(app.location()).toBe('/system/tenant/list'));
    const submit = last(calls, '/api/keeper-system/tenant/submit')!;
    expect(submit.headers['content-type']).toMatch(/^application\/json/);
    expect(body(submit)).toEqual({
      tenantName: '南区产业园',
      domain: '',
      backgroundUrl: '',
      linkman: '李科长',
      contactNumber: '0551-7654321',
      address: '',
      adminAccount: 'admin',
      // md5('South#2026'), never the password itself
      adminPassword: '6ddfb7b89279d38ba2c1a08ab243d492',
    });
    expect(JSON.stringify(body(submit))).not.toContain('South#2026');
    const created = await screen.findByTestId('tenant-created');
    expect(created.textContent).toContain('318204');
    expect(created.textContent).toContain('admin');
  });

  it('edits a tenant without administrator fields and shows a taken domain on its field', async () => {
    signIn();
    const { calls } = tenantBackend({
      '/api/keeper-system/tenant/submit': () =>
        json({ code: 400, success: false, msg: 'domain: 域名 [https://west.example.com] 已被其他租户使用', data: { field: 'domain', reason: '域名 [https://west.example.com] 已被其他租户使用' } }, 400),
    });
    const app = await renderApp('/system/tenant/edit/2');
    const name = (await screen.findByLabelText('租户名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('东区经开区'));
    expect(screen.queryByLabelText('管理员密码')).toBeNull();
    fireEvent.change(screen.getByLabelText('绑定域名'), { target: { value: 'https://west.example.com' } });
    await submitForm('tenant-form');
    expect(await screen.findByText('域名 [https://west.example.com] 已被其他租户使用')).toBeTruthy();
    const sent = body(last(calls, '/api/keeper-system/tenant/submit')!);
    expect(sent).toMatchObject({ id: '2', tenantName: '东区经开区', domain: 'https://west.example.com', linkman: '王主任' });
    expect(sent).not.toHaveProperty('adminPassword');
    expect(sent).not.toHaveProperty('adminAccount');
    expect(app.location()).toBe('/system/tenant/edit/2');
  });

  it('shows a tenant read-only with its licence', async () => {
    signIn();
    tenantBackend();
    await renderApp('/system/tenant/view/2');
    const licence = await screen.findByTestId('tenant-licence');
    await waitFor(() => expect(licence.textContent).toContain('已用 12 / 50'));
    expect(licence.textContent).toContain('2030-01-01 00:00:00');
    expect(document.querySelector('form#tenant-form')!.textContent).toContain('482913');
    expect(document.querySelector('form#tenant-form button[type="submit"]')).toBeNull();
  });

  it('builds the submit body', () => {
    expect(toSubmit({ tenantName: ' a ', adminPassword: 'x' })).toMatchObject({ tenantName: 'a', adminAccount: 'admin', adminPassword: 'x' });
    expect(toSubmit({ tenantName: 'a', adminPassword: 'x' }, '5')).toEqual({
      id: '5',
      tenantName: 'a',
      domain: '',
      backgroundUrl: '',
      linkman: '',
      contactNumber: '',
      address: '',
    });
  });
});
