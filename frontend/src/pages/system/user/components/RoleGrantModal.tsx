//! The "assign roles" dialog of the user list: the chosen accounts get exactly the picked roles
//! (`user/grant`). With one account its current roles are preselected.
import { useIntl } from '@umijs/max';
import { Alert, Form } from 'antd';
import React, { useEffect } from 'react';
import { ActionModal, RoleTreeSelect } from '@/components/Crud';
import { grantUserRoles, type UserRecord } from '@/services/system/user';

export interface RoleGrantModalProps {
  users: UserRecord[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const RoleGrantModal: React.FC<RoleGrantModalProps> = ({ users, open, onClose }) => {
  const intl = useIntl();
  const [form] = Form.useForm<{ roleIds: string[] }>();

  useEffect(() => {
    if (!open) return;
    const current = users.length === 1 ? users[0].roleId.split(',').filter(Boolean) : [];
    form.setFieldsValue({ roleIds: current });
  }, [open, users, form]);

  return (
    <ActionModal
      open={open}
      title={intl.formatMessage({ id: 'pages.system.user.role.title' })}
      form={form}
      submit={({ roleIds }) => grantUserRoles(users.map((u) => u.id), roleIds)}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={intl.formatMessage({ id: 'pages.system.user.role.hint' }, { count: users.length })}
        description={users.map((u) => `${u.realName}（${u.account}）`).join('、')}
      />
      <Form form={form} layout="vertical" name="user-role-grant">
        <Form.Item
          name="roleIds"
          label={intl.formatMessage({ id: 'pages.system.user.field.roleId' })}
          rules={[{ required: true, message: intl.formatMessage({ id: 'pages.system.user.role.required' }) }]}
        >
          <RoleTreeSelect />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default RoleGrantModal;
