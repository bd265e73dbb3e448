//! The review of a self-registered account (`user/audit`): approve it, optionally granting roles at
//! once, or reject it after a confirmation (the account is removed and its name is free again).
import { useIntl } from '@umijs/max';
import { Alert, Button, Form, Modal, Popconfirm } from 'antd';
import React, { useState } from 'react';
import { RoleTreeSelect, useSubmit } from '@/components/Crud';
import { auditUsers, type UserRecord } from '@/services/system/user';

export interface AuditModalProps {
  /** the pending account under review; the dialog is open while there is one */
  user?: UserRecord;
  onClose: (changed: boolean) => void;
}

const AuditModal: React.FC<AuditModalProps> = ({ user, onClose }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.user.audit.${id}` }, values as any);
  const [form] = Form.useForm<{ roleIds?: string[] }>();
  const [verdict, setVerdict] = useState<'approve' | 'reject'>();
  const { saving, submit } = useSubmit(onClose);
  const busy = saving ? verdict : undefined;

  const decide = async (choice: 'approve' | 'reject') => {
    if (!user) return;
    setVerdict(choice);
    await submit(() => auditUsers([user.id], choice, form.getFieldValue('roleIds') ?? []));
  };

  return (
    <Modal
      open={!!user}
      title={t('title')}
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={[
        <Popconfirm key="reject" title={t('reject.confirm')} onConfirm={() => decide('reject')} okButtonProps={{ danger: true }}>
          <Button danger loading={busy === 'reject'} disabled={!!busy}>
            {t('reject')}
          </Button>
        </Popconfirm>,
        <Button key="approve" type="primary" loading={busy === 'approve'} disabled={!!busy} onClick={() => void decide('approve')}>
          {t('approve')}
        </Button>,
      ]}
    >
      {user ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('hint', { account: `${user.realName}（${user.account}）`, time: user.createTime })}
            description={[user.phone, user.email].filter(Boolean).join(' · ') || undefined}
          />
          <Form form={form} layout="vertical" name="user-audit">
            <Form.Item name="roleIds" label={t('roles')} extra={t('roles.extra')}>
              <RoleTreeSelect />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
};

export default AuditModal;
