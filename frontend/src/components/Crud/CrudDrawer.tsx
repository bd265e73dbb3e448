//! The add / edit / view drawer of one record, for a screen that is a list plus a drawer (no
//! sub-routes): the same load, "missing", submit and field-error placement as CrudPage, in a Drawer
//! whose footer holds Cancel (Back in view) and Submit. It closes with `onClose(true)` once saved.
import { ProForm } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, type ColProps, Drawer, Result, Skeleton, Space } from 'antd';
import React from 'react';
import { type RecordFormProps, useRecordForm } from './useRecordForm';

export interface CrudDrawerProps<R, V extends Record<string, any>> extends RecordFormProps<R, V> {
  /** true once a submit succeeded */
  onClose: (changed: boolean) => void;
  /** the drawer's width in pixels */
  size?: number;
  /** the grid cell of one field */
  colProps?: ColProps;
  /** the submit button is `<testId>-submit` */
  testId?: string;
}

function CrudDrawer<R, V extends Record<string, any>>(props: CrudDrawerProps<R, V>) {
  const { mode, name, title, id, load, toValues, initialValues, submit, fieldNames, children, onClose } = props;
  const { size = 1040, colProps = { xs: 24, md: 12, lg: 8 }, testId = name } = props;
  const intl = useIntl();
  const form = useRecordForm<R, V>({ mode, id, load, submit, fieldNames, onSaved: () => onClose(true) });

  let body: React.ReactNode;
  if (form.loading) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (form.missing) body = <Result status="404" title={intl.formatMessage({ id: 'crud.notFound' })} />;
  else {
    body = (
      <ProForm<V>
        name={name}
        formRef={form.formRef}
        layout="vertical"
        grid
        rowProps={{ gutter: [16, 0] }}
        colProps={colProps}
        readonly={mode === 'view'}
        initialValues={form.record && toValues ? toValues(form.record) : (initialValues as any)}
        onFinish={form.onFinish}
        submitter={false}
      >
        {typeof children === 'function' ? children(form.ctx) : children}
      </ProForm>
    );
  }

  return (
    <Drawer
      open
      title={title}
      size={size}
      destroyOnHidden
      onClose={() => onClose(false)}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={() => onClose(false)}>{intl.formatMessage({ id: mode === 'view' ? 'crud.back' : 'crud.cancel' })}</Button>
          {mode !== 'view' && !form.loading && !form.missing ? (
            <Button type="primary" loading={form.saving} onClick={() => form.formRef.current?.submit()} data-testid={`${testId}-submit`}>
              {intl.formatMessage({ id: 'crud.submit' })}
            </Button>
          ) : null}
        </Space>
      }
    >
      {body}
    </Drawer>
  );
}

export default CrudDrawer;
