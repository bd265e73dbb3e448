//! Shown while a lazily loaded page (or the start-up state) is pending (SPEC §1): a centred large
//! spinner that appears after 200 ms with 'loading...', and after 120 s a failure report.
import { Button, Result, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { t } from '@/utils/requestMessages';

export const SPIN_DELAY_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

const PageLoading: React.FC = () => {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (timedOut) {
    return (
      <Result
        status="warning"
        title={t('app.chunk.timeout', 'The page failed to load')}
        subTitle={t('app.chunk.timeout.hint', 'Check the network connection and reload the page.')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('app.chunk.reload', 'Reload')}
          </Button>
        }
      />
    );
  }

  return (
    <div
      data-testid="page-loading"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: 362,
        height: '100%',
        width: '100%',
      }}
    >
      <Spin size="large" delay={SPIN_DELAY_MS} description="loading...">
        <div style={{ width: 200, height: 100 }} />
      </Spin>
    </div>
  );
};

export default PageLoading;
