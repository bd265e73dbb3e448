//! The add / edit / view screen of an entity: a ProForm that loads `detail?id=` for edit and view,
//! is read-only in view, submits and returns to the list with a success message, and puts a server
//! field error (`data.field`, `data.reason` of a 400 reply) on the field it names.
import { PageContainer, ProForm, type ProFormInstance } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import React, { useEffect, useRef, useState } from 'react';
import { showError } from '@/utils/requestMessages';
import { announceSuccess, fieldErrorOf } from './feedback';

export type CrudFormMode = 'add' | 'edit' | 'view';

export interface CrudFormContext<R> {
  mode: CrudFormMode;
  /** the loaded record (edit and view) */
  record?: R;
}

export interface CrudFormProps<R, V extends Record<string, any>> {
  mode: CrudFormMode;
  /** the form's name, also its element id */
  name: string;
  title: React.ReactNode;
  /** where the list is: Back, and after a successful submit */
  backTo: string;
  /** the record of edit and view */
  id?: string;
  load?: (id: string) => Promise<API.Result<R>>;
  /** a loaded record as form values */
  toValues?: (record: R) => Partial<V>;
  /** values a new record starts with */
  initialValues?: Partial<V>;
  submit?: (values: V, record?: R) => Promise<API.Result<unknown>>;
  /** server field name → form field, where they differ */
  fieldNames?: Record<string, NamePath>;
  /** the fields; a function gets the mode and the record */
  children: React.ReactNode | ((ctx: CrudFormContext<R>) => React.ReactNode);
  /** shown under the form (read-only details, related lists) */
  footer?: React.ReactNode | ((ctx: CrudFormContext<R>) => React.ReactNode);
}

function isRegistered(form: ProFormInstance | undefined, name: NamePath): boolean {
  if (!form) return false;
  const path = Array.isArray(name) ? name : [name];
  let node: any = form.getFieldsValue();
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = node[key];
  }
  return true;
}

function CrudForm<R, V extends Record<string, any>>(props: CrudFormProps<R, V>) {
  const { mode, name, title, backTo, id, load, toValues, initialValues, submit, fieldNames = {}, children, footer } = props;
  const intl = useIntl();
  const formRef = useRef<ProFormInstance<V>>(undefined);
  const needsRecord = mode !== 'add' && !!load;
  const [state, setState] = useState<{ loading: boolean; record?: R; missing?: boolean }>({ loading: needsRecord });
  const [saving, setSaving] = useState(false);
  const msg = (key: string) => intl.formatMessage({ id: key });

  useEffect(() => {
    if (!needsRecord) return undefined;
    let alive = true;
    setState({ loading: true });
    (async () => {
      try {
        const res = id ? await load!(id) : undefined;
        if (!alive) return;
        if (res?.success && res.data && typeof res.data === 'object') setState({ loading: false, record: res.data });
        else setState({ loading: false, missing: true });
      } catch {
        if (alive) setState({ loading: false, missing: true });
      }
    })();
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, needsRecord]);

  const onFinish = async (values: V) => {
    if (!submit) return false;
    setSaving(true);
    try {
      const res = await submit(values, state.record);
      if (!res?.success) return false;
      announceSuccess(res);
      history.push(backTo);
      return true;
    } catch (e) {
      const fe = fieldErrorOf(e);
      if (fe) {
        const field = fieldNames[fe.field] ?? fe.field;
        if (isRegistered(formRef.current, field)) {
          formRef.current?.setFields([{ name: field, errors: [fe.reason] }]);
          formRef.current?.scrollToField(field);
        } else {
          showError(fe.message);
        }
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  const ctx: CrudFormContext<R> = { mode, record: state.record };
  const back = () => history.push(backTo);

  let body: React.ReactNode;
  if (state.loading) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (state.missing) {
    body = (
      <Result
        status="404"
        title={msg('crud.notFound')}
        extra={<Button onClick={back}>{msg('crud.back')}</Button>}
      />
    );
  } else {
    body = (
      <ProForm<V>
        name={name}
        formRef={formRef}
        layout="vertical"
        grid
        rowProps={{ gutter: [24, 0] }}
        colProps={{ xs: 24, md: 12 }}
        readonly={mode === 'view'}
        requiredMark={mode !== 'view'}
        initialValues={state.record && toValues ? toValues(state.record) : (initialValues as any)}
        onFinish={onFinish}
        submitter={{
          render: () => (
            <Space style={{ marginTop: 8 }}>
              {mode !== 'view' ? (
                <Button type="primary" htmlType="submit" loading={saving}>
                  {msg('crud.submit')}
                </Button>
              ) : null}
              <Button onClick={back}>{msg('crud.back')}</Button>
            </Space>
          ),
        }}
      >
        {typeof children === 'function' ? children(ctx) : children}
      </ProForm>
    );
  }

  return (
    <PageContainer title={title} onBack={back}>
      <Card>{body}</Card>
      {!state.loading && !state.missing && footer ? (typeof footer === 'function' ? footer(ctx) : footer) : null}
    </PageContainer>
  );
}

export default CrudForm;
