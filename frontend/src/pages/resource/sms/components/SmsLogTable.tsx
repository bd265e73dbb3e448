//! The send log of the SMS screen: every message the tenant's configurations sent or failed to send,
//! newest first, by phone and outcome, with the provider's answer.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import React, { useMemo } from 'react';
import { CrudTable, resultColumn } from '@/components/Crud';
import { listSmsLogs, type SmsLogRecord } from '@/services/resource/sms';

const SmsLogTable: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.resource.sms.log.${key}` });

  const columns: ProColumns<SmsLogRecord>[] = useMemo(
    () => [
      { title: t('phone'), dataIndex: 'phone' },
      resultColumn<SmsLogRecord>(intl, t('success')),
      { title: t('smsCode'), dataIndex: 'smsCode', search: false },
      {
        title: t('category'),
        dataIndex: 'category',
        search: false,
        render: (_, row) => intl.formatMessage({ id: `pages.resource.sms.category.${row.category}`, defaultMessage: row.categoryName }),
      },
      { title: t('templateId'), dataIndex: 'templateId', search: false },
      {
        title: t('params'),
        dataIndex: 'params',
        search: false,
        ellipsis: true,
        render: (_, row) => <Typography.Text code>{row.params}</Typography.Text>,
      },
      { title: t('message'), dataIndex: 'message', search: false, ellipsis: true },
      { title: t('createTime'), dataIndex: 'createTime', search: false },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  return <CrudTable<SmsLogRecord> columns={columns} list={(query) => listSmsLogs(query)} />;
};

export default SmsLogTable;
