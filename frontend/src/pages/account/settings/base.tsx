//! /account/settings/base: the user's own profile (POST /user/update-info, JSON).
import { FormattedMessage, useIntl, useModel } from '@umijs/max';
import { Avatar, Button, DatePicker, Form, Input, Select, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useEffect, useState } from 'react';
import { getUserInfo, updateInfo } from '@/services/user';
import { setCurrentUser } from '@/utils/authority';
import { mergeUserInfo } from '@/utils/startup';
import SettingsLayout from './components/SettingsLayout';

interface BaseFormValues {
  realName?: string;
  name?: string;
  email?: string;
  phone?: string;
  sex?: string;
  birthday?: Dayjs | null;
  avatar?: string;
}

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export function toUpdateInfo(values: BaseFormValues): API.UpdateInfoParams {
  return {
    realName: values.realName ?? '',
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    sex: values.sex ?? '',
    birthday: values.birthday ? values.birthday.startOf('day').format(DATE_TIME) : '',
    avatar: values.avatar ?? '',
  };
}

const BaseSettings: React.FC = () => {
  const intl = useIntl();
  const { initialState, setInitialState } = useModel('@@initialState');
  const [form] = Form.useForm<BaseFormValues>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const avatar = Form.useWatch('avatar', form);
  const label = (id: string) => intl.formatMessage({ id: `pages.account.field.${id}` });

  const load = async () => {
    try {
      const res = await getUserInfo();
      if (res?.success && res.data) {
        const u = res.data;
        form.setFieldsValue({
          realName: u.realName,
          name: u.name,
          email: u.email,
          phone: u.phone,
          sex: u.sex === undefined || u.sex === null || Number(u.sex) <= 0 ? undefined : String(u.sex),
          birthday: u.birthday ? dayjs(u.birthday) : null,
          avatar: u.avatar,
        });
        return u;
      }
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
    return undefined;
  };

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFinish = async (values: BaseFormValues) => {
    setSaving(true);
    try {
      const res = await updateInfo(toUpdateInfo(values));
      if (res?.success) {
        const fresh = await load();
        const merged = mergeUserInfo(initialState?.currentUser, fresh);
        if (merged) {
          setCurrentUser(merged);
          setInitialState((s: any) => ({ ...s, currentUser: merged }));
        }
      }
    } catch {
      // the request layer has shown the failure
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsLayout>
      {loading ? (
        <Skeleton active />
      ) : (
        <Form<BaseFormValues> form={form} layout="vertical" onFinish={onFinish} name="base-settings">
          <Form.Item name="realName" label={label('realName')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={label('name')}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label={label('email')} rules={[{ type: 'email' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={label('phone')}>
            <Input />
          </Form.Item>
          <Form.Item name="sex" label={label('sex')}>
            <Select
              allowClear
              options={[
                { value: '1', label: intl.formatMessage({ id: 'pages.account.sex.male' }) },
                { value: '2', label: intl.formatMessage({ id: 'pages.account.sex.female' }) },
              ]}
            />
          </Form.Item>
          <Form.Item name="birthday" label={label('birthday')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={label('avatar')}>
            <Space align="start" style={{ width: '100%' }}>
              <Avatar size={40} src={avatar || undefined} />
              <Form.Item name="avatar" noStyle rules={[{ type: 'url' }]}>
                <Input style={{ width: 360, maxWidth: '100%' }} placeholder="https://" />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              <FormattedMessage id="pages.account.settings.save" />
            </Button>
          </Form.Item>
        </Form>
      )}
    </SettingsLayout>
  );
};

export default BaseSettings;
