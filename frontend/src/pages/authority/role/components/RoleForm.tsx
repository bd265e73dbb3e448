//! The role form of /authority/role/add/:parentId?, edit/:id and view/:id.
import { ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import React from 'react';
import { CrudPage, type CrudMode, ProFormRoleTreeSelect } from '@/components/Crud';
import { getRole, type RoleFormValues, type RoleRecord, submitRole } from '@/services/authority/role';

export const LIST_PATH = '/authority/role';
/** The server's alias alphabet (services/system/src/roles/form.rs). */
const ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;

interface RoleFormFields {
  parentId?: string;
  parentName?: string;
  roleName?: string;
  roleAlias?: string;
  sort?: number;
}

export function toFormValues(r: RoleRecord): RoleFormFields {
  return {
    parentId: r.parentId && r.parentId !== '0' ? r.parentId : undefined,
    parentName: r.parentName,
    roleName: r.roleName,
    roleAlias: r.roleAlias,
    sort: r.sort,
  };
}

export function toSubmit(v: RoleFormFields, id?: string): RoleFormValues {
  const body: RoleFormValues = {
    parentId: v.parentId || '0',
    roleName: (v.roleName ?? '').trim(),
    roleAlias: (v.roleAlias ?? '').trim(),
    sort: v.sort ?? 0,
  };
  if (id) body.id = id;
  return body;
}

const RoleForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id, parentId } = useParams<{ id: string; parentId: string }>();
  const label = (f: string) => intl.formatMessage({ id: `pages.authority.role.field.${f}` });

  return (
    <CrudPage<RoleRecord, RoleFormFields>
      mode={mode}
      name="role-form"
      title={intl.formatMessage({ id: `menu.authority.role.${mode}` })}
      backTo={LIST_PATH}
      id={id}
      load={(rid) => getRole(rid)}
      toValues={toFormValues}
      initialValues={{ parentId: parentId || undefined, sort: 1 }}
      submit={(values) => submitRole(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {mode === 'view' ? (
        <ProFormText name="parentName" label={label('parentId')} />
      ) : (
        <ProFormRoleTreeSelect
          name="parentId"
          label={label('parentId')}
          exclude={id}
          placeholder={intl.formatMessage({ id: 'pages.authority.role.parent.top' })}
          fieldProps={{ multiple: false }}
        />
      )}
      <ProFormText name="roleName" label={label('roleName')} rules={[{ required: true }, { max: 64 }]} />
      <ProFormText
        name="roleAlias"
        label={label('roleAlias')}
        rules={[
          { required: true },
          { max: 64 },
          { pattern: ALIAS_PATTERN, message: intl.formatMessage({ id: 'pages.authority.role.alias.rule' }) },
        ]}
      />
      <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
    </CrudPage>
  );
};

export default RoleForm;
