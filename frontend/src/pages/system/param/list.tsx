//! /system/param/list: the parameters by name and key, with where each comes from (the platform's
//! default or this tenant's own value) and the buttons of the `param` menu.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag, Typography } from 'antd';
import React, { useMemo } from 'react';
import { type CrudAction, CrudTable, useCrudConfirm } from '@/components/Crud';
import { listParams, type ParamRecord, removeParams } from '@/services/system/param';
import { PLATFORM_TENANT } from '@/services/system/tenant';
import { isInheritedDefault, myTenant } from './components/ParamForm';

const ParamList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.param.${key}` });
  const field = (f: string) => t(`field.${f}`);
  const platform = myTenant() === PLATFORM_TENANT;
  const [confirm, confirmHolder] = useCrudConfirm();

  const columns: ProColumns<ParamRecord>[] = useMemo(
    () => [
      { title: field('paramName'), dataIndex: 'paramName', sorter: true, ellipsis: true },
      {
        title: field('paramKey'),
        dataIndex: 'paramKey',
        sorter: true,
        render: (_, row) => <Typography.Text code>{row.paramKey}</Typography.Text>,
      },
      {
        title: field('paramValue'),
        dataIndex: 'paramValue',
        search: false,
        ellipsis: true,
        render: (_, row) => (row.paramValue === '' ? <Typography.Text type="secondary">{t('value.empty')}</Typography.Text> : row.paramValue),
      },
      // Only tenants see both kinds of row; the platform's rows are all defaults.
      ...(platform
        ? []
        : [
            {
              title: field('source'),
              dataIndex: 'tenantId',
              search: false,
              render: (_: unknown, row: ParamRecord) =>
                row.tenantId === PLATFORM_TENANT ? <Tag>{t('source.platform')}</Tag> : <Tag color="blue">{t('source.tenant')}</Tag>,
            } as ProColumns<ParamRecord>,
          ]),
      { title: field('remark'), dataIndex: 'remark', search: false, ellipsis: true },
      { title: field('updateTime'), dataIndex: 'updateTime', search: false, sorter: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, platform],
  );

  // A tenant cannot remove the platform's defaults, only its own values: no delete link on a default.
  const actions: Record<string, CrudAction<ParamRecord>> = {
    delete: {
      danger: true,
      hidden: (row) => isInheritedDefault(row),
      run: ({ rows, reload }) =>
        confirm({
          title: intl.formatMessage({ id: 'crud.delete.title' }),
          content: intl.formatMessage({ id: 'crud.delete.content' }, { count: rows.length }),
          danger: true,
          call: () => removeParams(rows.map((r) => r.id)),
          onDone: reload,
        }),
    },
  };

  return (
    <PageContainer>
      {confirmHolder}
      <CrudTable<ParamRecord> menuCode="param" columns={columns} list={(query) => listParams(query)} actions={actions} />
    </PageContainer>
  );
};

export default ParamList;
