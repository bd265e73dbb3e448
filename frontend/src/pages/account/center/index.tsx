//! /account/center: the signed-in user's own profile, read from GET /user/info.
import { EditOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { FormattedMessage, history, useIntl, useModel } from '@umijs/max';
import { Avatar, Button, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { getUserInfo } from '@/services/user';

const Center: React.FC = () => {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const [info, setInfo] = useState<API.UserInfo>();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let alive = true;
    getUserInfo()
      .then((res) => {
        if (alive && res?.success) setInfo(res.data);
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  const stored = initialState?.currentUser;
  const user: Partial<API.UserInfo> = info ?? (stored as Partial<API.UserInfo>) ?? {};
  const name = user.realName || user.name || user.account;
  const label = (id: string) => intl.formatMessage({ id: `pages.account.field.${id}` });

  return (
    <PageContainer title={intl.formatMessage({ id: 'menu.account.center' })}>
      <Card>
        {loading && !info ? (
          <Skeleton active avatar />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Space size="large" align="center">
              <Avatar size={80} src={user.avatar || undefined}>
                {name?.slice(0, 1)}
              </Avatar>
              <div>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {name}
                </Typography.Title>
                <Typography.Text type="secondary">{user.account}</Typography.Text>
              </div>
              <Button icon={<EditOutlined />} onClick={() => history.push('/account/settings/base')}>
                <FormattedMessage id="pages.account.center.edit" />
              </Button>
            </Space>
            <Descriptions bordered column={{ xs: 1, md: 2 }} data-testid="account-center">
              <Descriptions.Item label={label('account')}>{user.account}</Descriptions.Item>
              <Descriptions.Item label={label('realName')}>{user.realName}</Descriptions.Item>
              <Descriptions.Item label={label('name')}>{user.name}</Descriptions.Item>
              <Descriptions.Item label={label('tenant')}>
                {user.tenantName || user.tenantId || (stored?.tenant_id as string)}
              </Descriptions.Item>
              <Descriptions.Item label={label('dept')}>{user.deptName}</Descriptions.Item>
              <Descriptions.Item label={label('post')}>{user.postName}</Descriptions.Item>
              <Descriptions.Item label={label('role')}>{user.roleName}</Descriptions.Item>
              <Descriptions.Item label={label('sex')}>
                {user.sexName ||
                  (String(user.sex) === '1'
                    ? intl.formatMessage({ id: 'pages.account.sex.male' })
                    : String(user.sex) === '2'
                      ? intl.formatMessage({ id: 'pages.account.sex.female' })
                      : '')}
              </Descriptions.Item>
              <Descriptions.Item label={label('email')}>{user.email}</Descriptions.Item>
              <Descriptions.Item label={label('phone')}>{user.phone}</Descriptions.Item>
              <Descriptions.Item label={label('birthday')}>
                {user.birthday ? String(user.birthday).slice(0, 10) : ''}
              </Descriptions.Item>
            </Descriptions>
          </Space>
        )}
      </Card>
    </PageContainer>
  );
};

export default Center;
