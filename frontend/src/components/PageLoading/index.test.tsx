import { act, render, screen } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import PageLoading from '.';

describe('PageLoading', () => {
  it('shows a large centred spinner with "loading..." only after 200 ms', async () => {
    vi.useFakeTimers();
    const { container } = render(<PageLoading />);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(screen.queryByText('loading...')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2);
    });
    expect(screen.getByText('loading...')).toBeTruthy();
    expect(container.querySelector('.ant-spin-lg')).not.toBeNull();
  });

  it('reports a page that has not loaded after 120 s, with a reload button', async () => {
    vi.useFakeTimers();
    render(<PageLoading />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_999);
    });
    expect(screen.queryByText('页面加载失败')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});
