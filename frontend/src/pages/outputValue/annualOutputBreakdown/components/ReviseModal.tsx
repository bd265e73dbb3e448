//! 调整 an issued or confirmed output target: the reason is required (the park and the record must learn
//! why the enterprise's target moved); the version in force is kept and the target goes back to the
//! committee's desk as 调整中 until it is issued again.
import { Form, Input, Typography } from 'antd';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import { type OutputTargetRecord, reviseOutputTarget } from '@/services/business/outputTarget';
import { useT } from '../columns';

/** The longest reason the server keeps. */
const MAX_REASON = 500;

const ReviseModal: React.FC<{ target: OutputTargetRecord; onClose: (changed: boolean) => void }> = ({ target, onClose }) => {
  const t = useT();
  const [form] = Form.useForm<{ reason?: string }>();
  return (
    <ActionModal<{ reason?: string }>
      open
      title={t('revise.title')}
      form={form}
      submit={({ reason }) => reviseOutputTarget(target.id, (reason ?? '').trim())}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('revise.confirm', { enterprise: target.enterpriseName, version: target.version })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="output-target-revise" preserve={false}>
        <Form.Item name="reason" label={t('revise.reason')} rules={[{ required: true, whitespace: true, message: t('revise.required') }]}>
          <Input.TextArea rows={3} showCount maxLength={MAX_REASON} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default ReviseModal;
