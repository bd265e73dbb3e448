// The data-scope and API-scope screens in the whole app against a fake back end: the menu tree filters
// the rules, the platform administrator adds and changes them in a dialog (a custom data rule asks for
// its departments), everyone else only reads them.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { signIn } from '../../../../tests/helpers';
import { renderApp } from '../../../../tests/renderApp';
import { setAuthority, setCurrentUser } from '@/utils/authority';
import { toSubmit } from './components/ScopeModal';

// Shared, busy build machines: give lists and dialogs time to appear, keep a failed look-up cheap
// (no print of the whole page on every retry), and load every route module once before the first
// test (the app's first render needs them all).
configure({
  asyncUtilTimeout: 5000,
  getElementError: (message) => Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' }),
});
beforeAll(async () => {
  const { getRoutes } = await import('@@/core/route');
  await getRoutes();
}, 900_000);

const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);
const body = (r: RecordedRequest) => JSON.parse(String(r.body));
const last = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p).pop();

const setting = (code: string, p: string) => ({
  id: `${code}-setting`,
  parentId: code,
  code: `${code}_setting`,
  name: '权限配置',
  alias: 'setting',
  path: p,
  action: 2,
  sort: 1,
});

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

/** Opens the select of the form item labelled `label` (in `root`) and clicks the option `text`. */
async function pickOption(root: HTMLElement, label: string, text: string) {
  const item = within(root).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  const selector = item.querySelector('.ant-select') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(selector.querySelector('input') ?? selector);
  });
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option, .ant-select-tree-title')).find((n) => n.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  });
  await act(async () => {
    fireEvent.click(option);
  });
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
      fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('新增数据权限');
    // the picked menu is preset
    await waitFor(() => expect(dialog.querySelector('.ant-select-content')?.textContent).toBe('企业管理'));
    fireEvent.change(within(dialog).getByLabelText('权限名称'), { target: { value: '企业-招商局' } });
    fireEvent.change(within(dialog).getByLabelText('权限编号'), { target: { value: 'enterprise' } });
    expect(within(dialog).queryByLabelText('可见机构')).toBeNull();
    await pickOption(dialog, '规则类型', '自定义');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    expect(await within(dialog).findByText('请输入可见机构')).toBeTruthy();
    expect(last(calls, '/api/keeper-system/data-scope/submit')).toBeUndefined();
    await pickOption(dialog, '可见机构', '招商局');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
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
      fireEvent.click(within(row).getByRole('button', { name: /修\s*改/ }));
    });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('权限名称') as HTMLInputElement).value).toBe('企业-本机构可见');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
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
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
  });
});

describe('API scope rules', () => {
  it('adds an API rule with its path', async () => {
    signInAdministrator();
    const { calls } = scopeBackend({ '/api/keeper-system/api-scope/submit': () => ok({ id: 'a1' }) });
    await renderApp('/authority/apiscope');
    await screen.findByText('全部规则');
    const add = await screen.findByRole('button', { name: /新\s*增/ });
    await act(async () => {
      fireEvent.click(add);
    });
    const dialog = await screen.findByRole('dialog');
    await pickOption(dialog, '所属菜单', '用户管理');
    fireEvent.change(within(dialog).getByLabelText('权限名称'), { target: { value: '用户接口' } });
    fireEvent.change(within(dialog).getByLabelText('权限编号'), { target: { value: 'user_api' } });
    fireEvent.change(within(dialog).getByLabelText('接口地址'), { target: { value: '/keeper-system/user/ x' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    expect(await within(dialog).findByText('不能包含空格')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('接口地址'), { target: { value: '/keeper-system/user/' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
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
