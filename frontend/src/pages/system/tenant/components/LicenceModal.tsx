//! The "授权配置" dialog of the tenant list: the account quota (unlimited, or a number of accounts) and
//! the expiry (never, or a moment) of the chosen tenants, through `tenant/setting`. With one tenant its
//! current licence is filled in.
import { useIntl } from '@umijs/max';
import { Alert, DatePicker, Form, InputNumber, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import { setTenantLicence, type TenantRecord, UNLIMITED } from '@/services/system/tenant';
import { isUnlimited } from './TenantTexts';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface LicenceValues {
  quotaMode: 'unlimited' | 'limited';
  quota?: number;
  expiryMode: 'never' | 'at';
  expireTime?: Dayjs;
}

export function toLicence(v: LicenceValues): { accountNumber: number; expireTime: string } {
  return {
    accountNumber: v.quotaMode === 'unlimited' ? UNLIMITED : Number(v.quota),
    expireTime: v.expiryMode === 'never' || !v.expireTime ? '' : v.expireTime.format(TIME_FORMAT),
  };
}

function initialValues(tenants: TenantRecord[]): LicenceValues {
  const one = tenants.length === 1 ? tenants[0] : undefined;
  const limited = one && !isUnlimited(one.accountNumber);
  return {
    quotaMode: limited ? 'limited' : 'unlimited',
    quota: limited ? one.accountNumber : undefined,
    expiryMode: one?.expireTime ? 'at' : 'never',
    expireTime: one?.expireTime ? dayjs(one.expireTime, TIME_FORMAT) : undefined,
  };
}

export interface LicenceModalProps {
  tenants: TenantRecord[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const LicenceModal: React.FC<LicenceModalProps> = ({ tenants, open, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.tenant.${key}` }, values as any);
  const [form] = Form.useForm<LicenceValues>();
  const quotaMode = Form.useWatch('quotaMode', form);
  const expiryMode = Form.useWatch('expiryMode', form);

  const save = (values: LicenceValues) => {
    const { accountNumber, expireTime } = toLicence(values);
    return setTenantLicence(
      tenants.map((x) => x.id),
      accountNumber,
      expireTime,
    );
  };

  return (
    <ActionModal
      open={open}
      title={t('licence')}
      form={form}
      // the server checks the two numbers the dialog turns its choices into
      fieldNames={(field) => (field === 'accountNumber' ? 'quota' : 'expireTime')}
      submit={save}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('licence.for', { count: tenants.length })}
        description={tenants.map((x) => `${x.tenantName}（${x.tenantId}）`).join('、')}
      />
      <Form form={form} layout="vertical" name="tenant-licence" initialValues={initialValues(tenants)}>
        <Form.Item label={t('field.accountNumber')} required extra={t('licence.quota.help')}>
          <Space wrap>
            <Form.Item name="quotaMode" noStyle>
              <Radio.Group
                options={[
                  { value: 'unlimited', label: t('quota.unlimited') },
                  { value: 'limited', label: t('licence.quota.limited') },
                ]}
              />
            </Form.Item>
            {quotaMode === 'limited' ? (
              <Form.Item
                name="quota"
                noStyle
                rules={[{ required: true, message: t('licence.quota.required') }]}
              >
                <InputNumber min={1} max={1000000} precision={0} suffix={t('licence.quota.unit')} style={{ width: 160 }} />
              </Form.Item>
            ) : null}
          </Space>
        </Form.Item>
        <Form.Item label={t('field.expireTime')} required extra={t('licence.expiry.help')}>
          <Space wrap>
            <Form.Item name="expiryMode" noStyle>
              <Radio.Group
                options={[
                  { value: 'never', label: t('expire.never') },
                  { value: 'at', label: t('licence.expiry.at') },
                ]}
              />
            </Form.Item>
            {expiryMode === 'at' ? (
              <Form.Item name="expireTime" noStyle rules={[{ required: true, message: t('licence.expiry.required') }]}>
                <DatePicker showTime format={TIME_FORMAT} style={{ width: 200 }} />
              </Form.Item>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default LicenceModal;
