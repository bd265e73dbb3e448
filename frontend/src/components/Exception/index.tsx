//! The exception screens (403, 404, 500 and the generic one with a code and a message).
import { FormattedMessage, history, useIntl } from '@umijs/max';
import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import React from 'react';

export type ExceptionType = '403' | '404' | '500';

const KNOWN: ExceptionType[] = ['403', '404', '500'];

const Exception: React.FC<{
  type?: string;
  title?: React.ReactNode;
  message?: React.ReactNode;
}> = ({ type, title, message }) => {
  const intl = useIntl();
  const known = KNOWN.includes(type as ExceptionType) ? (type as ExceptionType) : undefined;
  const status: ResultProps['status'] = known ?? 'error';
  return (
    <Result
      status={status}
      title={title ?? type ?? intl.formatMessage({ id: 'exception.title' })}
      subTitle={
        message ??
        (known ? intl.formatMessage({ id: `exception.description.${known}` }) : undefined)
      }
      extra={
        <Button type="primary" onClick={() => history.push('/')}>
          <FormattedMessage id="exception.back" />
        </Button>
      }
    />
  );
};

export default Exception;
