// Shared test helpers: sign a user in (tokens in storage), read what antd shows, move the URL.
import { act } from '@testing-library/react';
import { history, setLocale } from '@umijs/max';
import { vi } from 'vitest';
import { setCurrentUser } from '@/utils/authority';
import { switchLanguage } from '@/utils/language';
import { saveToken } from '@/utils/session';

export function signIn(opts: { expiresIn?: number; now?: number; access?: string } = {}) {
  saveToken(
    {
      access_token: opts.access ?? 'A1',
      token_type: 'bearer',
      refresh_token: 'R1',
      expires_in: opts.expiresIn ?? 3600,
    },
    { now: opts.now },
  );
  setCurrentUser({ account: 'admin', tenant_id: '000000', userId: '1' });
}

/** A notice on its way out: jsdom never ends the leave animation, so it stays in the DOM. */
const leaving = (n: Element) => n.closest('[class*="-leave"]') !== null;

/** Texts of the antd messages on screen, by type. */
export function messages(type?: 'success' | 'error' | 'warning' | 'info') {
  const sel = type ? `.ant-message-notice .ant-message-${type}` : '.ant-message-notice';
  return Array.from(document.querySelectorAll(sel))
    .filter((n) => !leaving(n))
    .map((n) => n.textContent?.trim() ?? '');
}

/** `{title, description}` of the antd notifications on screen. */
export function notifications() {
  return Array.from(document.querySelectorAll('.ant-notification-notice'))
    .filter((n) => !leaving(n))
    .map((n) => ({
    title: n.querySelector('.ant-notification-notice-title')?.textContent ?? '',
    description: n.querySelector('.ant-notification-notice-description')?.textContent ?? '',
  }));
}

/** Lets antd's static holders render (they render through React asynchronously). */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/** With fake timers: moves the clock and lets React and promises catch up. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Moves the app (Umi's history, so the router base applies) to an app path. */
export function goTo(path: string) {
  history.replace(path);
}

/** The current location as the app's history sees it. */
export function currentUrl() {
  return `${history.location.pathname}${history.location.search}`;
}

export async function withLocale<T>(locale: string, fn: () => Promise<T>): Promise<T> {
  await switchLanguage(locale);
  try {
    return await fn();
  } finally {
    setLocale('zh-CN', false);
  }
}

/** Clicks the submit button of the antd form with this `name` (faster than a role query on a
 * full layout). */
export async function submitForm(name: string) {
  const button = document.querySelector(`form#${name} button[type="submit"]`);
  if (!button) throw new Error(`no submit button in form ${name}`);
  await act(async () => {
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}
