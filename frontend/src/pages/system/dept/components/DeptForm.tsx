//! The department form of /system/dept/add/:id?, edit/:id and view/:id: the parent from the tenant's
//! department tree (never the department itself or one below it), the category from the system
//! dictionary `org_category` and the power type from `dept/getPowerType`.
import { ProFormDigit, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import React, { useEffect, useState } from 'react';
import {
  CrudPage,
  type CrudMode,
  fromTreeNodes,
  ProFormDictSelect,
  TREE_SELECT_DEFAULTS,
  type TreeOption,
  withoutBranch,
} from '@/components/Crud';
import { type DeptRecord, type DeptSubmit, getDept, getDeptPickerTree, submitDept } from '@/services/system/dept';

export const LIST_PATH = '/system/dept/list';

export interface DeptFormValues {
  parentId?: string;
  parentName?: string;
  deptName?: string;
  fullName?: string;
  deptCategory?: string;
  powerType?: string;
  sort?: number;
  remark?: string;
}

/** A dictionary-valued number as a select value; 0 and below are "not set". */
const dictKey = (n: number | undefined) => (n !== undefined && n !== null && Number(n) > 0 ? String(n) : undefined);

export function toFormValues(d: DeptRecord): DeptFormValues {
  return {
    parentId: d.parentId && d.parentId !== '0' ? d.parentId : undefined,
    parentName: d.parentName,
    deptName: d.deptName,
    fullName: d.fullName,
    deptCategory: dictKey(d.deptCategory),
    powerType: dictKey(d.powerType),
    sort: d.sort,
    remark: d.remark,
  };
}

export function toSubmit(v: DeptFormValues, id?: string): DeptSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: DeptSubmit = {
    parentId: v.parentId || '0',
    deptName: text(v.deptName),
    fullName: text(v.fullName),
    deptCategory: Number(v.deptCategory),
    powerType: Number(v.powerType),
    sort: v.sort ?? 0,
    remark: text(v.remark),
  };
  if (id) body.id = id;
  return body;
}

/** The tenant's department tree for the parent picker, fetched on every visit (the list may have
 * changed a moment ago). */
function useParentTree(enabled: boolean) {
  const [state, setState] = useState<{ options: TreeOption[]; loading: boolean }>({ options: [], loading: enabled });
  useEffect(() => {
    if (!enabled) return undefined;
    let alive = true;
    getDeptPickerTree()
      .then((res) => (res?.success ? fromTreeNodes(res.data) : []))
      .catch(() => [] as TreeOption[])
      .then((options) => alive && setState({ options, loading: false }));
    return () => {
      alive = false;
    };
  }, [enabled]);
  return state;
}

const DeptForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const label = (f: string) => intl.formatMessage({ id: `pages.system.dept.field.${f}` });
  const parents = useParentTree(mode !== 'view');
  // add/:id names the parent; edit/:id and view/:id name the department itself.
  const parentFromPath = mode === 'add' ? id : undefined;

  return (
    <CrudPage<DeptRecord, DeptFormValues>
      mode={mode}
      name="dept-form"
      title={intl.formatMessage({ id: `menu.system.dept.${mode}` })}
      backTo={LIST_PATH}
      id={mode === 'add' ? undefined : id}
      load={(did) => getDept(did)}
      toValues={toFormValues}
      initialValues={{ parentId: parentFromPath, sort: 1 }}
      submit={(values) => submitDept(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {mode === 'view' ? (
        <ProFormText name="parentName" label={label('parentId')} />
      ) : (
        <ProFormTreeSelect
          name="parentId"
          label={label('parentId')}
          placeholder={intl.formatMessage({ id: 'pages.system.dept.parent.top' })}
          fieldProps={{
            ...TREE_SELECT_DEFAULTS,
            loading: parents.loading,
            treeData: withoutBranch(parents.options, mode === 'edit' ? id : undefined),
          }}
        />
      )}
      <ProFormText name="deptName" label={label('deptName')} rules={[{ required: true }, { max: 45 }]} />
      <ProFormText name="fullName" label={label('fullName')} rules={[{ max: 100 }]} />
      <ProFormDictSelect name="deptCategory" label={label('deptCategory')} code="org_category" source="system" rules={[{ required: true }]} />
      <ProFormDictSelect name="powerType" label={label('powerType')} code="dept_power_type" source="powerType" rules={[{ required: true }]} />
      <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
      <ProFormTextArea name="remark" label={label('remark')} rules={[{ max: 255 }]} colProps={{ span: 24 }} fieldProps={{ rows: 3 }} />
    </CrudPage>
  );
};

export default DeptForm;
