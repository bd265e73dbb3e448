//! keeper-system top-menu administration (api-contract §4.2): the paged list, one top menu,
//! create-or-update, remove, and which side menus each top menu groups (`menu/grant-top-tree`,
//! `menu/top-tree-keys`, `topmenu/grant`).
import { request } from '@umijs/max';
import type { TreeNode } from '@/services/authority/role';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

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

export async function listTopMenus(params: TopMenuListQuery = {}, options?: KeeperRequestOptions) {
  return request<API.Result<API.Page<TopMenuRecord>>>(`${BASE}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions);
}

export async function getTopMenu(id: string, options?: KeeperRequestOptions) {
  return request<API.Result<TopMenuRecord>>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

export async function submitTopMenu(values: TopMenuSubmit, options?: KeeperRequestOptions) {
  return request<API.Result<{ id: string }>>(`${BASE}/submit`, { method: 'POST', data: values, ...options } as KeeperRequestOptions);
}

export async function removeTopMenus(ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE}/remove`, { ids }, options);
}

/** The menus (no buttons) the caller may group under a top menu. */
export async function getTopGrantTree(options?: KeeperRequestOptions) {
  return request<API.Result<{ menu: TreeNode[] }>>('/keeper-system/menu/grant-top-tree', {
    method: 'GET',
    ...options,
  } as KeeperRequestOptions);
}

/** The menu ids grouped under these top menus now. */
export async function getTopTreeKeys(topMenuIds: string[], options?: KeeperRequestOptions) {
  return request<API.Result<{ menu: string[] }>>('/keeper-system/menu/top-tree-keys', {
    method: 'GET',
    params: { topMenuIds: topMenuIds.join(',') },
    ...options,
  } as KeeperRequestOptions);
}

/** Gives each listed top menu exactly these menus (JSON `{topMenuIds, menuIds}`). */
export async function grantTopMenus(topMenuIds: string[], menuIds: string[], options?: KeeperRequestOptions) {
  return request<API.Result<{ count: number }>>(`${BASE}/grant`, {
    method: 'POST',
    data: { topMenuIds, menuIds },
    ...options,
  } as KeeperRequestOptions);
}
