import { describe, expect, it } from 'vitest';
import routes, { availableRoutes, expandOptional, pageExists, routeTable, toUmiRoutes } from './routes';

const SPEC_PATHS = [
  '/user/login', '/user/register', '/user/register-result', '/user', '/index.html', '/', '/index', '/home',
  '/outputValue/annualOutputBreakdown', '/outputValue/parkMonthlyOutputValue',
  '/outputValue/explorationAndDecomposition', '/outputValue/report', '/outputValue/statistics',
  '/investment/projectManagement/projectWarehousing', '/investment/projectManagement/technicalRenovation',
  '/investment/trackProject', '/investment/inLibraryProject/targetTask',
  '/investment/inLibraryProject/investmentForecasting', '/investment/inLibraryProject/report',
  '/investment/inLibraryProject/statistics', '/investment/finishProject',
  '/result/success', '/result/fail', '/exception/403', '/exception/404', '/exception/500', '/exception',
  '/account/center', '/account/settings', '/account/settings/base', '/account/settings/password',
  '/authority/role', '/authority/role/add/:parentId?', '/authority/role/edit/:id', '/authority/role/view/:id',
  '/authority/datascope', '/authority/apiscope',
  '/system/enterprise', '/system/user', '/system/user/list', '/system/user/add', '/system/user/edit/:id',
  '/system/user/view/:id', '/system/user/platform/:id',
  ...['post', 'dept', 'menu', 'topmenu', 'param', 'tenant', 'client'].flatMap((e) => [
    `/system/${e}/list`, `/system/${e}/add`, `/system/${e}/edit/:id`, `/system/${e}/view/:id`,
  ]),
  '/system/post/add/:id', '/system/dept/add/:id', '/system/menu/add/:id',
  ...['dict', 'dictbiz'].flatMap((e) => [
    `/system/${e}/list`, `/system/${e}/view/:id`, `/system/${e}/add`, `/system/${e}/add/:id`,
    `/system/${e}/edit/:id`, `/system/${e}/sub/:parentId`,
  ]),
  ...['oss', 'sms'].flatMap((e) => [
    `/resource/${e}`, `/resource/${e}/list`, `/resource/${e}/add`, `/resource/${e}/edit/:id`, `/resource/${e}/view/:id`,
  ]),
  '/resource/attach', '/resource/attach/list',
];

describe('route table', () => {
  it('lists every route of SPEC §2', () => {
    const paths = new Set(routeTable.map((r) => r.path));
    SPEC_PATHS.forEach((p) => expect(paths, p).toContain(p));
  });

  it('has the redirects of SPEC §2', () => {
    const redirect = (p: string) => routeTable.find((r) => r.path === p)?.redirect;
    expect(redirect('/user')).toBe('/user/login');
    expect(redirect('/')).toBe('/index');
    expect(redirect('/index.html')).toBe('/index');
    expect(redirect('/account/settings')).toBe('/account/settings/base');
    expect(redirect('/system/user')).toBe('/system/user/list');
    expect(redirect('/resource/oss')).toBe('/resource/oss/list');
    expect(redirect('/resource/sms')).toBe('/resource/sms/list');
    expect(redirect('/resource/attach')).toBe('/resource/attach/list');
  });

  it('gates business areas by menu; login pages and the public big screen sit outside the layout', () => {
    const byPath = (p: string) => routeTable.find((r) => r.path === p)!;
    expect(byPath('/system/user/list').access).toBe('canMenu');
    expect(byPath('/outputValue/report').access).toBe('canMenu');
    expect(byPath('/resource/attach/list').access).toBe('canMenu');
    expect(byPath('/home').access).toBeUndefined();
    expect(byPath('/user/login').layout).toBe(false);
    expect(byPath('/dataAnalysis')).toMatchObject({ component: 'dataAnalysis', layout: false });
    expect(byPath('/dataAnalysis').access).toBeUndefined();
    expect(byPath('/system/zoneSetting')).toMatchObject({ component: 'system/zoneSetting', title: 'menu.system.zoneSetting', access: 'canMenu' });
    routeTable.filter((r) => r.component).forEach((r) => expect(r.title, r.path).toMatch(/^menu\./));
  });

  it('puts each log list at its menu path (no redirect) and an entry under view/:id', () => {
    ['login', 'operation', 'error'].forEach((log) => {
      const base = `/system/log/${log}`;
      expect(routeTable.find((r) => r.path === base)).toMatchObject({ component: `system/log/${log}/list`, title: `menu.system.log.${log}`, access: 'canMenu' });
      expect(routeTable.find((r) => r.path === `${base}/view/:id`)).toMatchObject({ component: `system/log/${log}/view`, title: `menu.system.log.${log}.view` });
    });
  });

  it('routes only pages that exist, and redirects whose target is routed', () => {
    const exists = (c: string) => ['home', 'system/user/list'].includes(c);
    const kept = availableRoutes(routeTable, exists).map((r) => r.path);
    expect(kept).toEqual(['/', '/index.html', '/index', '/home', '/system/user', '/system/user/list']);
  });

  it('hands Umi the pages of this build plus the 404 catch-all', () => {
    const paths = (routes as any[]).map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/user/login', '/index', '/home', '/account/settings/base', '/exception', '/system/user/list',
        '/investment/projectManagement/projectWarehousing', '/investment/projectManagement/technicalRenovation',
        '/investment/trackProject', '/investment/finishProject', '/system/zoneSetting',
      ]),
    );
    // a screen of a later issue (its page file not yet written) is left out, whichever it is today
    const unbuilt = routeTable.filter((r) => r.component && !pageExists(r.component)).map((r) => r.path);
    unbuilt.forEach((p) => expect(paths).not.toContain(p));
    expect(paths[paths.length - 1]).toBe('*');
    (routes as any[]).filter((r) => r.component).forEach((r) => {
      expect(pageExists(String(r.component).replace(/^\.\//, '')), r.component).toBe(true);
    });
    expect(toUmiRoutes([{ path: '/a', component: 'a/b' }])[0]).toEqual({ path: '/a', component: './a/b' });
  });

  it('splits an optional last segment in two routes (the router has no optional segments)', () => {
    expect(expandOptional({ path: '/authority/role/add/:parentId?', component: 'authority/role/add' }).map((r) => r.path)).toEqual([
      '/authority/role/add',
      '/authority/role/add/:parentId',
    ]);
    expect(expandOptional({ path: '/a/:id' })).toEqual([{ path: '/a/:id' }]);
    const paths = (routes as any[]).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/authority/role/add', '/authority/role/add/:parentId']));
  });
});
