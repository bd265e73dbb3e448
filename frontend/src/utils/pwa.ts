//! Offline notice, update-available notice, and service-worker clean-up (SPEC §4, §8, §9).
import { Button, message, notification } from 'antd';
import React from 'react';
import { NOTIFICATION_DURATION, t } from './requestMessages';

const OFFLINE_KEY = 'keeper-offline';
const UPDATE_KEY = 'keeper-sw-updated';

/** Shows "currently offline" while the browser is offline; returns the unsubscribe function. */
export function watchOnlineState(target: Window = window): () => void {
  const onOffline = () =>
    message.warning({
      key: OFFLINE_KEY,
      content: t('app.pwa.offline', 'You are currently offline'),
      duration: 0,
    });
  const onOnline = () => message.destroy(OFFLINE_KEY);
  target.addEventListener('offline', onOffline);
  target.addEventListener('online', onOnline);
  if (target.navigator && target.navigator.onLine === false) onOffline();
  return () => {
    target.removeEventListener('offline', onOffline);
    target.removeEventListener('online', onOnline);
  };
}

/** Asks a waiting service worker to take over, then reloads. */
async function activateUpdate(worker: ServiceWorker | null | undefined, reload: () => void) {
  if (!worker) {
    reload();
    return;
  }
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'skip-waiting' }, [channel.port2]);
    setTimeout(resolve, 1000);
  });
  reload();
}

/**
 * Update-available notice with a refresh button: shown on the `sw.updated` event that a service
 * worker registration dispatches when new content is waiting.
 */
export function watchUpdates(target: Window = window, reload = () => window.location.reload()) {
  const onUpdated = (event: Event) => {
    const worker = (event as CustomEvent<ServiceWorkerRegistration | undefined>).detail?.waiting;
    notification.open({
      key: UPDATE_KEY,
      title: t('app.pwa.serviceworker.updated', 'New content is available'),
      description: t('app.pwa.serviceworker.updated.hint', 'Click "Refresh" or reload the page manually'),
      duration: NOTIFICATION_DURATION,
      actions: React.createElement(
        Button,
        {
          type: 'primary',
          onClick: () => {
            notification.destroy(UPDATE_KEY);
            void activateUpdate(worker, reload);
          },
        },
        t('app.pwa.serviceworker.updated.ok', 'Refresh'),
      ),
    });
  };
  target.addEventListener('sw.updated', onUpdated);
  return () => target.removeEventListener('sw.updated', onUpdated);
}

export interface PwaEnv {
  production: boolean;
  protocol: string;
  pwa: boolean;
}

/**
 * In production, over https, with the offline-app setting off: unregister every service worker and
 * delete every cache, so that an old offline copy never shadows the deployed app.
 */
export async function removeServiceWorkers(env: PwaEnv): Promise<boolean> {
  if (!env.production || env.protocol !== 'https:' || env.pwa) return false;
  const tasks: Promise<unknown>[] = [];
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.getRegistrations) {
    tasks.push(
      navigator.serviceWorker
        .getRegistrations()
        .then((regs) => Promise.all(regs.map((r) => r.unregister()))),
    );
  }
  if (typeof caches !== 'undefined') {
    tasks.push(caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))));
  }
  await Promise.all(tasks.map((p) => p.catch(() => undefined)));
  return true;
}

