// Fixtures shared by the screen tests: the menus that reach the organisation screens (dept, post,
// menu, topmenu, dict) and the resource screens (oss, sms, attach), their buttons as the seed grants
// them, the system dictionaries they show, and fake back ends built on ./backend.ts. What a test does
// on the page is in ./page.ts.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { backend } from './backend';
import { ok, type RecordedRequest } from './fetchMock';
import { signIn, submitForm } from './helpers';
import { menu } from './menus';
import { body, last, menuButton, query } from './page';
import { renderApp } from './renderApp';

export const ORG_MENUS: API.MenuRoute[] = [
  menu('system', '系统管理', '/system', 99, [
    menu('dept', '机构管理', '/system/dept', 2),
    menu('post', '岗位管理', '/system/post', 3),
    menu('dict', '系统字典', '/system/dict', 4),
    menu('dictbiz', '业务字典', '/system/dictbiz', 5),
    menu('menu', '菜单管理', '/system/menu', 6),
    menu('topmenu', '顶部菜单', '/system/topmenu', 7),
  ]),
];

/** The seed's add/edit/delete/view buttons of a menu: `api` is where its service lives (delete posts
 * there), `base` the route of its pages. */
export function crudButtons(menuCode: string, api = `/api/keeper-system/${menuCode}`, base = `/system/${menuCode}`): API.MenuButton[] {
  return [
    menuButton(menuCode, 'add', 1, `${base}/add`, 1),
    menuButton(menuCode, 'edit', 2, `${base}/edit`, 2),
    menuButton(menuCode, 'delete', 3, `${api}/remove`, 3),
    menuButton(menuCode, 'view', 2, `${base}/view`, 4),
  ];
}

/** `menu/buttons`: each menu with the buttons granted on it. */
export function grantedButtons(groups: Record<string, API.MenuButton[]>) {
  return Object.entries(groups).map(([code, children]) => ({ id: code, parentId: 'system', code, name: code, alias: 'menu', path: `/system/${code}`, children }));
}

export const SYSTEM_DICTS: Record<string, [string, string][]> = {
  org_category: [['1', '公司'], ['2', '部门'], ['3', '小组']],
  post_category: [['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']],
  menu_category: [['1', '菜单'], ['2', '按钮']],
  button_func: [['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']],
  yes_no: [['1', '否'], ['2', '是']],
};
export const POWER_TYPES: [string, string][] = [['1', '管委会(综合统筹)'], ['2', '属地单位(园区/片区/街道/镇)']];

const items = (list: [string, string][]) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));

/** The whole app's fake back end, reaching the organisation screens with these buttons. */
export function orgBackend(buttons: Record<string, API.MenuButton[]>, over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(ORG_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () => ok(grantedButtons(buttons)),
    '/api/keeper-system/dict/dictionary': (req) => ok(items(SYSTEM_DICTS[query(req).code] ?? [])),
    '/api/keeper-system/dept/getPowerType': () => ok(items(POWER_TYPES)),
    ...over,
  });
}

export const RESOURCE_MENUS: API.MenuRoute[] = [
  menu('resource', '资源管理', '/resource', 98, [
    menu('oss', '对象存储', '/resource/oss', 1),
    menu('sms', '短信配置', '/resource/sms', 2),
    menu('attach', '附件管理', '/resource/attach', 3),
  ]),
];

/** The seed's buttons of a configuration menu (oss, sms): add on the toolbar; view, edit, enable and
 * delete on the rows. */
export function configButtons(code: 'oss' | 'sms'): API.MenuButton[] {
  return [
    menuButton(code, 'add', 1, `/resource/${code}/add`, 1),
    menuButton(code, 'view', 2, `/resource/${code}/view`, 2),
    menuButton(code, 'edit', 2, `/resource/${code}/edit`, 3),
    menuButton(code, 'enable', 2, `/api/keeper-resource/${code}/enable`, 4),
    menuButton(code, 'delete', 2, `/api/keeper-resource/${code}/remove`, 5),
  ];
}

/** A page of records as the list calls answer it. */
export const page = <T>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

/** The whole app's fake back end, reaching the resource screens with these buttons. */
export function resourceBackend(buttons: Record<string, API.MenuButton[]>, over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(RESOURCE_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () => ok(grantedButtons(buttons)),
    ...over,
  });
}

/** Submits the configuration form of `kind`, waits for the way back to the list, and answers the
 * JSON body the form sent. */
export async function submitConfig(kind: 'oss' | 'sms', app: { location: () => string }, calls: RecordedRequest[]) {
  await submitForm(`${kind}-form`);
  await waitFor(() => expect(app.location()).toBe(`/resource/${kind}/list`));
  return body(last(calls, `/api/keeper-resource/${kind}/submit`)!);
}

/** Signs in, serves the screens through `serve` with a submit that succeeds, and opens `route`. */
export async function openConfigForm(kind: 'oss' | 'sms', route: string, serve: (over: Parameters<typeof backend>[0]) => { calls: RecordedRequest[] }) {
  signIn();
  const { calls } = serve({ [`/api/keeper-resource/${kind}/submit`]: () => ok({ id: '9' }) });
  const app = await renderApp(route);
  return { calls, app };
}
