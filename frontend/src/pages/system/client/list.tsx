//! /system/client/list: the OAuth clients allowed to ask for tokens, with their grant types and token
//! lifetimes, and the buttons of the `client` menu. Secrets are never listed.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Tag, Tooltip } from 'antd';
import React, { useMemo } from 'react';
import { CrudTable } from '@/components/Crud';
import { type ClientRecord, listClients, removeClients } from '@/services/system/client';
import { humanDuration } from './components/duration';

const ClientList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.client.${key}` });
  const field = (f: string) => t(`field.${f}`);
  const units = { day: t('unit.day'), hour: t('unit.hour'), minute: t('unit.minute'), second: t('unit.second') };

  const columns: ProColumns<ClientRecord>[] = useMemo(
    () => {
      const seconds = (v: number) => (
        <Tooltip title={`${v} ${units.second}`}>
          <span>{humanDuration(v, units)}</span>
        </Tooltip>
      );
      return [
        { title: field('clientId'), dataIndex: 'clientId', sorter: true },
        { title: field('scope'), dataIndex: 'scope', search: false },
        {
          title: field('authorizedGrantTypes'),
          dataIndex: 'authorizedGrantTypes',
          search: false,
          render: (_, row) => (
            <Space size={[0, 4]} wrap>
              {row.authorizedGrantTypes
                .split(',')
                .filter(Boolean)
                .map((g) => (
                  <Tag key={g}>{g}</Tag>
                ))}
            </Space>
          ),
        },
        { title: field('accessTokenValidity'), dataIndex: 'accessTokenValidity', search: false, render: (_, row) => seconds(row.accessTokenValidity) },
        { title: field('refreshTokenValidity'), dataIndex: 'refreshTokenValidity', search: false, render: (_, row) => seconds(row.refreshTokenValidity) },
        { title: field('updateTime'), dataIndex: 'updateTime', search: false, sorter: true },
      ];
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  return (
    <PageContainer>
      <CrudTable<ClientRecord> menuCode="client" columns={columns} list={(query) => listClients(query)} remove={(ids) => removeClients(ids)} />
    </PageContainer>
  );
};

export default ClientList;
