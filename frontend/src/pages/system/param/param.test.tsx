// The parameter screens in the whole app against a fake back end: a tenant sees the platform defaults
// next to its own values (no delete link on a default), saving a default makes the tenant's own
// value, and bad input is refused before anything is sent.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, last } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { setCurrentUser } from '@/utils/authority';
import { crudButtons } from '../../../../tests/fixtures';
import { toSubmit } from './components/ParamForm';

const param = (over: Record<string, unknown>) => ({
  id: '11',
  tenantId: '000000',
  paramName: '是否开放注册',
  paramKey: 'account.registerUser',
  paramValue: 'false',
  remark: '',
  status: 1,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  ...over,
});
const DEFAULT = param({});
const OWN = param({ id: '12', tenantId: '482913', paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '' });

/** A tenant's administrator (tenant 482913). */
function signInTenant() {
  signIn();
  setCurrentUser({ account: 'admin', tenant_id: '482913', userId: '1' });
}

function paramBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok([menu('system', '系统管理', '/system', 99, [menu('param', '参数管理', '/system/param', 8)])]),
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'param', parentId: 'system', code: 'param', name: '参数管理', alias: 'menu', path: '/system/param', children: crudButtons('param') }]),
    '/api/keeper-system/user/info': () => ok({ id: '1', tenantId: '482913', account: 'admin', realName: '东区管理员' }),
    '/api/keeper-system/param/list': () => ok({ records: [DEFAULT, OWN], total: 2, size: 10, current: 1, pages: 1 }),
    '/api/keeper-system/param/detail': (req) => ok(req.url.includes('id=12') ? OWN : DEFAULT),
    ...over,
  });
}

describe('parameter list', () => {
  it("shows a tenant where each value comes from, and no delete link on the platform's defaults", async () => {
    signInTenant();
    paramBackend();
    await renderApp('/system/param/list');
    const def = (await screen.findByText('account.registerUser')).closest('tr') as HTMLElement;
    expect(def.textContent).toContain('平台默认');
    expect(buttonsIn(def)).toEqual(['修改', '查看']);
    const own = screen.getByText('account.initPassword').closest('tr') as HTMLElement;
    expect(own.textContent).toContain('本租户');
    expect(own.textContent).toContain('（空）');
    expect(buttonsIn(own)).toEqual(['修改', '删除', '查看']);
  });

  it('deletes a tenant value after asking', async () => {
    signInTenant();
    const { calls } = paramBackend({ '/api/keeper-system/param/remove': () => ok({ count: 1 }) });
    await renderApp('/system/param/list');
    const own = (await screen.findByText('account.initPassword')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonIn(own, '删除'));
    });
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/param/remove')).toBeTruthy());
    expect(String(last(calls, '/api/keeper-system/param/remove')!.body)).toBe('ids=12');
  });
});

describe('parameter form', () => {
  it('refuses an empty name and key, and a key with spaces', async () => {
    signIn();
    const { calls } = paramBackend();
    await renderApp('/system/param/add');
    await screen.findByLabelText('参数名称');
    await submitForm('param-form');
    for (const text of ['请输入参数名称', '请输入参数键名']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('参数键名'), { target: { value: 'account init' } });
    await submitForm('param-form');
    expect(await screen.findByText('不能包含空格')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/param/submit')).toBe(false);
  });

  it("saves a default seen from a tenant as the tenant's own value, keeping its key", async () => {
    signInTenant();
    const { calls } = paramBackend({ '/api/keeper-system/param/submit': () => ok({ id: '99' }) });
    const app = await renderApp('/system/param/edit/11');
    const value = (await screen.findByLabelText('参数键值')) as HTMLTextAreaElement;
    await waitFor(() => expect(value.value).toBe('false'));
    expect(document.querySelector('form#param-form')!.textContent).toContain('保存后会为本租户另存一份自己的值');
    // the key is what the value is looked up by: not editable on an override
    expect(screen.queryByLabelText('参数键名')).toBeNull();
    fireEvent.change(value, { target: { value: 'true' } });
    await submitForm('param-form');
    await waitFor(() => expect(app.location()).toBe('/system/param/list'));
    expect(body(last(calls, '/api/keeper-system/param/submit')!)).toEqual({
      id: '11',
      paramName: '是否开放注册',
      paramKey: 'account.registerUser',
      paramValue: 'true',
      remark: '',
    });
  });

  it('shows a taken key on the key field', async () => {
    signIn();
    paramBackend({
      '/api/keeper-system/param/submit': () =>
        json({ code: 400, success: false, msg: 'paramKey: 当前参数键名已存在!', data: { field: 'paramKey', reason: '当前参数键名已存在!' } }, 400),
    });
    await renderApp('/system/param/add');
    fireEvent.change(await screen.findByLabelText('参数名称'), { target: { value: '注册' } });
    fireEvent.change(screen.getByLabelText('参数键名'), { target: { value: 'account.registerUser' } });
    await submitForm('param-form');
    expect(await screen.findByText('当前参数键名已存在!')).toBeTruthy();
  });

  it('builds the submit body', () => {
    expect(toSubmit({ paramName: ' a ', paramKey: ' k ', paramValue: ' v ' }, '3')).toEqual({ id: '3', paramName: 'a', paramKey: 'k', paramValue: 'v', remark: '' });
  });
});
