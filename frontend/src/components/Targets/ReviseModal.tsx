//! 调整 an issued or confirmed target, of either target screen: the reason is required (whoever holds
//! the target, and the record, must learn why it moved); the version in force is kept and the target
//! goes back to the committee's desk as 调整中 until it is issued again. The screen says which target
//! and makes its own service's call.
import { Form, Input, Typography } from 'antd';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import type { TargetT } from './messages';

/** The longest reason the server keeps. */
const MAX_REASON = 500;

export interface ReviseModalProps {
  t: TargetT;
  /** the form's name (its fields' ids) */
  name: string;
  /** which target is revised and what follows, above the reason */
  confirm: React.ReactNode;
  /** the screen's call, with the reason trimmed */
  revise: (reason: string) => Promise<API.Result<unknown> | undefined>;
  onClose: (changed: boolean) => void;
}

const ReviseModal: React.FC<ReviseModalProps> = ({ t, name, confirm, revise, onClose }) => {
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <ActionModal<{ reason?: string }>
      open
      title={t('revise.title')}
      form={form}
      submit={({ reason }) => revise((reason ?? '').trim())}
      onClose={onClose}
    >
      <Typography.Paragraph>{confirm}</Typography.Paragraph>
      <Form form={form} layout="vertical" name={name} preserve={false}>
        <Form.Item name="reason" label={t('revise.reason')} rules={[{ required: true, whitespace: true, message: t('revise.required') }]}>
          <Input.TextArea rows={3} showCount maxLength={MAX_REASON} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default ReviseModal;
