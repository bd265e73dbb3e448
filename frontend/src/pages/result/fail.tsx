import { FormattedMessage, history, useIntl } from '@umijs/max';
import { Button, Card, Result } from 'antd';
import React from 'react';

const Fail: React.FC = () => {
  const intl = useIntl();
  return (
    <Card variant="borderless">
      <Result
        status="error"
        title={intl.formatMessage({ id: 'pages.result.fail.title' })}
        subTitle={intl.formatMessage({ id: 'pages.result.fail.description' })}
        extra={[
          <Button key="back" onClick={() => history.back()}>
            <FormattedMessage id="pages.result.fail.back" />
          </Button>,
          <Button key="home" type="primary" onClick={() => history.push('/')}>
            <FormattedMessage id="exception.back" />
          </Button>,
        ]}
      />
    </Card>
  );
};

export default Fail;
