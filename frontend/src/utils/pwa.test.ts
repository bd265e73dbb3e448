import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, notifications, settle } from '../../tests/helpers';
import { removeServiceWorkers, watchOnlineState, watchUpdates } from './pwa';

describe('offline notice', () => {
  it('tells the user they are offline, and clears it when back online', async () => {
    const stop = watchOnlineState(window);
    try {
      await act(async () => {
        window.dispatchEvent(new Event('offline'));
      });
      await settle();
      expect(messages('warning')).toEqual(['当前处于离线状态']);
      await act(async () => {
        window.dispatchEvent(new Event('online'));
      });
      await settle();
      expect(messages('warning')).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('update notice', () => {
  it('offers a refresh button that reloads the page', async () => {
    const reload = vi.fn();
    const stop = watchUpdates(window, reload);
    try {
      await act(async () => {
        window.dispatchEvent(new CustomEvent('sw.updated', { detail: undefined }));
      });
      await settle();
      expect(notifications()).toEqual([
        { title: '有新内容', description: '请点击“刷新”按钮或者手动刷新页面' },
      ]);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
      });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

describe('service worker clean-up', () => {
  function stubBrowser() {
    const unregister = vi.fn(async () => true);
    const deleted: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    });
    vi.stubGlobal('caches', {
      keys: async () => ['workbox-precache', 'runtime'],
      delete: async (k: string) => deleted.push(k),
    });
    return { unregister, deleted };
  }

  it('removes workers and caches in production over https with the offline-app setting off', async () => {
    const { unregister, deleted } = stubBrowser();
    expect(await removeServiceWorkers({ production: true, protocol: 'https:', pwa: false })).toBe(true);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(deleted).toEqual(['workbox-precache', 'runtime']);
  });

  it('leaves them alone in development, over http, or with the offline-app setting on', async () => {
    const { unregister, deleted } = stubBrowser();
    expect(await removeServiceWorkers({ production: false, protocol: 'https:', pwa: false })).toBe(false);
    expect(await removeServiceWorkers({ production: true, protocol: 'http:', pwa: false })).toBe(false);
    expect(await removeServiceWorkers({ production: true, protocol: 'https:', pwa: true })).toBe(false);
    expect(unregister).not.toHaveBeenCalled();
    expect(deleted).toEqual([]);
  });
});
