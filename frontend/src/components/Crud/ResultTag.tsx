//! The outcome of a logged event (a sign-in, a call, a text message): a green 成功 or red 失败 tag, and
//! the list column that shows it and filters by it (`1` success, `0` failure on the wire).
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React from 'react';

const succeeded = (value: unknown) => value === true || Number(value) === 1;

export const ResultTag: React.FC<{ value: unknown }> = ({ value }) => {
  const intl = useIntl();
  return succeeded(value) ? (
    <Tag color="success">{intl.formatMessage({ id: 'crud.result.success' })}</Tag>
  ) : (
    <Tag color="error">{intl.formatMessage({ id: 'crud.result.failure' })}</Tag>
  );
};

/** A `success` column: the tag in the cells, a 成功 / 失败 select in the search form. */
export function resultColumn<T>(intl: ReturnType<typeof useIntl>, title: React.ReactNode, dataIndex = 'success'): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType: 'select',
    valueEnum: {
      1: { text: intl.formatMessage({ id: 'crud.result.success' }) },
      0: { text: intl.formatMessage({ id: 'crud.result.failure' }) },
    },
    render: (_, row) => <ResultTag value={(row as Record<string, unknown>)[dataIndex]} />,
  };
}
