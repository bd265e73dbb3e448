//! keeper-system role administration (api-contract §4.5) and the grant trees of §4.1: the role tree,
//! one role, create-or-update, remove, the picker tree, and granting menus, buttons and scopes.
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';

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
  return call<RoleRecord[]>(`${BASE}/list`, { method: 'GET', params, ...options });
}

const roles = crudService<RoleRecord, RoleListQuery, RoleFormValues>(BASE);

export const getRole = roles.detail;
/** POST role/submit (JSON): creates without `id`, updates with it; answers `{id}`. */
export const submitRole = roles.submit;
export const removeRoles = roles.remove;

/** GET role/tree: the roles the caller may hand out, as a picker tree. */
export async function getRoleTree(options?: KeeperRequestOptions) {
  return call<TreeNode[]>(`${BASE}/tree`, { method: 'GET', ...options });
}

/** GET menu/grant-tree: the menus, buttons and scope rules the caller may grant. */
export async function getGrantTree(options?: KeeperRequestOptions) {
  return call<GrantTree>('/keeper-system/menu/grant-tree', {
    method: 'GET',
    ...options,
  });
}

/** GET menu/role-tree-keys: what these roles hold now. */
export async function getRoleTreeKeys(roleIds: string[], options?: KeeperRequestOptions) {
  return call<GrantKeys>('/keeper-system/menu/role-tree-keys', {
    method: 'GET',
    params: { roleIds },
    ...options,
  });
}

/** POST role/grant (JSON): replaces the roles' menus, buttons and scopes. */
export async function grantRoles(params: GrantParams, options?: KeeperRequestOptions) {
  return call<{ count: number }>(`${BASE}/grant`, {
    method: 'POST',
    data: params,
    ...options,
  });
}
