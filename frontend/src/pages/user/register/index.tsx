//! /user/register (public, no layout): asks a tenant for an account. Tenant code, account, real name,
//! password twice (md5 on the wire), phone and e-mail; on success the register-result page says the
//! account waits for the administrator's approval. A refusal (registration closed for that tenant, a
//! taken account…) is shown in the form, on the field it concerns when the server names one.
import { LockOutlined, MailOutlined, MobileOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { FormattedMessage, history, Link, useIntl } from '@umijs/max';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import React, { useState } from 'react';
import defaultSettings from '../../../../config/defaultSettings';
import logo from '@/assets/logo.svg';
import { fieldErrorOf } from '@/components/Crud';
import { register } from '@/services/system/register';
import { mobileRule, sameAsRule } from '@/utils/formRules';
import { ErrorShowType } from '@/utils/request';
import SelectLang from '@/components/SelectLang';

interface RegisterFormValues {
  tenantId: string;
  account: string;
  realName: string;
  password: string;
  password2: string;
  phone?: string;
  email?: string;
}

const FIELDS: (keyof RegisterFormValues)[] = ['tenantId', 'account', 'realName', 'password', 'phone', 'email'];
/** The server's rules (services/system/src/registration, users/form.rs). */
const TENANT_PATTERN = /^\d{1,12}$/;
const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]+$/;

/** What a failed call says to people: the server's message, else the error's. */
function messageOf(e: unknown): string | undefined {
  const err = e as any;
  return err?.response?.data?.msg || err?.info?.errorMessage || err?.message || undefined;
}

export const registerResultPath = (account: string, tenantId: string) =>
  `/user/register-result?${new URLSearchParams({ account, tenantId }).toString()}`;

const Register: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.user.register.${key}` });
  const [form] = Form.useForm<RegisterFormValues>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const { tenantMode } = defaultSettings;

  const onFinish = async (values: RegisterFormValues) => {
    setError(undefined);
    setSubmitting(true);
    const tenantId = tenantMode ? values.tenantId.trim() : defaultSettings.defaultTenantId;
    try {
      const res = await register(
        {
          tenantId,
          account: values.account.trim(),
          realName: values.realName.trim(),
          password: values.password,
          phone: (values.phone ?? '').trim(),
          email: (values.email ?? '').trim(),
        },
        { showType: ErrorShowType.SILENT, showMsg: false },
      );
      if (res?.success) history.push(registerResultPath(res.data?.account ?? values.account.trim(), tenantId));
      else setError(res?.msg || t('failure'));
    } catch (e) {
      const fe = fieldErrorOf(e);
      if (fe && FIELDS.includes(fe.field as keyof RegisterFormValues) && (fe.field !== 'tenantId' || tenantMode)) {
        form.setFields([{ name: fe.field as keyof RegisterFormValues, errors: [fe.reason] }]);
      } else {
        setError(fe?.message ?? messageOf(e) ?? t('failure'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #001529 0%, #0b3d73 100%)',
        padding: 16,
      }}
    >
      <div style={{ position: 'fixed', top: 16, right: 16 }}>
        <SelectLang style={{ color: '#fff' }} />
      </div>
      <Card style={{ width: 440, maxWidth: '100%' }}>
        <Space orientation="vertical" align="center" style={{ width: '100%', marginBottom: 16 }}>
          <img src={logo} alt="logo" width={44} height={44} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </Space>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<RegisterFormValues> form={form} name="register" layout="vertical" onFinish={onFinish} requiredMark>
          {tenantMode && (
            <Form.Item
              name="tenantId"
              label={t('field.tenantId')}
              extra={t('tenantId.help')}
              rules={[{ required: true }, { pattern: TENANT_PATTERN, message: t('tenantId.rule') }]}
            >
              <Input prefix={<TeamOutlined />} autoComplete="organization" inputMode="numeric" />
            </Form.Item>
          )}
          <Form.Item
            name="account"
            label={t('field.account')}
            rules={[{ required: true }, { max: 45 }, { pattern: ACCOUNT_PATTERN, message: t('account.rule') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item name="realName" label={t('field.realName')} rules={[{ required: true }, { max: 20 }]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="password" label={t('field.password')} rules={[{ required: true }, { min: 6 }, { max: 64 }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password2"
            label={t('field.password2')}
            dependencies={['password']}
            rules={[{ required: true }, sameAsRule(intl, 'password')]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('field.phone')}
            rules={[{ max: 20 }, mobileRule(intl)]}
          >
            <Input prefix={<MobileOutlined />} autoComplete="tel" />
          </Form.Item>
          <Form.Item name="email" label={t('field.email')} rules={[{ type: 'email' }, { max: 45 }]}>
            <Input prefix={<MailOutlined />} autoComplete="email" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              <FormattedMessage id="pages.user.register.submit" />
            </Button>
          </Form.Item>
          <div style={{ textAlign: 'center' }}>
            <Link to="/user/login">{t('toLogin')}</Link>
          </div>
        </Form>
      </Card>
    </div>
  );
};

export default Register;
