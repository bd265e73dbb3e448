//! Role pickers over `role/tree` (the roles the caller may hand out), loaded fresh on every mount
//! since a role added a moment ago must be offered: a plain TreeSelect and a ProForm field.
import { ProFormTreeSelect, type ProFormTreeSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { TreeSelect, type TreeSelectProps } from 'antd';
import React from 'react';
import { getRoleTree, type TreeNode } from '@/services/authority/role';
import { choiceRules } from '@/utils/formRules';
import { shared, TREE_SELECT_DEFAULTS, type TreeOption, useOptions } from './useOptions';

/** `TreeNode`s of the server (title/key/value) as picker options. */
export function fromTreeNodes(nodes: TreeNode[] | undefined): TreeOption[] {
  return (nodes ?? []).map((n) => {
    const value = String(n.value || n.id);
    const node: TreeOption = { value, title: n.title, label: n.title, key: String(n.key || value) };
    if (n.children?.length) node.children = fromTreeNodes(n.children);
    return node;
  });
}

export function loadRoleTree(): Promise<TreeOption[]> {
  return shared('role:tree', async () => {
    const res = await getRoleTree({ showMsg: false });
    return res?.success ? fromTreeNodes(res.data) : [];
  });
}

export function useRoleTree() {
  return useOptions<TreeOption>('role:tree', loadRoleTree);
}

/** The tree without the node `value` and everything below it (a role cannot sit under itself). */
export function withoutBranch(tree: TreeOption[], value: string | undefined): TreeOption[] {
  if (!value) return tree;
  return tree
    .filter((n) => n.value !== value)
    .map((n) => (n.children ? { ...n, children: withoutBranch(n.children, value) } : n));
}

interface ExcludeProps {
  /** leave out this role and the roles below it */
  exclude?: string;
}

/** Pick roles; several by default, since an account may hold more than one. */
export const RoleTreeSelect: React.FC<Omit<TreeSelectProps, 'treeData'> & ExcludeProps> = ({ exclude, ...props }) => {
  const { options, loading } = useRoleTree();
  return <TreeSelect {...TREE_SELECT_DEFAULTS} multiple loading={loading} treeData={withoutBranch(options, exclude)} {...props} />;
};

export function ProFormRoleTreeSelect({
  fieldProps,
  exclude,
  rules,
  ...rest
}: Omit<ProFormTreeSelectProps, 'request' | 'options'> & ExcludeProps) {
  const intl = useIntl();
  const { options, loading } = useRoleTree();
  return (
    <ProFormTreeSelect
      {...rest}
      rules={choiceRules(intl, rules, rest.label)}
      fieldProps={{ ...TREE_SELECT_DEFAULTS, multiple: true, loading, treeData: withoutBranch(options, exclude), ...fieldProps }}
    />
  );
}
