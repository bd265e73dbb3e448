//! keeper-system top-menu administration (api-contract §4.2): the paged list, one top menu,
//! create-or-update, remove, and which side menus each top menu groups (`menu/grant-top-tree`,
//! `menu/top-tree-keys`, `topmenu/grant`).
import type { TreeNode } from '@/services/authority/role';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';

const BASE = '/keeper-system/topmenu';

export interface TopMenuRecord {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  /** icon name */
  source: string;
  /** the page opened when the top menu is chosen (optional) */
  path: string;
  sort: number;
  createTime: string;
  updateTime: string;
}

export interface TopMenuListQuery {
  code?: string;
  name?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface TopMenuSubmit {
  id?: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

const topMenus = crudService<TopMenuRecord, TopMenuListQuery, TopMenuSubmit>(BASE);

export const listTopMenus = topMenus.list;
export const getTopMenu = topMenus.detail;
export const submitTopMenu = topMenus.submit;
export const removeTopMenus = topMenus.remove;

/** The menus (no buttons) the caller may group under a top menu. */
export async function getTopGrantTree(options?: KeeperRequestOptions) {
  return call<{ menu: TreeNode[] }>('/keeper-system/menu/grant-top-tree', {
    method: 'GET',
    ...options,
  });
}

/** The menu ids grouped under these top menus now. */
export async function getTopTreeKeys(topMenuIds: string[], options?: KeeperRequestOptions) {
  return call<{ menu: string[] }>('/keeper-system/menu/top-tree-keys', {
    method: 'GET',
    params: { topMenuIds: topMenuIds.join(',') },
    ...options,
  });
}

/** Gives each listed top menu exactly these menus (JSON `{topMenuIds, menuIds}`). */
export async function grantTopMenus(topMenuIds: string[], menuIds: string[], options?: KeeperRequestOptions) {
  return call<{ count: number }>(`${BASE}/grant`, {
    method: 'POST',
    data: { topMenuIds, menuIds },
    ...options,
  });
}
