// The data-scope and API-scope screens in the whole app against a fake back end: the menu tree filters
// the rules, the platform administrator adds and changes them in a dialog (a custom data rule asks for
// its departments), everyone else only reads them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { signIn } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, last, menuButton, pickOption, query } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { setAuthority, setCurrentUser } from '@/utils/authority';
import { toSubmit } from './components/ScopeModal';

const setting = (code: string, p: string) => ({ ...menuButton(code, 'setting', 2, p, 1), name: '权限配置' });

const DICTS: Record<string, [string, string][]> = {
  data_scope_type: [['1', '全部可见'], ['2', '本人可见'], ['3', '所在机构可见'], ['4', '所在机构及子级可见'], ['5', '自定义']],
  api_scope_type: [['1', '系统接口'], ['2', '业务接口']],
};

const rule = (over: Record<string, unknown>) => ({
  id: 'r1',
  menuId: 'm-ent',
  resourceCode: 'enterprise',
  scopeName: '企业-本机构可见',
  scopeField: '*',
  scopeClass: '',
  scopeColumn: 'create_dept',
  scopeType: 3,
  scopeTypeName: '所在机构可见',
  scopeValue: '',
  remark: '',
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  ...over,
});
const RULES = [rule({}), rule({ id: 'r2', menuId: 'm-user', resourceCode: 'user', scopeName: '用户-指定机构', scopeType: 5, scopeTypeName: '自定义', scopeValue: 'd2' })];

function scopeBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () =>
      ok([
        menu('authority', '权限管理', '/authority', 98, [
          menu('data_scope', '数据权限', '/authority/datascope', 2),
          menu('api_scope', '接口权限', '/authority/apiscope', 3),
        ]),
      ]),
    '/api/keeper-system/menu/buttons': () =>
      ok([
        { id: 'data_scope', parentId: 'authority', code: 'data_scope', name: '数据权限', alias: 'menu', path: '/authority/datascope', children: [setting('data_scope', '/api/keeper-system/data-scope/submit')] },
        { id: 'api_scope', parentId: 'authority', code: 'api_scope', name: '接口权限', alias: 'menu', path: '/authority/apiscope', children: [setting('api_scope', '/api/keeper-system/api-scope/submit')] },
      ]),
    '/api/keeper-system/menu/tree': () =>
      ok([
        {
          id: 'm-sys',
          parentId: '0',
          title: '系统管理',
          key: 'm-sys',
          value: 'm-sys',
          children: [
            { id: 'm-user', parentId: 'm-sys', title: '用户管理', key: 'm-user', value: 'm-user' },
            { id: 'm-ent', parentId: 'm-sys', title: '企业管理', key: 'm-ent', value: 'm-ent' },
          ],
        },
      ]),
    '/api/keeper-system/dict/dictionary': (req) => ok((DICTS[query(req).code] ?? []).map(([dictKey, dictValue]) => ({ dictKey, dictValue }))),
    '/api/keeper-system/dept/commonList': () => ok([{ id: 'd1', deptName: '园区管委会', children: [{ id: 'd2', deptName: '招商局' }] }]),
    '/api/keeper-system/data-scope/list': (req) => {
      const records = RULES.filter((r) => !query(req).menuId || r.menuId === query(req).menuId);
      return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
    },
    '/api/keeper-system/api-scope/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    ...over,
  });
}

function signInAdministrator() {
  signIn();
  setAuthority('administrator');
}

