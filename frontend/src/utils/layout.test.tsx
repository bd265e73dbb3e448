// The header of the split menus in the whole app: a top menu opens its first page, never the 404 page
// of its own path (`/system` is a menu, not a page), whether clicked or typed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend } from '../../tests/backend';
import { ok } from '../../tests/fetchMock';
import { signIn } from '../../tests/helpers';
import { menu, MENUS } from '../../tests/menus';
import { renderApp } from '../../tests/renderApp';
import { parentMenuLanding } from './menu';

const HEADER_ITEMS = '.ant-pro-top-nav-header-menu .ant-menu-title-content';
const headerItem = (text: string) => Array.from(document.querySelectorAll(HEADER_ITEMS)).find((n) => n.textContent === text) as HTMLElement;

function layoutBackend() {
  return backend({
    '/api/keeper-system/menu/routes': () =>
      ok([...MENUS, menu('authority', '权限管理', '/authority', 98, [menu('role', '角色管理', '/authority/role', 1)])]),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/user/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    '/api/keeper-system/role/list': () => ok([]),
    '/api/keeper-system/dept/commonList': () => ok([]),
  });
}

describe('top menus in the header', { timeout: 120_000 }, () => {
  it('open the first page below them', async () => {
    signIn();
    layoutBackend();
    const app = await renderApp('/home');
    await waitFor(() => expect(headerItem('权限管理')).toBeTruthy());
    const link = headerItem('权限管理').querySelector('a');
    expect(link?.getAttribute('href')).toBe('/authority/role');
    await act(async () => {
      fireEvent.click(link!);
    });
    await waitFor(() => expect(app.location()).toBe('/authority/role'));

    await act(async () => {
      fireEvent.click(headerItem('系统管理').querySelector('a')!);
    });
    // 用户管理 (sort 1) before 参数管理 (sort 8); its route moves on to the list
    await waitFor(() => expect(app.location()).toBe('/system/user/list'));
    expect(screen.queryByText('404')).toBeNull();
  });

  it('move on from their own address to their first page', async () => {
    signIn();
    layoutBackend();
    const app = await renderApp('/authority');
    await waitFor(() => expect(app.location()).toBe('/authority/role'));
    expect(screen.queryByText('404')).toBeNull();
  });

  it('still answer 404 at an address that is no menu', async () => {
    signIn();
    layoutBackend();
    await renderApp('/system/no-such-screen');
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('lead to the first page that is built, and only from their own address', () => {
    const built = (p: string) => p !== '/system/user';
    expect(parentMenuLanding(MENUS, '/system', built)).toBe('/system/param');
    expect(parentMenuLanding(MENUS, '/system/param', built)).toBeUndefined();
    expect(parentMenuLanding(MENUS, '/elsewhere', built)).toBeUndefined();
  });
});
