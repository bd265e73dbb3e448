//! Sign-in (SPEC §1, §3, §7): tenant, account, password (md5 on the wire) and captcha. A failed
//! login shows the server's error_description in the form; a successful one stores the session,
//! loads menus, buttons, top menus, the user, the start-up dictionaries and the park companies,
//! then goes to the `redirect` page.
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { FormattedMessage, history, useIntl, useModel } from '@umijs/max';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import defaultSettings from '../../../../config/defaultSettings';
import logo from '@/assets/logo.svg';
import { getCaptcha, isTokenError, login } from '@/services/auth';
import { removeAll, setCaptchaKey } from '@/utils/authority';
import { clearDictCache } from '@/utils/dict';
import { currentAppLocation, redirectTarget } from '@/utils/location';
import { saveToken } from '@/utils/session';
import { loadSession, MenuLoadError, storeLoginUser } from '@/utils/startup';
import SelectLang from '@/components/SelectLang';

interface LoginFormValues {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

const Login: React.FC = () => {
  const intl = useIntl();
  const { setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<LoginFormValues>();
  const [captcha, setCaptcha] = useState<API.Captcha>();
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const { tenantMode, captchaMode } = defaultSettings;

  const refreshCaptcha = useCallback(async () => {
    if (!captchaMode) return;
    try {
      const c = await getCaptcha();
      setCaptcha(c);
      setCaptchaKey(c.key);
      setCaptchaFailed(false);
    } catch {
      setCaptcha(undefined);
      setCaptchaFailed(true);
    }
  }, [captchaMode]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const onFinish = async (values: LoginFormValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      const reply = await login({
        tenantId: tenantMode ? values.tenantId : defaultSettings.defaultTenantId,
        username: values.username,
        password: values.password,
        code: captchaMode ? values.code : undefined,
        captchaKey: captchaMode ? captcha?.key : undefined,
      });
      if (isTokenError(reply)) {
        setError(reply.error_description);
        form.setFieldValue('code', '');
        void refreshCaptcha();
        return;
      }
      removeAll();
      clearDictCache();
      saveToken(reply);
      storeLoginUser(reply);
      const session = await loadSession();
      flushSync(() => {
        setInitialState((s: any) => ({ ...s, ...session }));
      });
      history.push(redirectTarget(currentAppLocation().search));
    } catch (e) {
      // SPEC §6: no menus means no session.
      removeAll();
      setError(
        e instanceof MenuLoadError
          ? intl.formatMessage({ id: 'pages.login.noMenus' })
          : (e as Error)?.message || intl.formatMessage({ id: 'pages.login.failure' }),
      );
      void refreshCaptcha();
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
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Space orientation="vertical" align="center" style={{ width: '100%', marginBottom: 24 }}>
          <img src={logo} alt="logo" width={44} height={44} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {intl.formatMessage({ id: 'app.title' })}
          </Typography.Title>
          <Typography.Text type="secondary">
            <FormattedMessage id="pages.login.subtitle" />
          </Typography.Text>
        </Space>
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
        )}
        <Form<LoginFormValues>
          form={form}
          name="login"
          size="large"
          initialValues={{ tenantId: defaultSettings.defaultTenantId }}
          onFinish={onFinish}
        >
          {tenantMode && (
            <Form.Item
              name="tenantId"
              label={intl.formatMessage({ id: 'pages.login.tenantId' })}
              rules={[{ required: true }]}
            >
              <Input prefix={<TeamOutlined />} autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item
            name="username"
            label={intl.formatMessage({ id: 'pages.login.username' })}
            rules={[{ required: true }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={intl.formatMessage({ id: 'pages.login.password' })}
            rules={[{ required: true }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captchaMode && (
            <Form.Item
              label={intl.formatMessage({ id: 'pages.login.captcha' })}
              htmlFor="login_code"
              required
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="code"
                  noStyle
                  rules={[{ required: true }]}
                  messageVariables={{ label: intl.formatMessage({ id: 'pages.login.captcha' }) }}
                >
                  <Input prefix={<SafetyOutlined />} autoComplete="off" />
                </Form.Item>
                {/* The image keeps the size the server drew it at (130×48 today): squeezed into a
                    large button (40 px) its characters were misread. The button grows around it and
                    the input stretches to the same height. */}
                <Button
                  onClick={() => void refreshCaptcha()}
                  title={intl.formatMessage({ id: 'pages.login.captcha.refresh' })}
                  aria-label={intl.formatMessage({ id: 'pages.login.captcha.refresh' })}
                  data-testid="login-captcha"
                  style={{ height: 'auto', minWidth: 120, padding: 0, flex: 'none', overflow: 'hidden' }}
                >
                  {captcha ? (
                    <img
                      src={captcha.image}
                      alt={intl.formatMessage({ id: 'pages.login.captcha' })}
                      style={{ display: 'block', width: 'auto', height: 'auto' }}
                    />
                  ) : (
                    <FormattedMessage
                      id={captchaFailed ? 'pages.login.captcha.failed' : 'pages.login.captcha.loading'}
                    />
                  )}
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              <FormattedMessage id="pages.login.submit" />
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
};

export default Login;
