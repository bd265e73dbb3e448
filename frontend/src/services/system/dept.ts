//! keeper-system department administration (api-contract §4.3): the tree list, one department,
//! create-or-update, remove, and the picker tree. The cached `dept/commonList` of the pickers
//! elsewhere is refreshed after every change here.
import { getDeptTree } from '@/services/dict';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';
import type { TreeNode } from '@/services/authority/role';

const BASE = '/keeper-system/dept';

/** DeptVO of `dept/list` (a tree) and `dept/detail`. */
export interface DeptRecord {
  id: string;
  tenantId: string;
  parentId: string;
  parentName: string;
  ancestors: string;
  /** 1 公司, 2 部门, 3 小组 (dict org_category) */
  deptCategory: number;
  deptCategoryName: string;
  /** dict dept_power_type (`dept/getPowerType`) */
  powerType: number;
  powerTypeName: string;
  deptName: string;
  fullName: string;
  sort: number;
  remark: string;
  children?: DeptRecord[];
  hasChildren?: boolean;
}

export interface DeptListQuery {
  deptName?: string;
  fullName?: string;
}

/** The body of `dept/submit`; without `id` it creates. */
export interface DeptSubmit {
  id?: string;
  parentId: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  powerType: number;
  sort: number;
  remark: string;
}

/** The tenant's departments that match, as a tree with their ancestors (no paging). */
export async function listDepts(params: DeptListQuery = {}, options?: KeeperRequestOptions) {
  return call<DeptRecord[]>(`${BASE}/list`, { method: 'GET', params, ...options });
}

const depts = crudService<DeptRecord, DeptListQuery, DeptSubmit>(BASE);

export const getDept = depts.detail;

/** The tenant's departments as picker nodes (`title` = name), always fresh. */
export async function getDeptPickerTree(options?: KeeperRequestOptions) {
  return call<TreeNode[]>(`${BASE}/tree`, { method: 'GET', showMsg: false, ...options });
}

/** The department pickers of other screens keep `dept/commonList` for a few minutes: renew it. */
function refreshPickers() {
  void getDeptTree({ reload: true });
}

/** POST dept/submit (JSON); answers `{id, tenantId, deptCategoryName}`. */
export async function submitDept(values: DeptSubmit, options?: KeeperRequestOptions) {
  const res = await call<{ id: string; tenantId: string; deptCategoryName: string }>(`${BASE}/submit`, {
    method: 'POST',
    data: values,
    ...options,
  });
  if (res?.success) refreshPickers();
  return res;
}

/** Soft-deletes; the server refuses a department with sub-departments or members. */
export async function removeDepts(ids: string[], options?: KeeperRequestOptions) {
  const res = await depts.remove(ids, options);
  if (res?.success) refreshPickers();
  return res;
}
