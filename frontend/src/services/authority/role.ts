//! keeper-system role administration (api-contract §4.5) and the grant trees of §4.1: the role tree,
//! one role, create-or-update, remove, the picker tree, and granting menus, buttons and scopes.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

const BASE = '/keeper-system/role';

/** RoleVO of `role/list` (a tree) and `role/detail`. */
export interface RoleRecord {
  id: string;
  tenantId: string;
  parentId: string;
  parentName: string;
  roleName: string;
  roleAlias: string;
  sort: number;
  children?: RoleRecord[];
}

export interface RoleListQuery {
  roleName?: string;
  roleAlias?: string;
}

export interface RoleFormValues {
  id?: string;
  parentId?: string;
  roleName: string;
  roleAlias: string;
  sort?: number;
}

/** `TreeNode` of the picker and grant trees. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}

export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

export interface GrantParams {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** GET role/list: the tenant's roles as a tree (no paging). */
export async function listRoles(params: RoleListQuery = {}, options?: KeeperRequestOptions) {
  return request<API.Result<RoleRecord[]>>(`${BASE}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions);
}

export async function getRole(id: string, options?: KeeperRequestOptions) {
  return request<API.Result<RoleRecord>>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

/** POST role/submit (JSON): creates without `id`, updates with it; answers `{id}`. */
export async function submitRole(values: RoleFormValues, options?: KeeperRequestOptions) {
  return request<API.Result<{ id: string }>>(`${BASE}/submit`, {
    method: 'POST',
    data: values,
    ...options,
  } as KeeperRequestOptions);
}

export async function removeRoles(ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE}/remove`, { ids }, options);
}

/** GET role/tree: the roles the caller may hand out, as a picker tree. */
export async function getRoleTree(options?: KeeperRequestOptions) {
  return request<API.Result<TreeNode[]>>(`${BASE}/tree`, { method: 'GET', ...options } as KeeperRequestOptions);
}

/** GET menu/grant-tree: the menus, buttons and scope rules the caller may grant. */
export async function getGrantTree(options?: KeeperRequestOptions) {
  return request<API.Result<GrantTree>>('/keeper-system/menu/grant-tree', {
    method: 'GET',
    ...options,
  } as KeeperRequestOptions);
}

/** GET menu/role-tree-keys: what these roles hold now. */
export async function getRoleTreeKeys(roleIds: string[], options?: KeeperRequestOptions) {
  return request<API.Result<GrantKeys>>('/keeper-system/menu/role-tree-keys', {
    method: 'GET',
    params: { roleIds },
    ...options,
  } as KeeperRequestOptions);
}

/** POST role/grant (JSON): replaces the roles' menus, buttons and scopes. */
export async function grantRoles(params: GrantParams, options?: KeeperRequestOptions) {
  return request<API.Result<{ count: number }>>(`${BASE}/grant`, {
    method: 'POST',
    data: params,
    ...options,
  } as KeeperRequestOptions);
}
