//! The "assign roles" dialog of the user list: the chosen accounts get exactly the picked roles
//! (`user/grant`). With one account its current roles are preselected.
import { useIntl } from '@umijs/max';
import { Alert, Form, Modal } from 'antd';
import React, { useEffect, useState } from 'react';
import { announceSuccess, RoleTreeSelect } from '@/components/Crud';
import { grantUserRoles, type UserRecord } from '@/services/system/user';

export interface RoleGrantModalProps {
  users: UserRecord[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const RoleGrantModal: React.FC<RoleGrantModalProps> = ({ users, open, onClose }) => {
  const intl = useIntl();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const current = users.length === 1 ? users[0].roleId.split(',').filter(Boolean) : [];
    form.setFieldsValue({ roleIds: current });
  }, [open, users, form]);

  const save = async () => {
    const { roleIds } = await form.validateFields();
    setSaving(true);
    try {
      const res = await grantUserRoles(
        users.map((u) => u.id),
        roleIds,
      );
      announceSuccess(res);
      if (res?.success) onClose(true);
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'pages.system.user.role.title' })}
      okText={intl.formatMessage({ id: 'crud.ok' })}
      cancelText={intl.formatMessage({ id: 'crud.cancel' })}
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
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
    </Modal>
  );
};

export default RoleGrantModal;
