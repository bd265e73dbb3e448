// The menu screens in the whole app against a fake back end: the tree of menus and buttons with
// their dictionary labels, the menu and button forms (validation, payload, parent picker) and the
// icon picker, whose grid is loaded only when it opens.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getIntl, RawIntlProvider } from '@umijs/max';
import React, { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonByText, buttonsIn, last, pickOption, query, searchButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons, orgBackend } from '../../../../tests/fixtures';
import { toParentOptions, toSubmit } from './components/MenuForm';
import { openedRows } from './list';
import IconPicker from './components/IconPicker';
import { ALL_ICONS } from '@/components/IconPreview/allIcons';
import { iconName, isShown } from '@/components/IconPreview/names';
import { visibleIcons } from './components/IconPicker/IconGrid';

const entry = (id: string, parentId: string, name: string, extra: Record<string, unknown> = {}) => ({
  id, parentId, parentName: '', code: id, name, alias: 'menu', path: `/${id}`, source: '', sort: 1, category: 1, categoryName: '菜单',
  action: 0, actionName: '', isOpen: 1, isOpenName: '否', remark: '', ...extra,
});
const USER_ADD = entry('user_add', 'user', '新增', { alias: 'add', category: 2, action: 1, source: 'plus', path: '/system/user/add' });
const MENUS = [
  entry('system', '0', '系统管理', {
    source: 'setting',
    path: '/system',
    children: [entry('user', 'system', '用户管理', { path: '/system/user', source: 'user', children: [USER_ADD] })],
  }),
];

function menuBackend(over: Parameters<typeof orgBackend>[1] = {}) {
  return orgBackend(
    { menu: crudButtons('menu') },
    {
      '/api/keeper-system/menu/list': () => ok(MENUS),
      '/api/keeper-system/menu/menu-list': () => ok([{ ...MENUS[0], children: [{ ...(MENUS[0] as any).children[0], children: undefined }] }]),
      '/api/keeper-system/menu/detail': () => ok({ ...USER_ADD, parentName: '用户管理' }),
      ...over,
    },
  );
}

describe('menu list', { timeout: 120_000 }, () => {
  it('opens the modules, shows type, placement and window labels, and opens everything when filtering', async () => {
    signIn();
    const { calls } = menuBackend();
    await renderApp('/system/menu/list');
    const menu = (await screen.findByText('用户管理', { selector: 'td span' }, { timeout: 10000 })).closest('tr') as HTMLElement;
    expect(menu.textContent).toContain('菜单');
    expect(menu.textContent).toContain('否');
    expect(buttonsIn(menu)).toEqual(['新增下级', '修改', '删除', '查看']);
    // the buttons under a menu stay closed until asked for
    expect(screen.queryByText('新增', { selector: 'td span' })).toBeNull();

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '新增' } });
    await act(async () => {
      fireEvent.click(searchButton());
    });
    const button = (await screen.findByText('新增', { selector: 'td span' })).closest('tr') as HTMLElement;
    expect(query(last(calls, '/api/keeper-system/menu/list')!)).toEqual({ name: '新增' });
    expect(button.textContent).toContain('按钮');
    expect(button.textContent).toContain('工具栏');
    expect(button.querySelector('[aria-label="plus"]')).toBeTruthy();
  });

  it('opens the top level only without a filter', () => {
    expect(openedRows(MENUS as any, false)).toEqual(['system']);
    expect(openedRows(MENUS as any, true)).toEqual(['system', 'user']);
  });
});

