//! /account/settings/password: POST /user/update-password (form, md5 hex). The server ends the
//! user's other sessions; this one stays signed in.
import { FormattedMessage, useIntl } from '@umijs/max';
import { Button, Form, Input } from 'antd';
import React, { useState } from 'react';
import { updatePassword } from '@/services/user';
import { sameAsRule } from '@/utils/formRules';
import { saveToken } from '@/utils/session';
import SettingsLayout from './components/SettingsLayout';

const PasswordSettings: React.FC = () => {
  const intl = useIntl();
  const [form] = Form.useForm<API.UpdatePasswordParams>();
  const [saving, setSaving] = useState(false);
  const label = (id: string) => intl.formatMessage({ id: `pages.account.password.${id}` });

  const onFinish = async (values: API.UpdatePasswordParams) => {
    setSaving(true);
    try {
      const res = await updatePassword(values);
      if (res?.success) {
        // A server that rotates this session's tokens on a password change sends the new ones.
        const data = res.data as Partial<API.TokenData> | undefined;
        if (data?.access_token) saveToken(data as API.TokenData, { refresh: true });
        form.resetFields();
      }
    } catch {
      // the request layer has shown the failure
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsLayout>
      <Form<API.UpdatePasswordParams> form={form} layout="vertical" onFinish={onFinish} name="password">
        <Form.Item name="oldPassword" label={label('old')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={label('new')} rules={[{ required: true }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {/* Checked here, on the field, before anything is sent (the server's refusal came as a toast). */}
        <Form.Item
          name="newPassword1"
          label={label('confirm')}
          dependencies={['newPassword']}
          rules={[{ required: true }, sameAsRule(intl, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            <FormattedMessage id="pages.account.password.submit" />
          </Button>
        </Form.Item>
      </Form>
    </SettingsLayout>
  );
};

export default PasswordSettings;
