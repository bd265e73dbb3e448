//! Where the zone's public big screen is: its full address, to copy or to open in a new tab. The screen
//! is reachable only while at least one widget is public (as saved), so the address shows only then.
import { ExportOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Space, Typography } from 'antd';
import React from 'react';
import { routerBase } from '@/utils/location';

/** The big screen's address of a zone, as a visitor types it. */
export const screenUrl = (tenantId: string) =>
  `${window.location.origin}${routerBase()}dataAnalysis?tenant=${encodeURIComponent(tenantId)}`;

const ScreenAddress: React.FC<{ tenantId: string; open: boolean }> = ({ tenantId, open }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.zoneSetting.${key}` });
  if (!open) return <Typography.Text type="secondary">{t('address.closed')}</Typography.Text>;
  const url = screenUrl(tenantId);
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: '100%' }} data-testid="screen-address">
      <Space wrap size={[16, 4]}>
        <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" data-testid="screen-open">
          <ExportOutlined /> {t('address.open')}
        </Typography.Link>
      </Space>
      <Typography.Text type="secondary">{t('address.help')}</Typography.Text>
    </Space>
  );
};

export default ScreenAddress;