describe('menu form', { timeout: 120_000 }, () => {
  it('adds a button under a menu: parent, alias and placement are required, then the payload', async () => {
    signIn();
    const { calls } = menuBackend({ '/api/keeper-system/menu/submit': () => ok({ id: 'm9' }) });
    const app = await renderApp('/system/menu/add');
    await screen.findByLabelText('名称');
    await act(async () => {
      fireEvent.click(screen.getByText('按钮'));
    });
    await submitForm('menu-form');
    for (const text of ['请选择上级菜单', '请输入名称', '请输入编号', '请输入别名', '请选择按钮位置']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'user export' } });
    await submitForm('menu-form');
    expect(await screen.findByText('只能包含字母、数字和 _ -')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/menu/submit')).toBe(false);

    await pickOption('上级菜单', '用户管理');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '导出' } });
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'user_export' } });
    fireEvent.change(screen.getByLabelText('别名'), { target: { value: 'export' } });
    fireEvent.change(screen.getByLabelText('路由地址'), { target: { value: '/api/keeper-system/user/export-user' } });
    await pickOption('按钮位置', '工具栏');
    await submitForm('menu-form');
    await waitFor(() => expect(app.location()).toBe('/system/menu/list'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/menu/submit')!)).toEqual({
      parentId: 'user',
      category: 2,
      name: '导出',
      code: 'user_export',
      alias: 'export',
      path: '/api/keeper-system/user/export-user',
      source: '',
      action: 1,
      isOpen: 1,
      sort: 1,
      remark: '',
    });
  });

  it('adds a menu under the row it was started from, with an icon from the picker', async () => {
    signIn();
    const { calls } = menuBackend({ '/api/keeper-system/menu/submit': () => ok({ id: 'm10' }) });
    const app = await renderApp('/system/menu/list');
    const row = (await screen.findByText('系统管理', { selector: 'td span' }, { timeout: 10000 })).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonByText('新增下级', row)!);
    });
    await waitFor(() => expect(app.location()).toBe('/system/menu/add/system'));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '岗位管理' } });
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'post' } });
    fireEvent.change(screen.getByLabelText('路由地址'), { target: { value: '/system/post' } });
    await act(async () => {
      fireEvent.click(buttonByText('选择图标')!);
    });
    const grid = await screen.findByTestId('icon-grid', {}, { timeout: 15000 });
    fireEvent.change(grid.querySelector('input')!, { target: { value: 'idcard' } });
    await act(async () => {
      fireEvent.click(within(grid).getByTitle('idcard'));
    });
    await waitFor(() => expect((screen.getByLabelText('图标') as HTMLInputElement).value).toBe('idcard'));
    await submitForm('menu-form');
    await waitFor(() => expect(app.location()).toBe('/system/menu/list'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/menu/submit')!)).toEqual({
      parentId: 'system',
      category: 1,
      name: '岗位管理',
      code: 'post',
      alias: 'menu',
      path: '/system/post',
      source: 'idcard',
      action: 0,
      isOpen: 1,
      sort: 1,
      remark: '',
    });
  });

  it('shows a button read-only with its labels and icon', async () => {
    signIn();
    menuBackend();
    await renderApp('/system/menu/view/user_add');
    await waitFor(() => {
      const text = document.querySelector('form#menu-form')!.textContent!;
      for (const t of ['用户管理', '新增', 'user_add', 'add', '按钮', '工具栏', 'plus']) expect(text).toContain(t);
    });
    expect(document.querySelector('form#menu-form [aria-label="plus"]')).toBeTruthy();
    expect(document.querySelector('form#menu-form button[type="submit"]')).toBeNull();
  });

  it('builds the payload and the parent tree', () => {
    expect(toSubmit({ category: '1', name: ' a ', code: 'a', isOpen: '2', action: '3' })).toMatchObject({ alias: 'menu', isOpen: 2, action: 0, parentId: '0' });
    expect(toSubmit({ category: '2', name: 'b', code: 'b', alias: 'add', action: '3', isOpen: '2' }, 'x')).toMatchObject({ id: 'x', isOpen: 1, action: 3 });
    expect(toParentOptions(MENUS as any)).toEqual([
      { value: 'system', title: '系统管理', label: '系统管理', key: 'system', children: [{ value: 'user', title: '用户管理', label: '用户管理', key: 'user' }] },
    ]);
  });
});

describe('icon picker', { timeout: 120_000 }, () => {
  function Harness({ use }: { use: 'menu' | 'button' }) {
    const [value, setValue] = useState<string | undefined>('setting');
    return (
      <RawIntlProvider value={getIntl('zh-CN')}>
        <IconPicker value={value} onChange={setValue} use={use} id="icon" />
        <output data-testid="value">{value}</output>
      </RawIntlProvider>
    );
  }

  it('names icons as the server stores them and knows which ones each place shows', () => {
    expect(iconName('LineChartOutlined')).toBe('line-chart');
    expect(iconName('Html5Outlined')).toBe('html5');
    expect(ALL_ICONS.length).toBeGreaterThan(400);
    expect(ALL_ICONS.some((i) => i.name === 'home')).toBe(true);
    expect(isShown('apartment', 'menu')).toBe(true);
    expect(isShown('plus', 'button')).toBe(true);
    expect(isShown('aim', 'menu')).toBe(false);
    expect(visibleIcons('chart', 'menu', false).map((i) => i.name)).toEqual(['area-chart', 'bar-chart', 'line-chart', 'pie-chart']);
    expect(visibleIcons('chart', 'menu', true).length).toBeGreaterThan(4);
  });

  it('searches the grid, offers every icon on demand and warns about one the menu cannot show', async () => {
    render(<Harness use="menu" />);
    await act(async () => {
      fireEvent.click(buttonByText('选择图标')!);
    });
    const grid = await screen.findByTestId('icon-grid', {}, { timeout: 15000 });
    // only the icons the side menu shows, first
    expect(grid.querySelector('[data-icon-name="aim"]')).toBeNull();
    expect(grid.querySelector('[data-icon-name="setting"]')!.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(within(grid).getByText('全部图标'));
    });
    fireEvent.change(grid.querySelector('input')!, { target: { value: 'AIM' } });
    await waitFor(() => expect(grid.querySelectorAll('[data-icon-name]').length).toBe(1));
    await act(async () => {
      fireEvent.click(grid.querySelector('[data-icon-name="aim"]')!);
    });
    expect(screen.getByTestId('value').textContent).toBe('aim');
    expect(await screen.findByText('侧边菜单暂不显示此图标')).toBeTruthy();
    fireEvent.change(document.querySelector('#icon') as HTMLInputElement, { target: { value: 'home' } });
    expect(screen.getByTestId('value').textContent).toBe('home');
    expect(screen.queryByText('侧边菜单暂不显示此图标')).toBeNull();
  });

  it('tells when no icon matches', async () => {
    render(<Harness use="button" />);
    await act(async () => {
      fireEvent.click(buttonByText('选择图标')!);
    });
    const grid = await screen.findByTestId('icon-grid', {}, { timeout: 15000 });
    expect(within(grid).getByText('按钮可显示')).toBeTruthy();
    fireEvent.change(grid.querySelector('input')!, { target: { value: 'no-such-icon' } });
    expect(await within(grid).findByText('没有匹配的图标')).toBeTruthy();
  });
});
