//! "验证码测试": the whole verification-code round trip through one configuration. A code is sent to a
//! phone (the server keeps it and answers only an id), the clerk types the code the phone received,
//! and the server says whether it matches (or that it expired, or was tried too often).
import { useIntl } from '@umijs/max';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { failureMessage } from '@/components/Crud';
import { sendSmsValidate, type SmsRecord, validateSmsMessage } from '@/services/resource/sms';
import { ErrorShowType } from '@/utils/request';

const PHONE = /^\+?\d{5,20}$/;
/** Outcomes are shown in the dialog, not as toasts. */
const QUIET = { showType: ErrorShowType.SILENT, showMsg: false };

type Outcome = { ok: boolean; text: string };

const ValidateTestModal: React.FC<{ config?: SmsRecord; onClose: () => void }> = ({ config, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.sms.${key}` }, values as any);
  const [phoneForm] = Form.useForm<{ phone: string }>();
  const [codeForm] = Form.useForm<{ value: string }>();
  const [sent, setSent] = useState<{ id: string; phone: string }>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const close = () => {
    setSent(undefined);
    setOutcome(undefined);
    onClose();
  };

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await call();
    } catch (e) {
      setOutcome({ ok: false, text: failureMessage(e) ?? t('validate.failed') });
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const { phone } = await phoneForm.validateFields();
    await run(async () => {
      const res = await sendSmsValidate(config!.smsCode, phone.trim(), QUIET);
      setSent({ id: String(res.data.id), phone: res.data.phone || phone.trim() });
      codeForm.resetFields();
    });
  };

  const check = async () => {
    const { value } = await codeForm.validateFields();
    await run(async () => {
      const res = await validateSmsMessage(sent!.id, value.trim(), sent!.phone, QUIET);
      setOutcome({ ok: true, text: res?.msg || t('validate.ok') });
    });
  };

  return (
    <Modal
      open={!!config}
      title={t('validate.title')}
      onCancel={close}
      destroyOnHidden
      footer={<Button onClick={close}>{intl.formatMessage({ id: 'crud.close' })}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('validate.hint', { code: config?.smsCode ?? '' })}</Typography.Paragraph>
      <Form form={phoneForm} layout="vertical" name="sms-validate-phone">
        <Form.Item label={t('validate.phone')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="phone" noStyle rules={[{ required: true, message: t('validate.phone.required') }, { pattern: PHONE, transform: (v: string) => v?.trim(), message: t('phone.rule') }]}>
              <Input placeholder="13800000000" aria-label={t('validate.phone')} disabled={!!sent} />
            </Form.Item>
            <Button type={sent ? 'default' : 'primary'} loading={busy && !sent} onClick={() => void send().catch(() => undefined)}>
              {sent ? t('validate.resend') : t('validate.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {sent ? (
        <Form form={codeForm} layout="vertical" name="sms-validate-code">
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('validate.sent', { phone: sent.phone })} />
          <Form.Item label={t('validate.value')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="value" noStyle rules={[{ required: true, message: t('validate.value.required') }]}>
                <Input placeholder="123456" aria-label={t('validate.value')} maxLength={12} autoComplete="one-time-code" />
              </Form.Item>
              <Button type="primary" loading={busy} onClick={() => void check().catch(() => undefined)}>
                {t('validate.check')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : null}
      {outcome ? <Alert type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} data-testid="sms-validate-outcome" /> : null}
    </Modal>
  );
};

export default ValidateTestModal;
