// Fixtures shared by the tests of the organisation screens (dept, post, menu, topmenu, dict): the
// menus that reach them, their buttons as the seed grants them, the system dictionaries they show,
// and a fake back end built on tests/backend.ts. What a test does on the page is in tests/page.ts.
import { backend } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { menuButton, query } from '../../../../tests/page';

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
