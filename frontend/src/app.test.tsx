// Start-up and runtime configuration of src/app.tsx (SPEC §1, §2, §6, §9).
import { describe, expect, it } from 'vitest';
import { backend, path } from '../tests/backend';
import { fail, ok } from '../tests/fetchMock';
import { currentUrl, goTo, signIn } from '../tests/helpers';
import { MENUS } from '../tests/menus';
import { getInitialState, layout, modifyContextOpts, onRouteChange } from './app';
import { STORAGE_KEYS } from './utils/authority';
import { setClientRoutes } from './utils/routes';

describe('getInitialState', () => {
  it('loads nothing on public paths', async () => {
    goTo('/user/login');
    const { calls } = backend();
    const state = await getInitialState();
    expect(calls).toHaveLength(0);
    expect(state.currentUser).toBeUndefined();
    expect(state.settings.title).toBe('经济调度平台');
  });

  it('logs out when there is no token on a private path', async () => {
    goTo('/account/center');
    const { calls } = backend();
    const state = await getInitialState();
    expect(calls).toHaveLength(0);
    expect(state.currentUser).toBeUndefined();
    expect(currentUrl()).toBe('/user/login?redirect=%2Faccount%2Fcenter');
  });

  it('loads menus, buttons, top menus, the user, four dictionaries and the park companies', async () => {
    goTo('/home');
    signIn();
    const { calls } = backend();
    const state = await getInitialState();
    const called = calls.map(path);
    expect(called).toEqual(
      expect.arrayContaining([
        '/api/keeper-system/menu/routes',
        '/api/keeper-system/menu/buttons',
        '/api/keeper-system/menu/top-menu',
        '/api/keeper-system/user/info',
        '/api/parkCompany/list',
      ]),
    );
    expect(calls.filter((c) => path(c) === '/api/parkCompany/list')[0].method).toBe('POST');
    expect(called.filter((p) => p.endsWith('/dict-biz/dictionary'))).toHaveLength(4);
    expect(state.menus).toEqual(MENUS);
    expect(state.currentUser).toMatchObject({ account: 'admin', tenant_id: '000000', tenantName: '管理组', realName: '管理员' });
    expect(state.dicts?.industry).toEqual([{ value: '1', label: 'industry', key: '1' }]);
    expect(state.parkCompanies).toEqual([{ id: 'c1', companyName: '甲公司' }]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.routes)!)).toEqual(MENUS);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.buttons)!)).toEqual([
      { code: 'user', buttons: [expect.objectContaining({ code: 'user_add' })] },
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.topMenus)!)).toEqual([
      { id: 't1', code: 'park', name: '园区', source: 'bank', sort: 1 },
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!)).toMatchObject({ account: 'admin' });
    expect(window.location.pathname).toBe('/home');
  });

  it('logs out when the menu load returns nothing', async () => {
    goTo('/home');
    signIn();
    backend({ '/api/keeper-system/menu/routes': () => ok([]) });
    const state = await getInitialState();
    expect(state.currentUser).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(currentUrl()).toBe('/user/login?redirect=%2Fhome');
  });

  it('logs out when the menu load fails', async () => {
    goTo('/home');
    signIn();
    backend({ '/api/keeper-system/menu/routes': () => fail(500, '服务器异常') });
    const state = await getInitialState();
    expect(state.menus).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.location.pathname).toBe('/user/login');
  });

  it('survives a missing park company service and dictionaries', async () => {
    goTo('/home');
    signIn();
    backend({
      '/api/parkCompany/list': () => fail(404, 'not found'),
      '/api/keeper-system/dict-biz/dictionary': () => fail(500, 'boom'),
    });
    const state = await getInitialState();
    expect(state.currentUser?.account).toBe('admin');
    expect(state.parkCompanies).toEqual([]);
    expect(state.dicts?.company_type).toEqual([]);
  });
});

describe('runtime layout', () => {
  it('returns the SPEC §1 settings with dark navigation tokens', () => {
    const cfg: any = (layout as any)({ initialState: undefined, setInitialState: () => undefined });
    expect(cfg).toMatchObject({
      navTheme: 'light',
      layout: 'mix',
      splitMenus: true,
      contentWidth: 'Fluid',
      fixSiderbar: true,
      fixedHeader: false,
      colorWeak: false,
      iconfontUrl: '',
      colorPrimary: '#1890ff',
      title: '经济调度平台',
      rightContentRender: false,
    });
    expect(cfg.token.header.colorBgHeader).toBe('#001529');
    expect(cfg.token.sider.colorMenuBackground).toBe('#001529');
  });

  it('builds the menu from the server menus that have a page in this build', () => {
    setClientRoutes([
      { path: '/system/user', redirect: '/system/user/list' },
      { path: '/system/user/list' },
      { path: '*' },
    ]);
    const cfg: any = (layout as any)({
      initialState: { settings: undefined, currentUser: { account: 'admin' }, menus: MENUS },
    });
    const menu = cfg.menuDataRender([]);
    expect(menu.map((m: any) => m.name)).toEqual(['系统管理']);
    expect(menu[0].children.map((m: any) => [m.name, m.path])).toEqual([['用户管理', '/system/user']]);
  });
});

describe('route hooks', () => {
  it('sets the document title from the route title', () => {
    setClientRoutes([{ path: '/account/center', title: 'menu.account.center' }, { path: '*' }]);
    signIn();
    goTo('/account/center');
    onRouteChange({ location: { pathname: '/account/center' } });
    expect(document.title).toBe('个人中心 - 经济调度平台');
    onRouteChange({ location: { pathname: '/nowhere' } });
    expect(document.title).toBe('经济调度平台');
  });

  it('logs out on a private path without a token, not on a public one', () => {
    goTo('/user/login');
    onRouteChange({ location: { pathname: '/user/login' } });
    expect(currentUrl()).toBe('/user/login');
    goTo('/home');
    onRouteChange({ location: { pathname: '/home' } });
    expect(currentUrl()).toBe('/user/login?redirect=%2Fhome');
  });

  it('takes the router base from window.routerBase', () => {
    expect(modifyContextOpts({})).toEqual({ basename: '/' });
    window.routerBase = '/park/';
    try {
      expect(modifyContextOpts({ x: 1 })).toEqual({ x: 1, basename: '/park/' });
    } finally {
      delete window.routerBase;
    }
  });
});
