//! /user/register-result (public, no layout): the registration went through and the account now
//! waits for the tenant administrator's approval; until then it cannot sign in.
import { history, Link, useIntl, useLocation } from '@umijs/max';
import { Button, Card, Result } from 'antd';
import React from 'react';
import SelectLang from '@/components/SelectLang';

const RegisterResult: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.user.register.result.${key}` }, values as any);
  const query = new URLSearchParams(useLocation().search);
  const account = query.get('account');
  const tenantId = query.get('tenantId');

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #001529 0%, #0b3d73 100%)',
        padding: 16,
      }}
    >
      <div style={{ position: 'fixed', top: 16, right: 16 }}>
        <SelectLang style={{ color: '#fff' }} />
      </div>
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Result
          status="success"
          title={t('title')}
          subTitle={account ? t('description', { account, tenantId: tenantId ?? '' }) : t('generic')}
          extra={[
            <Button key="login" type="primary" onClick={() => history.push('/user/login')}>
              {t('login')}
            </Button>,
            <Link key="again" to="/user/register">
              {t('again')}
            </Link>,
          ]}
        />
      </Card>
    </div>
  );
};

export default RegisterResult;
