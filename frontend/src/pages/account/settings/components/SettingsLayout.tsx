//! The frame of the account settings screens: a menu of the settings on the left.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl, useLocation } from '@umijs/max';
import { Card, Col, Menu, Row } from 'antd';
import React from 'react';

const ITEMS = [
  { key: '/account/settings/base', id: 'menu.account.settings.base' },
  { key: '/account/settings/password', id: 'menu.account.settings.password' },
];

const SettingsLayout: React.FC<React.PropsWithChildren> = ({ children }) => {
  const intl = useIntl();
  const location = useLocation();
  const current = ITEMS.find((i) => i.key === location.pathname) ?? ITEMS[0];
  return (
    <PageContainer title={intl.formatMessage({ id: current.id })}>
      <Card>
        <Row gutter={24}>
          <Col xs={24} md={6}>
            <Menu
              mode="inline"
              selectedKeys={[location.pathname]}
              items={ITEMS.map((i) => ({ key: i.key, label: intl.formatMessage({ id: i.id }) }))}
              onClick={({ key }) => history.push(key)}
            />
          </Col>
          <Col xs={24} md={18} style={{ maxWidth: 560 }}>
            {children}
          </Col>
        </Row>
      </Card>
    </PageContainer>
  );
};

export default SettingsLayout;