describe('data scope rules', () => {
  it('lists every rule with its menu, then the rules of the menu picked in the tree', async () => {
    signInAdministrator();
    const { calls } = scopeBackend();
    await renderApp('/authority/datascope');
    const custom = (await screen.findByText('用户-指定机构')).closest('tr') as HTMLElement;
    await waitFor(() => expect(custom.textContent).toContain('招商局'));
    expect(custom.textContent).toContain('用户管理');
    expect(screen.getByText('全部规则')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('企业管理', { selector: '.ant-tree-title' }));
    });
    await waitFor(() => expect(query(last(calls, '/api/keeper-system/data-scope/list')!)).toMatchObject({ menuId: 'm-ent', current: '1' }));
    expect(await screen.findByText('“企业管理”的规则')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('用户-指定机构')).toBeNull());
  });

  it('adds a custom rule under the picked menu: the departments are asked for and sent as ids', async () => {
    signInAdministrator();
    const { calls } = scopeBackend({ '/api/keeper-system/data-scope/submit': () => ok({ id: 'r9' }) });
    await renderApp('/authority/datascope');
    await screen.findByText('企业-本机构可见');
    await act(async () => {
      fireEvent.click(screen.getByText('企业管理', { selector: '.ant-tree-title' }));
    });
    await act(async () => {
      fireEvent.click(buttonIn(document, '新增'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('新增数据权限');
    // the picked menu is preset
    await waitFor(() => expect(dialog.querySelector('.ant-select-content')?.textContent).toBe('企业管理'));
    fireEvent.change(within(dialog).getByLabelText('权限名称'), { target: { value: '企业-招商局' } });
    fireEvent.change(within(dialog).getByLabelText('权限编号'), { target: { value: 'enterprise' } });
    expect(within(dialog).queryByLabelText('可见机构')).toBeNull();
    await pickOption('规则类型', '自定义', dialog);
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    expect(await within(dialog).findByText('请输入可见机构')).toBeTruthy();
    expect(last(calls, '/api/keeper-system/data-scope/submit')).toBeUndefined();
    await pickOption('可见机构', '招商局', dialog);
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/data-scope/submit')).toBeTruthy());
    expect(body(last(calls, '/api/keeper-system/data-scope/submit')!)).toEqual({
      menuId: 'm-ent',
      scopeName: '企业-招商局',
      resourceCode: 'enterprise',
      scopeType: 5,
      scopeColumn: 'create_dept',
      scopeValue: 'd2',
      remark: '',
    });
  });

  it('changes a rule and shows the server refusal on its field', async () => {
    signInAdministrator();
    const { calls } = scopeBackend({
      '/api/keeper-system/data-scope/submit': () =>
        json({ code: 400, success: false, msg: 'scopeColumn: 只能包含字母、数字和 _', data: { field: 'scopeColumn', reason: '只能包含字母、数字和 _' } }, 400),
    });
    await renderApp('/authority/datascope');
    const row = (await screen.findByText('企业-本机构可见')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonIn(row, '修改'));
    });
    const dialog = await findDialog();
    expect((within(dialog).getByLabelText('权限名称') as HTMLInputElement).value).toBe('企业-本机构可见');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    expect(await within(dialog).findByText('只能包含字母、数字和 _')).toBeTruthy();
    expect(body(last(calls, '/api/keeper-system/data-scope/submit')!)).toMatchObject({ id: 'r1', menuId: 'm-ent', scopeType: 3, scopeValue: '' });
  });

  it('is read-only for a tenant administrator, with a word on why', async () => {
    signIn();
    setCurrentUser({ account: 'admin', tenant_id: '482913', userId: '1' });
    setAuthority('admin');
    scopeBackend();
    await renderApp('/authority/datascope');
    await screen.findByText('企业-本机构可见');
    expect(screen.getByText(/规则由平台管理员统一维护/)).toBeTruthy();
    expect(buttonsIn(document)).not.toContainEqual(expect.stringContaining('新增'));
    expect(buttonsIn(document)).not.toContainEqual(expect.stringContaining('修改'));
  });
});

describe('API scope rules', () => {
  it('adds an API rule with its path', async () => {
    signInAdministrator();
    const { calls } = scopeBackend({ '/api/keeper-system/api-scope/submit': () => ok({ id: 'a1' }) });
    await renderApp('/authority/apiscope');
    await screen.findByText('全部规则');
    const add = await waitFor(() => buttonIn(document, '新增'));
    await act(async () => {
      fireEvent.click(add);
    });
    const dialog = await findDialog();
    await pickOption('所属菜单', '用户管理', dialog);
    fireEvent.change(within(dialog).getByLabelText('权限名称'), { target: { value: '用户接口' } });
    fireEvent.change(within(dialog).getByLabelText('权限编号'), { target: { value: 'user_api' } });
    fireEvent.change(within(dialog).getByLabelText('接口地址'), { target: { value: '/keeper-system/user/ x' } });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    expect(await within(dialog).findByText('不能包含空格')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('接口地址'), { target: { value: '/keeper-system/user/' } });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(last(calls, '/api/keeper-system/api-scope/submit')).toBeTruthy());
    expect(body(last(calls, '/api/keeper-system/api-scope/submit')!)).toEqual({
      menuId: 'm-user',
      scopeName: '用户接口',
      resourceCode: 'user_api',
      scopeType: 2,
      scopePath: '/keeper-system/user/',
      remark: '',
    });
  });

  it('sends an own-rows rule on the creator column and no value', () => {
    expect(toSubmit('data', { menuId: 'm', scopeName: 'n', resourceCode: 'c', scopeType: '2', scopeColumn: 'create_dept', scopeValue: ['d1'] })).toEqual({
      menuId: 'm',
      scopeName: 'n',
      resourceCode: 'c',
      scopeType: 2,
      scopeColumn: 'create_user',
      scopeValue: '',
      remark: '',
    });
  });
});
