//! What the request layer shows (SPEC §8, §9): the status-text catalogue, error messages (3 s),
//! notifications (4.5 s), success toasts (1.5 s) and warnings at most once per second.
import { getIntl } from '@umijs/max';
import { message, notification } from 'antd';

export const MESSAGE_DURATION = 3;
export const NOTIFICATION_DURATION = 4.5;
export const TOAST_DURATION = 1.5;
export const WARNING_INTERVAL_MS = 1000;

/** HTTP statuses with a catalogue text (SPEC §8). */
export const CATALOGUE_STATUSES = [
  200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504,
] as const;

/** The server's "no data" message (R.data(null)); never shown as a warning. */
export const SERVER_NO_DATA_MESSAGES = ['暂无承载数据'];

/** A locale text, or `fallback` when the key is unknown or i18n is not ready. */
export function t(id: string, fallback?: string, values?: Record<string, unknown>): string {
  try {
    const intl = getIntl();
    if (intl.messages && Object.prototype.hasOwnProperty.call(intl.messages, id)) {
      return intl.formatMessage({ id }, values as any);
    }
  } catch {
    // i18n not initialised (very early start-up): use the fallback
  }
  return fallback ?? id;
}

/** The catalogue text of an HTTP status or body code, or undefined when there is none. */
export function statusText(code: number | undefined): string | undefined {
  if (code === undefined || !CATALOGUE_STATUSES.includes(code as any)) return undefined;
  return t(`request.status.${code}`);
}

export function fallbackErrorText(): string {
  return t('request.error.fallback', 'Request error, please retry.');
}

export function isNoDataMessage(text: string | undefined): boolean {
  if (!text) return false;
  return SERVER_NO_DATA_MESSAGES.includes(text) || text === t('request.noData', '暂无承载数据');
}

export function showError(text: string) {
  message.error({ content: text, duration: MESSAGE_DURATION });
}

export function showNotification(title: string, description: string) {
  notification.error({ title, description, duration: NOTIFICATION_DURATION });
}

export function showSuccessToast(text: string) {
  message.success({ content: text, duration: TOAST_DURATION });
}

let lastWarningAt = Number.NEGATIVE_INFINITY;

/** A warning message, at most one per second: later ones inside the window are dropped. */
export function showWarning(text: string): boolean {
  const now = Date.now();
  if (now - lastWarningAt < WARNING_INTERVAL_MS) return false;
  lastWarningAt = now;
  message.warning({ content: text, duration: MESSAGE_DURATION });
  return true;
}

/** Test hook: forget the last warning time. */
export function resetWarningThrottle() {
  lastWarningAt = Number.NEGATIVE_INFINITY;
}
