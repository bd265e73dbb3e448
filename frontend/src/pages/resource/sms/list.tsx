//! /resource/sms/list: the tenant's SMS configurations (the one in use tagged 启用) with the buttons of
//! the `sms` menu, and for whoever may edit them a test message and a verification-code round trip
//! through a chosen configuration; the second tab is the log of every message sent.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useMemo, useState } from 'react';
import type { CrudAction, ExtraButton } from '@/components/Crud';
import { type SmsRecord, smsService } from '@/services/resource/sms';
import ConfigList from '../components/ConfigList';
import SendTestModal from './components/SendTestModal';
import SmsLogTable from './components/SmsLogTable';
import { SMS_KIND } from './components/smsKind';
import ValidateTestModal from './components/ValidateTestModal';

type Tab = 'config' | 'log';

const SmsList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.resource.sms.${key}` });
  const [tab, setTab] = useState<Tab>('config');
  const [sending, setSending] = useState<SmsRecord>();
  const [validating, setValidating] = useState<SmsRecord>();

  const columns: ProColumns<SmsRecord>[] = useMemo(
    () => [
      { title: t('field.templateId'), dataIndex: 'templateId', search: false },
      { title: t('field.signName'), dataIndex: 'signName', search: false },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  // Test messages cost money and reach real phones: offered to those who may edit configurations.
  const extraButtons: ExtraButton[] = useMemo(
    () => [
      { alias: 'send', name: t('send'), grantedBy: 'edit', place: 'row' },
      { alias: 'validate', name: t('validate'), grantedBy: 'edit', place: 'row' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  const actions: Record<string, CrudAction<SmsRecord>> = {
    send: { needs: 'one', run: ({ rows }) => setSending(rows[0]) },
    validate: { needs: 'one', run: ({ rows }) => setValidating(rows[0]) },
  };

  return (
    <PageContainer
      tabList={[
        { key: 'config', tab: t('tab.config') },
        { key: 'log', tab: t('tab.log') },
      ]}
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as Tab)}
    >
      {tab === 'config' ? (
        <ConfigList<SmsRecord> spec={SMS_KIND} service={smsService} columns={columns} extraButtons={extraButtons} actions={actions} />
      ) : (
        <SmsLogTable />
      )}
      <SendTestModal config={sending} onClose={() => setSending(undefined)} />
      <ValidateTestModal config={validating} onClose={() => setValidating(undefined)} />
    </PageContainer>
  );
};

export default SmsList;
