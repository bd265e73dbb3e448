//! /system/user/platform/:id: the platform an account signs in from (dictionary `user_type`) and
//! what the back end keeps about it. The back end stores no per-platform extension records and
//! offers no call to edit them, so this screen only shows what exists.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Button, Card, Descriptions, Empty, Result, Skeleton, Tag } from 'antd';
import React, { useEffect, useState } from 'react';
import { DictText } from '@/components/Crud';
import { getUser, type UserRecord } from '@/services/system/user';
import { LIST_PATH } from './components/UserForm';

const UserPlatform: React.FC = () => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { id } = useParams<{ id: string }>();
  const [state, setState] = useState<{ loading: boolean; user?: UserRecord }>({ loading: true });

  useEffect(() => {
    let alive = true;
    (async () => {
      try {
        const res = id ? await getUser(id) : undefined;
        if (alive) setState({ loading: false, user: res?.success ? res.data : undefined });
      } catch {
        if (alive) setState({ loading: false });
      }
    })();
    return () => {
      alive = false;
    };
  }, [id]);

  const back = () => history.push(LIST_PATH);
  const { loading, user } = state;

  return (
    <PageContainer title={t('menu.system.user.platform')} onBack={back}>
      {loading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : !user ? (
        <Card>
          <Result status="404" title={t('crud.notFound')} extra={<Button onClick={back}>{t('crud.back')}</Button>} />
        </Card>
      ) : (
        <>
          <Card>
            <Descriptions column={{ xs: 1, md: 2 }} data-testid="user-platform">
              <Descriptions.Item label={t('pages.system.user.field.account')}>{user.account}</Descriptions.Item>
              <Descriptions.Item label={t('pages.system.user.field.realName')}>{user.realName}</Descriptions.Item>
              <Descriptions.Item label={t('pages.system.user.field.tenantName')}>{user.tenantName}</Descriptions.Item>
              <Descriptions.Item label={t('pages.system.user.platform.type')}>
                <Tag color="blue">
                  <DictText code="user_type" source="system" value={user.userType} />
                </Tag>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('pages.system.user.platform.details')} style={{ marginTop: 16 }}>
            <Empty description={t('pages.system.user.platform.none')} />
          </Card>
          <div style={{ marginTop: 16 }}>
            <Button onClick={back}>{t('crud.back')}</Button>
          </div>
        </>
      )}
    </PageContainer>
  );
};

export default UserPlatform;
