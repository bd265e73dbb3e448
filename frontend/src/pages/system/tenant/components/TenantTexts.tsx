//! How a tenant's licence reads: the accounts in use against the quota, the expiry (or "never"), and
//! the status, in the list, the detail page and the licence dialog alike.
import { useIntl } from '@umijs/max';
import { Badge, Space, Tag, Typography } from 'antd';
import React from 'react';
import { PLATFORM_TENANT, TENANT_ENABLED, type TenantRecord } from '@/services/system/tenant';

/** −1 and 0 both mean "no quota" on the server. */
export const isUnlimited = (quota: number | undefined) => quota === undefined || quota === null || quota <= 0;

export const QuotaText: React.FC<{ record: Pick<TenantRecord, 'accountNumber' | 'accountCount'> }> = ({ record }) => {
  const intl = useIntl();
  const unlimited = isUnlimited(record.accountNumber);
  const full = !unlimited && record.accountCount >= record.accountNumber;
  return (
    <Typography.Text type={full ? 'danger' : undefined}>
      {intl.formatMessage(
        { id: 'pages.system.tenant.quota.used' },
        {
          count: record.accountCount ?? 0,
          total: unlimited ? intl.formatMessage({ id: 'pages.system.tenant.quota.unlimited' }) : record.accountNumber,
        },
      )}
    </Typography.Text>
  );
};

export const ExpiryText: React.FC<{ record: Pick<TenantRecord, 'expireTime' | 'expired' | 'tenantId'> }> = ({ record }) => {
  const intl = useIntl();
  if (!record.expireTime || record.tenantId === PLATFORM_TENANT) {
    return <Typography.Text type="secondary">{intl.formatMessage({ id: 'pages.system.tenant.expire.never' })}</Typography.Text>;
  }
  return (
    <Space size={4}>
      <span>{record.expireTime}</span>
      {record.expired ? <Tag color="error">{intl.formatMessage({ id: 'pages.system.tenant.expire.expired' })}</Tag> : null}
    </Space>
  );
};

export const StatusText: React.FC<{ status: number }> = ({ status }) => {
  const intl = useIntl();
  const enabled = status === TENANT_ENABLED;
  return (
    <Badge
      status={enabled ? 'success' : 'error'}
      text={intl.formatMessage({ id: enabled ? 'pages.system.tenant.status.enabled' : 'pages.system.tenant.status.disabled' })}
    />
  );
};
