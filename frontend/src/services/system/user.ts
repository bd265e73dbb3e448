//! keeper-system account administration (api-contract §4.6): the paged list, one account,
//! create-or-update, remove, role grant, password reset, unlock, enable/disable, and Excel export and
//! import.
import { downloadFile, uploadImport } from '@/utils/files';
import { md5 } from '@/utils/md5';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService, postForm } from '../crud';

const BASE = '/keeper-system/user';

/** UserVO of `user/list` and `user/detail`. Id lists (`roleId`, `deptId`, `postId`) are comma-joined. */
export interface UserRecord {
  id: string;
  tenantId: string;
  tenantName: string;
  code: string;
  userType: number;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  birthday: string;
  sex: number;
  sexName: string;
  roleId: string;
  roleName: string;
  deptId: string;
  deptName: string;
  postId: string;
  postName: string;
  /** 1 normal, 2 disabled, 3 registered and waiting for approval (dict user_status) */
  status: number;
  createTime: string;
  updateTime: string;
}

export interface UserListQuery {
  account?: string;
  realName?: string;
  phone?: string;
  deptId?: string;
  status?: string | number;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `user/submit`; `password` is plain text here and sent as md5 hex. */
export interface UserSubmit {
  id?: string;
  account?: string;
  password?: string;
  code?: string;
  userType?: number | string;
  name?: string;
  realName?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  sex?: number | string;
  roleId?: string;
  deptId?: string;
  postId?: string;
}

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;
/** A self-registered account nobody has approved yet: it cannot sign in. */
export const USER_PENDING = 3;

const users = crudService<UserRecord, UserListQuery, UserSubmit>(BASE);

export const listUsers = users.list;
export const getUser = users.detail;

/** POST user/submit (JSON): creates without `id` (the password goes out as md5 hex), updates with it
 * (never touching the password). Answers `{id}`. */
export function submitUser(values: UserSubmit, options?: KeeperRequestOptions) {
  const { password, ...rest } = values;
  return users.submit(values.id ? rest : { ...rest, password: md5(password ?? '') }, options);
}

const form = (url: string, data: Record<string, unknown>, options?: KeeperRequestOptions) =>
  postForm<Record<string, number>>(url, data, options);

export const removeUsers = users.remove;

/** Gives every listed account exactly these roles. */
export const grantUserRoles = (userIds: string[], roleIds: string[], options?: KeeperRequestOptions) =>
  form(`${BASE}/grant`, { userIds, roleIds }, options);

/** Back to the initial password (parameter `account.initPassword`); their sessions end. */
export const resetUserPasswords = (userIds: string[], options?: KeeperRequestOptions) =>
  form(`${BASE}/reset-password`, { userIds }, options);

/** Clears the failed sign-in counters. */
export const unlockUsers = (userIds: string[], options?: KeeperRequestOptions) => form(`${BASE}/unlock`, { userIds }, options);

/**
 * Decides about self-registered accounts: approving activates them (with `roleIds` when given, which
 * needs the role-assignment right too); rejecting removes them.
 */
export const auditUsers = (userIds: string[], verdict: 'approve' | 'reject', roleIds: string[] = [], options?: KeeperRequestOptions) =>
  form(`${BASE}/audit`, { userIds, status: verdict === 'approve' ? 1 : 2, ...(verdict === 'approve' && roleIds.length ? { roleIds } : {}) }, options);

/** 1 enables, 2 disables (and ends the accounts' sessions). */
export const setUsersStatus = (userIds: string[], status: number, options?: KeeperRequestOptions) =>
  form(`${BASE}/enable`, { userIds, status }, options);

/** GET post/select: the tenant's posts, for the account form. */
export async function selectPosts(options?: KeeperRequestOptions) {
  return call<{ id: string; postName: string }[]>('/keeper-system/post/select', {
    method: 'GET',
    showMsg: false,
    ...options,
  });
}

/** The xlsx of the accounts the list shows for these filters and this sort (all pages). */
export function exportUsers(query: UserListQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(`${BASE}/export-user`, filters, fallbackName);
}

/** The empty import template (its notes say what each column accepts). */
export function downloadUserTemplate(fallbackName: string) {
  return downloadFile(`${BASE}/export-template`, {}, fallbackName);
}

/**
 * Multipart `file` and `isCovered` (1: an existing account is updated; 0: reported). New accounts get
 * the initial password. Answers `{created, updated}`; a refused file fails with HTTP 400 whose `data`
 * lists every bad row, and nothing is written.
 */
export function importUsers(file: File, covered: boolean, options?: KeeperRequestOptions) {
  return uploadImport<{ created: number; updated: number }>(`${BASE}/import-user`, file, covered, options);
}
