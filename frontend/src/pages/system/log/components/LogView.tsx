//! The detail page of one log entry: every field, the parameters as indented JSON and the browser's
//! full user agent in wrapping monospace blocks.
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Button, Card, Result, Skeleton } from 'antd';
import React, { useEffect, useState } from 'react';
import { getLog, type LogRecord } from '@/services/system/log';
import { PLATFORM_TENANT } from '@/services/system/tenant';
import { currentTenantId } from '@/utils/authority';
import LogValue from './LogValue';
import { type LogField, LOG_SCREENS, type LogScreen } from './logScreens';

const LogView: React.FC<{ screen: LogScreen }> = ({ screen }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const spec = LOG_SCREENS[screen];
  const t = (key: string) => intl.formatMessage({ id: `pages.system.log.${key}` });
  const [state, setState] = useState<{ loading: boolean; record?: LogRecord }>({ loading: true });
  const back = () => history.push(spec.base);

  useEffect(() => {
    let alive = true;
    setState({ loading: true });
    getLog(spec.kind, id ?? '')
      .then((res) => alive && setState({ loading: false, record: res?.success ? res.data : undefined }))
      .catch(() => alive && setState({ loading: false }));
    return () => {
      alive = false;
    };
  }, [spec.kind, id]);

  const fields: LogField[] = [
    ...(currentTenantId() === PLATFORM_TENANT ? [{ name: 'tenantId' }] : []),
    { name: 'id' },
    ...spec.fields,
  ];
  const wide = (f: LogField) => f.show === 'json' || f.show === 'long';

  let body: React.ReactNode;
  if (state.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!state.record) {
    body = <Result status="404" title={intl.formatMessage({ id: 'crud.notFound' })} extra={<Button onClick={back}>{intl.formatMessage({ id: 'crud.back' })}</Button>} />;
  } else {
    const record = state.record as unknown as Record<string, unknown>;
    body = (
      <ProDescriptions
        column={2}
        bordered
        size="small"
        dataSource={record}
        columns={fields.map((f) => ({
          key: f.name,
          title: t(`field.${f.label ?? f.name}`),
          dataIndex: f.name,
          span: wide(f) ? 2 : 1,
          render: () => <LogValue field={f} value={record[f.name]} full />,
        }))}
      />
    );
  }

  return (
    <PageContainer title={intl.formatMessage({ id: `menu.system.log.${screen}.view` })} onBack={back}>
      <Card
        data-testid="log-detail"
        extra={<Button onClick={back}>{intl.formatMessage({ id: 'crud.back' })}</Button>}
      >
        {body}
      </Card>
    </PageContainer>
  );
};

export default LogView;
