import { render, screen } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import ErrorBoundary, { isChunkLoadError } from '.';

const Boom: React.FC<{ error: Error }> = ({ error }) => {
  throw error;
};

describe('ErrorBoundary', () => {
  it('recognises chunk load failures', () => {
    const e = new Error('Loading chunk 582 failed.\n(timeout: https://x/582.js)');
    expect(isChunkLoadError(e)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reports a page whose script failed to load, with a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    render(
      <ErrorBoundary>
        <Boom error={err} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });

  it('shows other errors as a 500 with their message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom error={new Error('cannot read x')} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByText('cannot read x')).toBeTruthy();
  });
});
