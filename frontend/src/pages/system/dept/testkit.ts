// Fixtures shared by the tests of the organisation screens (dept, post, menu, topmenu, dict): the
// menus that reach them, their buttons as the seed grants them, the system dictionaries they show,
// and a fake back end built on tests/backend.ts.
import { waitFor } from '@testing-library/react';
import { backend } from '../../../../tests/backend';
import { ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';

export const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);
export const form = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(String(r.body)));
export const body = (r: RecordedRequest) => JSON.parse(String(r.body));

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

/** One button of a menu, shaped like `menu/buttons` children. */
export function button(menuCode: string, alias: string, action: number, path: string, sort: number): API.MenuButton {
  return { id: `${menuCode}-${alias}`, parentId: menuCode, code: `${menuCode}_${alias}`, name: alias, alias, path, action, sort };
}

/** The seed's add/edit/delete/view buttons of a menu (`apiName` is the service path segment). */
export function crudButtons(menuCode: string, apiName: string = menuCode): API.MenuButton[] {
  const base = `/system/${menuCode}`;
  return [
    button(menuCode, 'add', 1, `${base}/add`, 1),
    button(menuCode, 'edit', 2, `${base}/edit`, 2),
    button(menuCode, 'delete', 3, `/api/keeper-system/${apiName}/remove`, 3),
    button(menuCode, 'view', 2, `${base}/view`, 4),
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

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s/g, '');

/** The button whose text (spaces ignored) is `text`, inside `root`; role queries over the whole
 * layout are slow. */
export function buttonByText(text: string, root: ParentNode = document): HTMLButtonElement | undefined {
  return Array.from(root.querySelectorAll('button')).find((b) => squash(b.textContent) === squash(text));
}

/** The search form's submit button of a ProTable. */
export function searchButton(): HTMLButtonElement {
  const b = buttonByText('查询', document.querySelector('.ant-pro-query-filter') ?? document);
  if (!b) throw new Error('no 查询 button');
  return b;
}

/** The buttons of a list's toolbar, by text. */
export function toolbarButtons(): string[] {
  const bar = document.querySelector('.ant-pro-table-list-toolbar');
  return bar ? Array.from(bar.querySelectorAll('button')).map((b) => squash(b.textContent)) : [];
}

export function toolbarButton(text: string): HTMLButtonElement {
  const b = buttonByText(text, document.querySelector('.ant-pro-table-list-toolbar') ?? document);
  if (!b) throw new Error(`no toolbar button ${text}`);
  return b;
}

/** The texts of the buttons of a table row (the tree's expand button has none). */
export function rowButtonTexts(row: HTMLElement): string[] {
  return Array.from(row.querySelectorAll('button'))
    .map((b) => squash(b.textContent))
    .filter(Boolean);
}

/** The open dialog (modal or confirm). */
export function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = document.querySelector('.ant-modal');
    if (!dialog) throw new Error('no dialog');
    return dialog as HTMLElement;
  });
}
