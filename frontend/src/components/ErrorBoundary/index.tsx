//! The layout's error boundary: a page whose script could not be loaded (ChunkLoadError, after
//! webpack's 120 s chunk time-out) is reported with a reload button; other errors show a 500.
import { Button, Result } from 'antd';
import React from 'react';
import { t } from '@/utils/requestMessages';

export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | undefined;
  return (
    e?.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(e?.message ?? '') ||
    /Failed to fetch dynamically imported module/i.test(e?.message ?? '')
  );
}

interface State {
  error?: unknown;
}

export default class ErrorBoundary extends React.Component<React.PropsWithChildren, State> {
  state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    // eslint-disable-next-line no-console
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <Result
        status={chunk ? 'warning' : '500'}
        title={chunk ? t('app.chunk.timeout', 'The page failed to load') : t('app.error.title', 'Something went wrong')}
        subTitle={
          chunk
            ? t('app.chunk.timeout.hint', 'Check the network connection and reload the page.')
            : (error as Error)?.message
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('app.chunk.reload', 'Reload')}
          </Button>
        }
      />
    );
  }
}
