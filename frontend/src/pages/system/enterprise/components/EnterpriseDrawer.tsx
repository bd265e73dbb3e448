//! The drawer of /system/enterprise that adds, changes or shows one enterprise (the route has no
//! sub-pages): it loads `detail` for edit and view, is read-only in view, and puts a server field error
//! on its field (or says it when the field is not on screen).
import { ProForm, type ProFormInstance } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Drawer, Result, Skeleton, Space } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import { announceSuccess, fieldErrorOf } from '@/components/Crud';
import { type EnterpriseRecord, getEnterprise, submitEnterprise } from '@/services/system/enterprise';
import { showError } from '@/utils/requestMessages';
import EnterpriseFields, { type EnterpriseFormValues, toFormValues, toSubmit } from './EnterpriseForm';

export type DrawerMode = 'add' | 'edit' | 'view';

export interface EnterpriseDrawerProps {
  mode: DrawerMode;
  /** edit and view */
  id?: string;
  /** add: the department picked in the tree */
  deptId?: string;
  onClose: (changed: boolean) => void;
}

const EnterpriseDrawer: React.FC<EnterpriseDrawerProps> = ({ mode, id, deptId, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.enterprise.${key}` });
  const formRef = useRef<ProFormInstance<EnterpriseFormValues>>(undefined);
  const [state, setState] = useState<{ loading: boolean; record?: EnterpriseRecord; missing?: boolean }>({ loading: mode !== 'add' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (mode === 'add' || !id) return undefined;
    let alive = true;
    getEnterprise(id)
      .then((res) => alive && setState(res?.success && res.data ? { loading: false, record: res.data } : { loading: false, missing: true }))
      .catch(() => alive && setState({ loading: false, missing: true }));
    return () => {
      alive = false;
    };
  }, [mode, id]);

  const onFinish = async (values: EnterpriseFormValues) => {
    setSaving(true);
    try {
      const res = await submitEnterprise(toSubmit(values, mode === 'edit' ? id : undefined));
      if (!res?.success) return false;
      announceSuccess(res);
      onClose(true);
      return true;
    } catch (e) {
      const fe = fieldErrorOf(e);
      if (fe) {
        const form = formRef.current;
        if (form && Object.prototype.hasOwnProperty.call(form.getFieldsValue(), fe.field)) {
          form.setFields([{ name: fe.field as keyof EnterpriseFormValues, errors: [fe.reason] }]);
          form.scrollToField(fe.field as keyof EnterpriseFormValues);
        } else showError(fe.message);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (state.loading) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (state.missing) body = <Result status="404" title={intl.formatMessage({ id: 'crud.notFound' })} />;
  else {
    body = (
      <ProForm<EnterpriseFormValues>
        name="enterprise-form"
        formRef={formRef}
        layout="vertical"
        grid
        rowProps={{ gutter: [16, 0] }}
        colProps={{ xs: 24, md: 12, lg: 8 }}
        readonly={mode === 'view'}
        initialValues={state.record ? toFormValues(state.record) : { deptId, isHighTech: 'N', isListed: 'N' }}
        onFinish={onFinish}
        submitter={false}
      >
        <EnterpriseFields view={mode === 'view'} />
      </ProForm>
    );
  }

  return (
    <Drawer
      open
      title={t(mode)}
      size={1040}
      destroyOnHidden
      onClose={() => onClose(false)}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={() => onClose(false)}>{intl.formatMessage({ id: mode === 'view' ? 'crud.back' : 'crud.cancel' })}</Button>
          {mode !== 'view' && !state.loading && !state.missing ? (
            <Button type="primary" loading={saving} onClick={() => formRef.current?.submit()} data-testid="enterprise-submit">
              {intl.formatMessage({ id: 'crud.submit' })}
            </Button>
          ) : null}
        </Space>
      }
    >
      {body}
    </Drawer>
  );
};

export default EnterpriseDrawer;
