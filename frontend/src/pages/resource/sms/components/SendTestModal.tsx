//! "发送测试": sends the configuration's template to one or more phones, with the template's variables
//! typed as name / value rows (sent as a JSON object), so that a clerk can check a provider account
//! before enabling it.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Form, Input, Space } from 'antd';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import { sendSmsMessage, type SmsRecord } from '@/services/resource/sms';

interface SendValues {
  phones?: string;
  params?: { key?: string; value?: string }[];
}

const PHONE = /^\+?\d{5,20}$/;

/** `138…, 139…，137…` → the numbers, in order, without blanks (a Chinese comma is a comma too). */
export const splitPhones = (text: string | undefined) =>
  (text ?? '')
    .split(/[,，\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Name / value rows → the JSON object string of `params` (rows without a name are left out). */
export function toParams(rows: SendValues['params']): string {
  const out: Record<string, string> = {};
  (rows ?? []).forEach((r) => {
    const key = (r?.key ?? '').trim();
    if (key) out[key] = (r?.value ?? '').trim();
  });
  return JSON.stringify(out);
}

const SendTestModal: React.FC<{ config?: SmsRecord; onClose: (sent: boolean) => void }> = ({ config, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.sms.${key}` }, values as any);
  const [form] = Form.useForm<SendValues>();
  return (
    <ActionModal
      open={!!config}
      title={t('send.title')}
      okText={t('send.submit')}
      form={form}
      submit={(values) => sendSmsMessage(config!.smsCode, splitPhones(values.phones).join(','), toParams(values.params))}
      onClose={onClose}
      width={560}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('send.using', { code: config?.smsCode ?? '', template: config?.templateId ?? '' })} />
      <Form form={form} layout="vertical" name="sms-send" initialValues={{ params: [{ key: 'code', value: '' }] }}>
        <Form.Item
          name="phones"
          label={t('send.phones')}
          extra={t('send.phones.help')}
          rules={[
            { required: true },
            {
              validator: (_, value) =>
                splitPhones(value).every((p) => PHONE.test(p)) ? Promise.resolve() : Promise.reject(new Error(t('phone.rule'))),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="13800000000, 13900000000" />
        </Form.Item>
        <Form.Item label={t('send.params')} extra={t('send.params.help')}>
          <Form.List name="params">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row) => (
                  <Space key={row.key} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item name={[row.name, 'key']} noStyle>
                      <Input placeholder={t('send.param.key')} aria-label={t('send.param.key')} style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'value']} noStyle>
                      <Input placeholder={t('send.param.value')} aria-label={t('send.param.value')} style={{ width: 220 }} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} aria-label={t('send.param.remove')} onClick={() => remove(row.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
                  {t('send.param.add')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default SendTestModal;
