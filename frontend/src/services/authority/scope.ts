//! keeper-system data-scope and API-scope rules (api-contract §4.12, §7): rules hang under a menu and
//! are granted to roles from the role screen. Everyone with the setting button reads them; only the
//! platform administrator changes them, because every tenant's roles may hold them.
import { currentTenantId, getAuthority } from '@/utils/authority';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';

export type ScopeKind = 'data' | 'api';

const BASE: Record<ScopeKind, string> = {
  data: '/keeper-system/data-scope',
  api: '/keeper-system/api-scope',
};

/** `scope_type` of a data rule whose `scopeValue` lists department ids. */
export const CUSTOM_SCOPE = 5;
/** `scope_type` of a data rule limited to the rows the user created (its column is always this one). */
export const OWN_SCOPE = 2;
export const CREATOR_COLUMN = 'create_user';

interface ScopeBase {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeType: number;
  scopeTypeName: string;
  remark: string;
  createTime: string;
  updateTime: string;
}

/** DataScopeView */
export interface DataScopeRecord extends ScopeBase {
  scopeField: string;
  scopeClass: string;
  scopeColumn: string;
  /** custom rules: comma-joined department ids */
  scopeValue: string;
}

/** ApiScopeView */
export interface ApiScopeRecord extends ScopeBase {
  scopePath: string;
}

export type ScopeRecord = DataScopeRecord | ApiScopeRecord;

export interface ScopeSubmit {
  id?: string;
  menuId: string;
  scopeName: string;
  resourceCode: string;
  scopeType: number;
  remark: string;
  /** data rules */
  scopeColumn?: string;
  scopeValue?: string;
  /** API rules */
  scopePath?: string;
}

/** `TreeNode` of `menu/tree`. */
export interface MenuTreeNode {
  id: string;
  parentId?: string;
  title: string;
  key?: string;
  value?: string;
  children?: MenuTreeNode[];
}

export async function listScopes<T extends ScopeRecord>(
  kind: ScopeKind,
  params: { menuId?: string; current?: number; size?: number; ascs?: string; descs?: string },
  options?: KeeperRequestOptions,
) {
  return call<API.Page<T>>(`${BASE[kind]}/list`, { method: 'GET', params, ...options });
}

export async function submitScope(kind: ScopeKind, data: ScopeSubmit, options?: KeeperRequestOptions) {
  return call<{ id: string }>(`${BASE[kind]}/submit`, { method: 'POST', data, ...options });
}

export async function removeScopes(kind: ScopeKind, ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE[kind]}/remove`, { ids }, options);
}

/** The category-1 menu tree rules hang under (needs `menu_view`). */
export async function getMenuTree(options?: KeeperRequestOptions) {
  return call<MenuTreeNode[]>('/keeper-system/menu/tree', { method: 'GET', ...options });
}

/** The platform tenant's administrator: the only one whose rule changes the server accepts. */
export function isPlatformAdministrator(): boolean {
  return currentTenantId() === '000000' && getAuthority().includes('administrator');
}
