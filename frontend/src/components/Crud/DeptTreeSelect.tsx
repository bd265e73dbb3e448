//! Department pickers over the tenant's department tree (`dept/commonList`, cached like a
//! dictionary): a plain TreeSelect and a ProForm field (read-only in view forms).
import { ProFormTreeSelect, type ProFormTreeSelectProps } from '@ant-design/pro-components';
import { TreeSelect, type TreeSelectProps } from 'antd';
import React from 'react';
import { getDeptTree } from '@/services/dict';
import { shared, toTreeOptions, TREE_SELECT_DEFAULTS, type TreeOption, useOptions } from './useOptions';

export function loadDeptTree(opts: { reload?: boolean } = {}): Promise<TreeOption[]> {
  return shared(`dept:tree:${opts.reload ? 'fresh' : 'cached'}`, () => getDeptTree(opts).then(toTreeOptions));
}

export function useDeptTree() {
  return useOptions<TreeOption>('dept:tree', () => loadDeptTree());
}

/** Pick a department (`multiple` for accounts that belong to several). */
export const DeptTreeSelect: React.FC<Omit<TreeSelectProps, 'treeData'>> = (props) => {
  const { options, loading } = useDeptTree();
  return <TreeSelect {...TREE_SELECT_DEFAULTS} loading={loading} treeData={options} {...props} />;
};

export function ProFormDeptTreeSelect({ fieldProps, ...rest }: Omit<ProFormTreeSelectProps, 'request' | 'options'>) {
  const { options, loading } = useDeptTree();
  return <ProFormTreeSelect {...rest} fieldProps={{ ...TREE_SELECT_DEFAULTS, loading, treeData: options, ...fieldProps }} />;
}
