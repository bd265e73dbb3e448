//! The account form of /system/user/add, edit/:id and view/:id: the password only when creating
//! (sent as md5 hex), roles and departments from their trees, platform and sex from dictionaries.
import { ProFormDatePicker, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import dayjs from 'dayjs';
import React from 'react';
import { CrudPage, type CrudMode, ProFormDeptTreeSelect, ProFormDictSelect, ProFormRoleTreeSelect, useOptions } from '@/components/Crud';
import { getUser, selectPosts, submitUser, type UserRecord, type UserSubmit } from '@/services/system/user';
import { mobileRule, sameAsRule } from '@/utils/formRules';

export const LIST_PATH = '/system/user/list';
/** The server's account alphabet (services/system/src/users/form.rs). */
const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export interface UserFormValues {
  account?: string;
  password?: string;
  password2?: string;
  realName?: string;
  name?: string;
  code?: string;
  userType?: string;
  email?: string;
  phone?: string;
  sex?: string;
  birthday?: string;
  roleId?: string[];
  deptId?: string[];
  postId?: string[];
}

const ids = (list: string | undefined) => (list ? list.split(',').filter(Boolean) : []);
/** Numbers the server stores as "not set" (Blade writes -1 or 0 for them). */
const dictKey = (n: number | undefined) => (n !== undefined && n !== null && Number(n) > 0 ? String(n) : undefined);

export function toFormValues(u: UserRecord): UserFormValues {
  return {
    account: u.account,
    realName: u.realName,
    name: u.name,
    code: u.code,
    userType: dictKey(u.userType),
    email: u.email,
    phone: u.phone,
    sex: dictKey(u.sex),
    birthday: u.birthday ? u.birthday.slice(0, 10) : undefined,
    roleId: ids(u.roleId),
    deptId: ids(u.deptId),
    postId: ids(u.postId),
  };
}

/** Form values → the `user/submit` body (id lists comma-joined, dates in the server's format). */
export function toSubmit(v: UserFormValues, id?: string): UserSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: UserSubmit = {
    account: text(v.account),
    realName: text(v.realName),
    name: text(v.name),
    code: text(v.code),
    email: text(v.email),
    phone: text(v.phone),
    sex: v.sex ? Number(v.sex) : 0,
    birthday: v.birthday ? dayjs(v.birthday).format('YYYY-MM-DD 00:00:00') : '',
    roleId: (v.roleId ?? []).join(','),
    deptId: (v.deptId ?? []).join(','),
    postId: (v.postId ?? []).join(','),
  };
  if (v.userType) body.userType = Number(v.userType);
  if (id) body.id = id;
  else body.password = v.password ?? '';
  return body;
}

const UserForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const label = (f: string) => intl.formatMessage({ id: `pages.system.user.field.${f}` });
  const title = intl.formatMessage({ id: `menu.system.user.${mode}` });
  const posts = useOptions('post:select', async () => {
    const res = await selectPosts();
    return res?.success && Array.isArray(res.data) ? res.data.map((p) => ({ value: String(p.id), label: p.postName })) : [];
  });

  return (
    <CrudPage<UserRecord, UserFormValues>
      mode={mode}
      name="user-form"
      title={title}
      backTo={LIST_PATH}
      id={id}
      load={(uid) => getUser(uid)}
      toValues={toFormValues}
      initialValues={{ userType: '1' }}
      submit={(values) => submitUser(toSubmit(values, mode === 'edit' ? id : undefined))}
      fieldNames={{ password: 'password' }}
    >
      <ProFormText
        name="account"
        label={label('account')}
        rules={[
          { required: true },
          { max: 45 },
          { pattern: ACCOUNT_PATTERN, message: intl.formatMessage({ id: 'pages.system.user.account.rule' }) },
        ]}
      />
      <ProFormText name="realName" label={label('realName')} rules={[{ required: true }, { max: 20 }]} />
      {mode === 'add' ? (
        <>
          <ProFormText.Password
            name="password"
            label={label('password')}
            rules={[{ required: true }, { min: 6 }]}
            fieldProps={{ autoComplete: 'new-password' }}
          />
          <ProFormText.Password
            name="password2"
            label={label('password2')}
            dependencies={['password']}
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[{ required: true }, sameAsRule(intl, 'password')]}
          />
        </>
      ) : null}
      <ProFormRoleTreeSelect name="roleId" label={label('roleId')} rules={[{ required: true }]} />
      <ProFormDeptTreeSelect name="deptId" label={label('deptId')} fieldProps={{ multiple: true }} />
      <ProFormSelect
        name="postId"
        label={label('postId')}
        options={posts.options}
        fieldProps={{ mode: 'multiple', loading: posts.loading, allowClear: true, optionFilterProp: 'label' }}
      />
      <ProFormText name="name" label={label('name')} rules={[{ max: 20 }]} />
      <ProFormText name="code" label={label('code')} rules={[{ max: 12 }]} />
      <ProFormDictSelect name="userType" label={label('userType')} code="user_type" source="system" />
      <ProFormDictSelect name="sex" label={label('sex')} code="sex" source="system" />
      <ProFormText name="email" label={label('email')} rules={[{ type: 'email' }, { max: 45 }]} />
      <ProFormText
        name="phone"
        label={label('phone')}
        rules={[{ max: 20 }, mobileRule(intl)]}
      />
      <ProFormDatePicker name="birthday" label={label('birthday')} fieldProps={{ style: { width: '100%' } }} />
    </CrudPage>
  );
};

export default UserForm;
