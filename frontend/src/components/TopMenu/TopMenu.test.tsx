// Top-menu switching in the whole app against a fake back end: with top menus stored at sign-in the
// header shows them, choosing one reloads the menus of that top menu (and leaves a page it does not
// hold), "全部" brings every menu back; with none the header is unchanged.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { ok } from '../../../tests/fetchMock';
import { messages, signIn } from '../../../tests/helpers';
import { menu } from '../../../tests/menus';
import { renderApp } from '../../../tests/renderApp';
import { getRoutes } from '@/utils/authority';
import { landingPath } from '.';

const MENUS = [
  menu('system', '系统管理', '/system', 2, [menu('user', '用户管理', '/system/user', 1)]),
  menu('authority', '权限管理', '/authority', 1, [menu('role', '角色管理', '/authority/role', 1)]),
];
const AUTHORITY_ONLY = [MENUS[1]];
const TOP_MENUS = [
  { id: 't1', code: 'authority', name: '权限', source: 'safety-certificate', sort: 1 },
  { id: 't2', code: 'empty', name: '空菜单', source: 'aim', sort: 2 },
];

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

function topBackend(topMenus: unknown[] = TOP_MENUS) {
  return backend({
    '/api/keeper-system/menu/top-menu': () => ok(topMenus),
    // the screens the test passes through
    '/api/keeper-system/role/list': () => ok([]),
    '/api/keeper-system/user/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    '/api/keeper-system/dept/commonList': () => ok([]),
    '/api/keeper-system/menu/routes': (req) => {
      const top = query(req.url).topMenuId;
      if (top === 't1') return ok(AUTHORITY_ONLY);
      if (top === 't2') return ok([]);
      return ok(MENUS);
    },
  });
}

const headerMenu = () => Array.from(document.querySelectorAll('.ant-pro-top-nav-header-menu .ant-menu-title-content')).map((n) => n.textContent);

describe('top menu switch', { timeout: 120_000 }, () => {
  it('shows the top menus and narrows the navigation to the chosen one', async () => {
    signIn();
    const { calls } = topBackend();
    const app = await renderApp('/system/user/list');
    const bar = await screen.findByTestId('top-menu', {}, { timeout: 10000 });
    expect(bar.querySelectorAll('.ant-segmented-item').length).toBe(3);
    expect(bar.textContent).toBe('全部权限空菜单');
    await waitFor(() => expect(headerMenu()).toEqual(['权限管理', '系统管理']));

    await act(async () => {
      fireEvent.click(within(bar).getByText('权限'));
    });
    await waitFor(() => expect(headerMenu()).toEqual(['权限管理']));
    const routeCalls = calls.filter((c) => path(c) === '/api/keeper-system/menu/routes');
    expect(query(routeCalls[routeCalls.length - 1].url)).toEqual({ topMenuId: 't1' });
    expect(getRoutes()).toEqual(AUTHORITY_ONLY);
    // the user list is not under this top menu: the app moves to its first page
    await waitFor(() => expect(app.location()).toBe('/authority/role'));

    // a top menu without menus changes nothing and says so
    await act(async () => {
      fireEvent.click(within(bar).getByText('空菜单'));
    });
    await waitFor(() => expect(messages('warning')).toContain('该顶部菜单下还没有可用的菜单'));
    expect(headerMenu()).toEqual(['权限管理']);

    await act(async () => {
      fireEvent.click(within(bar).getByText('全部'));
    });
    await waitFor(() => expect(headerMenu()).toEqual(['权限管理', '系统管理']));
    expect(app.location()).toBe('/authority/role');
  });

  it('leaves the header alone without top menus', async () => {
    signIn();
    topBackend([]);
    await renderApp('/home');
    await waitFor(() => expect(headerMenu()).toEqual(['权限管理', '系统管理']));
    expect(screen.queryByTestId('top-menu')).toBeNull();
  });

  it('stays on a page the chosen menus still hold, or on a page outside the menus', () => {
    const menus = [menu('system', '系统管理', '/system', 1, [menu('user', '用户管理', '/system/user', 1)])];
    expect(landingPath(menus, '/system/user/edit/7')).toBeUndefined();
    expect(landingPath(menus, '/account/center')).toBeUndefined();
  });
});
