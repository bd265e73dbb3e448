//! /system/tenant/list: the platform's tenants (the platform administrator's screen), filtered by code,
//! name, contact and status; the buttons of the `tenant` menu, the licence dialog for the ticked rows,
//! and a status switch for whoever may edit tenants.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Switch, Tooltip } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, hasButton, useCrudConfirm } from '@/components/Crud';
import {
  listTenants,
  PLATFORM_TENANT,
  removeTenants,
  setTenantsStatus,
  TENANT_DISABLED,
  TENANT_ENABLED,
  type TenantRecord,
} from '@/services/system/tenant';
import LicenceModal from './components/LicenceModal';
import { ExpiryText, QuotaText, StatusText } from './components/TenantTexts';

const TenantList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.tenant.${key}` }, values as any);
  const field = (f: string) => t(`field.${f}`);
  const table = useRef<CrudTableHandle>(null);
  const [confirm, confirmHolder] = useCrudConfirm();
  const [licensing, setLicensing] = useState<TenantRecord[]>([]);
  const mayEdit = hasButton('tenant', 'edit');

  const toggle = (row: TenantRecord) => {
    const disabling = row.status === TENANT_ENABLED;
    confirm({
      title: t(disabling ? 'status.disable' : 'status.enable'),
      content: t(disabling ? 'disable.confirm' : 'enable.confirm', { name: `${row.tenantName}（${row.tenantId}）` }),
      danger: disabling,
      call: () => setTenantsStatus([row.id], disabling ? TENANT_DISABLED : TENANT_ENABLED),
      onDone: () => table.current?.reload(),
    });
  };

  const columns: ProColumns<TenantRecord>[] = useMemo(
    () => [
      { title: field('tenantId'), dataIndex: 'tenantId', sorter: true, width: 110 },
      { title: field('tenantName'), dataIndex: 'tenantName', sorter: true, ellipsis: true },
      { title: field('linkman'), dataIndex: 'linkman' },
      { title: field('contactNumber'), dataIndex: 'contactNumber' },
      { title: field('domain'), dataIndex: 'domain', search: false, ellipsis: true },
      {
        title: field('accountNumber'),
        dataIndex: 'accountNumber',
        search: false,
        sorter: true,
        render: (_, row) => <QuotaText record={row} />,
      },
      {
        title: field('expireTime'),
        dataIndex: 'expireTime',
        search: false,
        sorter: true,
        render: (_, row) => <ExpiryText record={row} />,
      },
      {
        title: field('status'),
        dataIndex: 'status',
        valueType: 'select',
        valueEnum: {
          [TENANT_ENABLED]: { text: t('status.enabled'), status: 'Success' },
          [TENANT_DISABLED]: { text: t('status.disabled'), status: 'Error' },
        },
        render: (_, row) =>
          mayEdit && row.tenantId !== PLATFORM_TENANT ? (
            <Tooltip title={t(row.status === TENANT_ENABLED ? 'status.disable' : 'status.enable')}>
              <Switch
                size="small"
                checked={row.status === TENANT_ENABLED}
                checkedChildren={t('status.enabled')}
                unCheckedChildren={t('status.disabled')}
                onClick={() => toggle(row)}
                aria-label={t(row.status === TENANT_ENABLED ? 'status.disable' : 'status.enable')}
              />
            </Tooltip>
          ) : (
            <StatusText status={row.status} />
          ),
      },
      { title: field('createTime'), dataIndex: 'createTime', search: false, sorter: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, mayEdit],
  );

  const actions: Record<string, CrudAction<TenantRecord>> = {
    setting: { label: () => t('licence'), run: ({ rows }) => setLicensing(rows) },
  };

  return (
    <PageContainer>
      {confirmHolder}
      <CrudTable<TenantRecord>
        ref={table}
        menuCode="tenant"
        columns={columns}
        list={(query) => listTenants(query)}
        remove={(ids) => removeTenants(ids)}
        actions={actions}
      />
      <LicenceModal
        tenants={licensing}
        open={licensing.length > 0}
        onClose={(changed) => {
          setLicensing([]);
          if (changed) table.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default TenantList;
