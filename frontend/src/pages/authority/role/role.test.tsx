// The role screens in the whole app against a fake back end: the tree list, adding under a role,
// the read-only view, and the permission dialog (menus, buttons and scopes).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { menu, MENUS } from '../../../../tests/menus';
import { body, buttonIn, buttonsIn, findDialog, menuButton, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import type { TreeNode } from '@/services/authority/role';
import { crudButtons } from '../../../../tests/fixtures';
import { grantDisplay, leafGrantKeys, onlyLeaves, toggleGrant } from './components/grantTree';

const BUTTONS = [
  ...crudButtons('role', '/api/keeper-system/role', '/authority/role'),
  menuButton('role', 'grant', 1, '/api/keeper-system/role/grant', 5),
];

const ROLES = [
  {
    id: 'r1',
    tenantId: '000000',
    parentId: '0',
    parentName: '顶级',
    roleName: '园区管理员',
    roleAlias: 'park_admin',
    sort: 1,
    children: [{ id: 'r2', tenantId: '000000', parentId: 'r1', parentName: '园区管理员', roleName: '调度员', roleAlias: 'dispatcher', sort: 2 }],
  },
];

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  ...(children ? { children, hasChildren: true } : {}),
});
const GRANT_TREE = {
  menu: [
    node('m1', '系统管理', [node('m2', '用户管理', [node('m3', '新增'), node('m4', '删除')])]),
    node('m5', '权限管理', [node('m6', '角色管理')]),
  ],
  dataScope: [node('m2', '用户管理', [node('s1', '本部门可见')])],
  apiScope: [],
};

function roleBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () =>
      ok([menu('authority', '权限管理', '/authority', 98, [menu('role', '角色管理', '/authority/role', 1)]), ...MENUS]),
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'role', parentId: 'authority', code: 'role', name: '角色管理', alias: 'menu', path: '/authority/role', children: BUTTONS }]),
    '/api/keeper-system/role/list': () => ok(ROLES),
    '/api/keeper-system/role/tree': () =>
      ok([{ ...node('r1', '园区管理员', [{ ...node('r2', '调度员'), parentId: 'r1' }]) }]),
    '/api/keeper-system/role/detail': () => ok(ROLES[0].children[0]),
    ...over,
  });
}

const treeNode = (title: string) =>
  Array.from(document.querySelectorAll('.ant-modal .ant-tree-title'))
    .find((n) => n.textContent === title)
    ?.closest('.ant-tree-treenode') as HTMLElement | undefined;

