//! /index and /home: who is signed in, for which tenant; what waits for them (待办事项) beside the zone's
//! headline figures of the month (本月概况, for whoever may read the statistics); their newest notices;
//! and the modules the server's menus open to them. Modules whose screens are not in this build are
//! listed as not yet available.
import { PageContainer } from '@ant-design/pro-components';
import { FormattedMessage, Link, useIntl, useModel } from '@umijs/max';
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Tag, Typography } from 'antd';
import React, { useMemo } from 'react';
import { isAdmin } from '@/access';
import { menuIcon } from '@/utils/icons';
import { menuModules } from '@/utils/menu';
import { menuLabel } from '@/utils/menuLabel';
import { hasPage } from '@/utils/routes';
import Headlines, { mayReadHeadlines } from './components/Headlines';
import LatestNotices from './components/LatestNotices';
import Todos from './components/Todos';

const Home: React.FC = () => {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const modules = useMemo(
    () => menuModules(initialState?.menus, (p) => hasPage(p), menuLabel),
    // the labels depend on the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [initialState?.menus, intl.locale],
  );
  const displayName = user?.realName || user?.name || user?.account;
  const tenant = user?.tenantName
    ? `${user.tenantName} (${user.tenant_id ?? user.tenantId ?? ''})`
    : (user?.tenant_id ?? user?.tenantId);
  const roles = user?.roleName || (user?.authority ?? []).join(', ');
  const headlines = useMemo(() => mayReadHeadlines(), []);

  return (
    <PageContainer title={false}>
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16} align="middle" wrap={false}>
          <Col flex="none">
            <Avatar size={64} src={user?.avatar || undefined}>
              {displayName?.slice(0, 1)}
            </Avatar>
          </Col>
          <Col flex="auto">
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              <FormattedMessage id="pages.home.welcome" values={{ name: displayName }} />
            </Typography.Title>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={intl.formatMessage({ id: 'pages.home.account' })}>
                {user?.account}
                {isAdmin(user) && (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    <FormattedMessage id="pages.home.admin" />
                  </Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={intl.formatMessage({ id: 'pages.home.tenant' })}>
                {tenant}
              </Descriptions.Item>
              <Descriptions.Item label={intl.formatMessage({ id: 'pages.home.roles' })}>
                {roles}
              </Descriptions.Item>
              <Descriptions.Item label={intl.formatMessage({ id: 'pages.home.dept' })}>
                {user?.deptName}
              </Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      </Card>

      {/* side by side on a wide screen, one above the other on a narrow one */}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={headlines ? 10 : 24}>
          <Todos />
        </Col>
        {headlines ? (
          <Col xs={24} xl={14}>
            <Headlines />
          </Col>
        ) : null}
      </Row>

      <LatestNotices />

      <Typography.Title level={5}>
        <FormattedMessage id="pages.home.modules" />
      </Typography.Title>
      {modules.length === 0 ? (
        <Card>
          <Empty description={intl.formatMessage({ id: 'pages.home.noModules' })} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {modules.map((m) => (
            <Col key={m.code} xs={24} md={12} xl={8}>
              <Card
                title={
                  <span>
                    {menuIcon(m.icon)} {m.name}
                  </span>
                }
                data-testid={`module-${m.code}`}
              >
                <Flex vertical gap={8}>
                  {m.leaves.map((leaf) => (
                    <Flex key={leaf.code} justify="space-between" align="center">
                      {leaf.available ? (
                        <Link to={leaf.path}>
                          {menuIcon(leaf.icon)} {leaf.name}
                        </Link>
                      ) : (
                        <Typography.Text type="secondary">
                          {menuIcon(leaf.icon)} {leaf.name}
                        </Typography.Text>
                      )}
                      {!leaf.available && (
                        <Tag>
                          <FormattedMessage id="pages.home.notAvailable" />
                        </Tag>
                      )}
                    </Flex>
                  ))}
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </PageContainer>
  );
};

export default Home;
