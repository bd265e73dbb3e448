import { FormattedMessage, history, useIntl } from '@umijs/max';
import { Button, Card, Result } from 'antd';
import React from 'react';

const Success: React.FC = () => {
  const intl = useIntl();
  return (
    <Card variant="borderless">
      <Result
        status="success"
        title={intl.formatMessage({ id: 'pages.result.success.title' })}
        subTitle={intl.formatMessage({ id: 'pages.result.success.description' })}
        extra={
          <Button type="primary" onClick={() => history.push('/')}>
            <FormattedMessage id="exception.back" />
          </Button>
        }
      />
    </Card>
  );
};

export default Success;
