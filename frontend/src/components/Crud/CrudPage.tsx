//! The add / edit / view screen of an entity (its own route): a ProForm that loads `detail?id=` for
//! edit and view, is read-only in view, submits and returns to the list with a success message, and
//! puts a server field error (`data.field`, `data.reason` of a 400 reply) on the field it names.
import { PageContainer, ProForm } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import React from 'react';
import { type RecordContext, type RecordFormProps, useRecordForm } from './useRecordForm';

export interface CrudPageProps<R, V extends Record<string, any>> extends RecordFormProps<R, V> {
  /** where the list is: Back, and after a successful submit */
  backTo: string;
  /** shown under the form (read-only details, related lists) */
  footer?: React.ReactNode | ((ctx: RecordContext<R>) => React.ReactNode);
}

function CrudPage<R, V extends Record<string, any>>(props: CrudPageProps<R, V>) {
  const { mode, name, title, backTo, id, load, toValues, initialValues, submit, fieldNames, children, footer } = props;
  const intl = useIntl();
  const back = () => history.push(backTo);
  const form = useRecordForm<R, V>({ mode, id, load, submit, fieldNames, onSaved: back });
  const msg = (key: string) => intl.formatMessage({ id: key });

  let body: React.ReactNode;
  if (form.loading) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (form.missing) {
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
        formRef={form.formRef}
        layout="vertical"
        grid
        rowProps={{ gutter: [24, 0] }}
        colProps={{ xs: 24, md: 12 }}
        readonly={mode === 'view'}
        requiredMark={mode !== 'view'}
        initialValues={form.record && toValues ? toValues(form.record) : (initialValues as any)}
        onFinish={form.onFinish}
        submitter={{
          render: () => (
            <Space style={{ marginTop: 8 }}>
              {mode !== 'view' ? (
                <Button type="primary" htmlType="submit" loading={form.saving}>
                  {msg('crud.submit')}
                </Button>
              ) : null}
              <Button onClick={back}>{msg('crud.back')}</Button>
            </Space>
          ),
        }}
      >
        {typeof children === 'function' ? children(form.ctx) : children}
      </ProForm>
    );
  }

  return (
    <PageContainer title={title} onBack={back}>
      <Card>{body}</Card>
      {!form.loading && !form.missing && footer ? (typeof footer === 'function' ? footer(form.ctx) : footer) : null}
    </PageContainer>
  );
}

export default CrudPage;
