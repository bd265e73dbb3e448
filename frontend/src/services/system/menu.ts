//! keeper-system menu administration (api-contract §4.1): the tree of menus and buttons, the tree of
//! menus alone (parent picker), one entry, create-or-update and remove. The menu tree is shared by
//! every tenant, so the server lets only the platform administrator change it.
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';

const BASE = '/keeper-system/menu';

export const MENU = 1;
export const BUTTON = 2;

/** MenuVO of `menu/list`, `menu/menu-list` and `menu/detail`. */
export interface MenuRecord {
  id: string;
  parentId: string;
  parentName: string;
  code: string;
  name: string;
  /** `menu` for menus; the action keyword for buttons (add, edit, delete…) */
  alias: string;
  /** front-end route, external URL, or for some buttons the API path they post to */
  path: string;
  /** icon name (antd v3 kebab-case, e.g. `line-chart`) */
  source: string;
  sort: number;
  /** 1 menu, 2 button (dict menu_category) */
  category: number;
  categoryName: string;
  /** button placement: 0 none, 1 toolbar, 2 row, 3 both (dict button_func) */
  action: number;
  actionName: string;
  /** 1 same window, 2 new window (dict yes_no: 1 否, 2 是) */
  isOpen: number;
  isOpenName: string;
  remark: string;
  children?: MenuRecord[];
}

export interface MenuListQuery {
  code?: string;
  name?: string;
  alias?: string;
}

export interface MenuSubmit {
  id?: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string;
}

/** Every menu and button that matches, as a tree with their ancestors. */
export async function listMenus(params: MenuListQuery = {}, options?: KeeperRequestOptions) {
  return call<MenuRecord[]>(`${BASE}/list`, { method: 'GET', params, ...options });
}

/** The menus alone (no buttons) as a tree: what a menu or button can be placed under. */
export async function listMenuParents(options?: KeeperRequestOptions) {
  return call<MenuRecord[]>(`${BASE}/menu-list`, { method: 'GET', showMsg: false, ...options });
}

const menus = crudService<MenuRecord, MenuListQuery, MenuSubmit>(BASE);

export const getMenu = menus.detail;
/** POST menu/submit (JSON): creates without `id`, updates with it; answers `{id}`. */
export const submitMenu = menus.submit;
/** Soft-deletes; the server refuses a menu with children or scope rules. */
export const removeMenus = menus.remove;
