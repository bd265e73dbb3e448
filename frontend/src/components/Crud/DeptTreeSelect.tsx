//! Department pickers over the tenant's department tree (`dept/commonList`, cached like a
//! dictionary): a plain TreeSelect and a ProForm field (read-only in view forms). A picker for a field
//! that only some departments may fill says so with `fit` (a park, an industry authority): it offers
//! only the departments whose power type fits.
import { ProFormTreeSelect, type ProFormTreeSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Form, TreeSelect, type TreeSelectProps } from 'antd';
import React, { useMemo } from 'react';
import { getDeptTree } from '@/services/dict';
import { choiceRules } from '@/utils/formRules';
import { shared, toTreeOptions, TREE_SELECT_DEFAULTS, type TreeOption, useOptions } from './useOptions';

export interface DeptTreeOption extends TreeOption {
  powerType?: number;
  children?: DeptTreeOption[];
}

/**
 * What a department field holds, by power type (dictionary `dept_power_type`): `park` (属地园区) a
 * 管委会 (1) or a 属地单位 — park, area, street, town (2); `industry` (行业主管部门) an industry
 * authority (3). A field without one (an account's departments, 包保部门, a data scope) takes any.
 */
export type DeptFit = 'park' | 'industry';

const POWER_TYPES: Record<DeptFit, number[]> = { park: [1, 2], industry: [3] };

/**
 * The departments that fit, pickable; the ancestors leading to them stay, disabled, so that the tree
 * still reads as a tree (自然资源局 › 东片区); branches without any fitting department are left out.
 * The departments in `keep` (what the field holds now) stay too, disabled when they do not fit: a
 * record filed before its department changed type still shows the department's name, not its id.
 */
export function deptsFitting(tree: DeptTreeOption[], fit: DeptFit | undefined, keep: ReadonlySet<string> = new Set()): DeptTreeOption[] {
  if (!fit) return tree;
  const fits = (n: DeptTreeOption) => n.powerType !== undefined && POWER_TYPES[fit].includes(n.powerType);
  const out: DeptTreeOption[] = [];
  tree.forEach((n) => {
    const children = deptsFitting(n.children ?? [], fit, keep);
    if (!fits(n) && !keep.has(n.value) && !children.length) return;
    const node: DeptTreeOption = { ...n, children: children.length ? children : undefined };
    if (!fits(n)) node.disabled = true;
    out.push(node);
  });
  return out;
}

/** The values a field holds, as a set (one id, several, or none). */
const heldValues = (value: unknown): ReadonlySet<string> =>
  new Set((Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(String));

export function loadDeptTree(opts: { reload?: boolean } = {}): Promise<DeptTreeOption[]> {
  const withPowerType = (list: API.DeptOption[]) => toTreeOptions(list, (o) => ({ powerType: o.powerType })) as DeptTreeOption[];
  return shared(`dept:tree:${opts.reload ? 'fresh' : 'cached'}`, () => getDeptTree(opts).then(withPowerType));
}

/** The department tree, narrowed to the departments that `fit` when given (and those held now). */
export function useDeptTree(fit?: DeptFit, held?: unknown) {
  const { options, loading } = useOptions<DeptTreeOption>('dept:tree', () => loadDeptTree());
  const heldKey = JSON.stringify(held ?? null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fitting = useMemo(() => deptsFitting(options, fit, heldValues(held)), [options, fit, heldKey]);
  return { options: fitting, loading };
}

interface FitProps {
  /** offer only the departments that can fill this field */
  fit?: DeptFit;
}

/** Pick a department (`multiple` for accounts that belong to several). */
export const DeptTreeSelect: React.FC<Omit<TreeSelectProps, 'treeData'> & FitProps> = ({ fit, ...props }) => {
  const { options, loading } = useDeptTree(fit, props.value);
  return <TreeSelect {...TREE_SELECT_DEFAULTS} loading={loading} treeData={options} {...props} />;
};

export function ProFormDeptTreeSelect({ fieldProps, fit, rules, ...rest }: Omit<ProFormTreeSelectProps, 'request' | 'options'> & FitProps) {
  const intl = useIntl();
  const form = Form.useFormInstance();
  const held = Form.useWatch(rest.name ?? [], form);
  const { options, loading } = useDeptTree(fit, rest.name === undefined ? undefined : held);
  return (
    <ProFormTreeSelect
      {...rest}
      rules={choiceRules(intl, rules, rest.label)}
      fieldProps={{ ...TREE_SELECT_DEFAULTS, loading, treeData: options, ...fieldProps }}
    />
  );
}