describe('role list', { timeout: 120_000 }, () => {
  it('shows the roles as an opened tree with the granted buttons', async () => {
    signIn();
    const { calls } = roleBackend();
    await renderApp('/authority/role');
    const child = (await screen.findByText('调度员')).closest('tr') as HTMLElement;
    expect(child.textContent).toContain('dispatcher');
    expect(buttonsIn(child)).toEqual(['新增下级', '修改', '删除', '查看']);
    expect(toolbarButtons()).toEqual(expect.arrayContaining(['新增', '删除', '权限设置']));
    expect(document.querySelector('.ant-pagination')).toBeNull();
    const list = calls.find((c) => path(c) === '/api/keeper-system/role/list')!;
    expect(list.url).toBe('/api/keeper-system/role/list');
  });

  it('adds a role under the row it was asked from', async () => {
    signIn();
    const { calls } = roleBackend({ '/api/keeper-system/role/submit': () => ok({ id: 'r3' }) });
    const app = await renderApp('/authority/role');
    const parent = (await screen.findByText('园区管理员')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonIn(parent, '新增下级'));
    });
    await waitFor(() => expect(app.location()).toBe('/authority/role/add/r1'));
    const name = await screen.findByLabelText('角色名称');
    await waitFor(() => expect(document.querySelector('form#role-form')!.textContent).toContain('园区管理员'));
    fireEvent.change(name, { target: { value: '值班员' } });
    fireEvent.change(screen.getByLabelText('角色别名'), { target: { value: 'on duty' } });
    await submitForm('role-form');
    expect(await screen.findByText('只能包含字母、数字和 _ -')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('角色别名'), { target: { value: 'on_duty' } });
    await submitForm('role-form');
    await waitFor(() => expect(app.location()).toBe('/authority/role'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/role/submit')!)).toEqual({
      parentId: 'r1',
      roleName: '值班员',
      roleAlias: 'on_duty',
      sort: 1,
    });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('refuses an empty role with the default messages', async () => {
    signIn();
    const { calls } = roleBackend();
    await renderApp('/authority/role/add');
    await screen.findByLabelText('角色名称');
    await submitForm('role-form');
    expect(await screen.findByText('请输入角色名称')).toBeTruthy();
    expect(await screen.findByText('请输入角色别名')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/role/submit')).toBe(false);
  });

  it('shows a role read-only with its parent', async () => {
    signIn();
    roleBackend();
    await renderApp('/authority/role/view/r2');
    await waitFor(() => {
      const text = document.querySelector('form#role-form')?.textContent ?? '';
      for (const t of ['园区管理员', '调度员', 'dispatcher']) expect(text).toContain(t);
    });
    expect(document.querySelector('form#role-form button[type="submit"]')).toBeNull();
  });

  /** Ticks 调度员 (r2), whose grant holds `menu`, and opens its grant dialog. */
  async function openGrant(menu: string[]) {
    signIn();
    const backend = roleBackend({
      '/api/keeper-system/menu/grant-tree': () => ok(GRANT_TREE),
      '/api/keeper-system/menu/role-tree-keys': () => ok({ menu, dataScope: [], apiScope: [] }),
      '/api/keeper-system/role/grant': () => ok({ count: 1 }),
    });
    await renderApp('/authority/role');
    const row = (await screen.findByText('调度员')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(buttonIn(document, '权限设置'));
    });
    const dialog = await findDialog();
    await waitFor(() => expect(treeNode('用户管理')).toBeTruthy());
    return { calls: backend.calls, dialog };
  }

  it('grants menus with their buttons and parents, and scope rules, to the ticked role', async () => {
    const { calls, dialog } = await openGrant(['m5', 'm6', 'gone']);
    expect(dialog.textContent).toContain('角色：调度员');
    expect(calls.find((c) => path(c) === '/api/keeper-system/menu/role-tree-keys')!.url).toContain('roleIds=r2');
    expect(treeNode('角色管理')!.querySelector('.ant-tree-checkbox-checked')).toBeTruthy();
    expect(treeNode('用户管理')!.querySelector('.ant-tree-checkbox-checked')).toBeNull();

    await act(async () => {
      fireEvent.click(treeNode('用户管理')!.querySelector('.ant-tree-checkbox')!);
    });
    expect(treeNode('系统管理')!.querySelector('.ant-tree-checkbox-checked')).toBeTruthy();

    await act(async () => {
      fireEvent.click(Array.from(dialog.querySelectorAll('.ant-tabs-tab-btn')).find((t) => t.textContent === '数据权限')!);
    });
    await waitFor(() => expect(treeNode('本部门可见')).toBeTruthy());
    await act(async () => {
      fireEvent.click(treeNode('本部门可见')!.querySelector('.ant-tree-checkbox')!);
    });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/role/grant')).toBe(true));
    const sent = body(calls.find((c) => path(c) === '/api/keeper-system/role/grant')!);
    expect(sent.roleIds).toEqual(['r2']);
    expect([...sent.menuIds].sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(sent.dataScopeIds).toEqual(['s1']);
    expect(sent.apiScopeIds).toEqual([]);
  });

  it('half-ticks a menu of which only a part is granted, and saves exactly the grant it loaded', async () => {
    // 用户管理 with only its 新增 button, and the menus that lead to it
    const { calls, dialog } = await openGrant(['m1', 'm2', 'm3']);
    await act(async () => {
      fireEvent.click(Array.from(dialog.querySelectorAll('a')).find((a) => a.textContent === '全部展开')!);
    });
    await waitFor(() => expect(treeNode('新增')).toBeTruthy());
    const state = (title: string) => {
      const box = treeNode(title)!.querySelector('.ant-tree-checkbox')!;
      if (box.classList.contains('ant-tree-checkbox-checked')) return 'ticked';
      if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'half';
      return 'none';
    };
    expect(['系统管理', '用户管理', '新增', '删除', '权限管理'].map(state)).toEqual(['half', 'half', 'ticked', 'none', 'none']);

    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/role/grant')).toBe(true));
    const sent = body(calls.find((c) => path(c) === '/api/keeper-system/role/grant')!);
    expect([...sent.menuIds].sort()).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('grant ticking', () => {
  const tree = GRANT_TREE.menu;
  it('ticks what is below and the parents above; unticks what is below', () => {
    expect(toggleGrant(tree, [], 'm3', true).sort()).toEqual(['m1', 'm2', 'm3']);
    expect(toggleGrant(tree, [], 'm1', true).sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(toggleGrant(tree, ['m1', 'm2', 'm3', 'm4'], 'm2', false)).toEqual(['m1']);
    expect(toggleGrant(tree, ['m1', 'm2', 'm3'], 'm3', false).sort()).toEqual(['m1', 'm2']);
  });

  it('shows a menu held with only part of what is below it as half-ticked', () => {
    expect(grantDisplay(tree, ['m1', 'm2', 'm3'])).toEqual({ checked: ['m3'], halfChecked: ['m2', 'm1'] });
    expect(grantDisplay(tree, ['m1', 'm2', 'm3', 'm4', 'm6'])).toEqual({ checked: ['m3', 'm4', 'm2', 'm1', 'm6'], halfChecked: ['m5'] });
    expect(grantDisplay(tree, [])).toEqual({ checked: [], halfChecked: [] });
  });

  it('grants only the rules of a scope tree', () => {
    expect(leafGrantKeys(GRANT_TREE.dataScope)).toEqual(['s1']);
    expect(onlyLeaves(GRANT_TREE.dataScope, ['m2', 's1', 'x'])).toEqual(['s1']);
  });
});
