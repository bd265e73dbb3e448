//! keeper-system menu calls (api-contract §4.1): the side-menu tree, buttons, top menus.
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from './crud';

/** GET /menu/routes: the menu tree the user may use. */
export async function getRoutes(params?: { topMenuId?: string }, options?: KeeperRequestOptions) {
  return call<API.MenuRoute[]>('/keeper-system/menu/routes', {
    method: 'GET',
    params,
    showMsg: false,
    ...options,
  });
}

/** GET /menu/buttons: menus with their buttons; shows no message (SPEC §7). */
export async function getButtons(options?: KeeperRequestOptions) {
  return call<API.ButtonMenu[]>('/keeper-system/menu/buttons', {
    method: 'GET',
    showMsg: false,
    ...options,
  });
}

/** GET /menu/top-menu: the tenant's top menus. */
export async function getTopMenus(options?: KeeperRequestOptions) {
  return call<API.TopMenu[]>('/keeper-system/menu/top-menu', {
    method: 'GET',
    showMsg: false,
    ...options,
  });
}
