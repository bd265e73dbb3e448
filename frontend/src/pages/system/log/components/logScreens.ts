//! The three log screens described once: which log each reads, its menu, and its fields: which are
//! listed, which are searched, and how a value reads (an outcome tag, milliseconds, JSON parameters).
//! The list and the detail page are built from these.
import dayjs from 'dayjs';
import type { LogKind } from '@/services/system/log';

export type LogScreen = 'login' | 'operation' | 'error';

export interface LogField {
  name: string;
  /** locale key under `pages.system.log.field.`; `name` by default */
  label?: string;
  /** a column of the list */
  list?: boolean;
  /** a filter of the list */
  search?: boolean;
  /** how the value reads: an outcome tag, milliseconds, pretty-printed parameters, long text in full */
  show?: 'result' | 'ms' | 'json' | 'long' | 'grant';
}

export interface LogScreenSpec {
  kind: LogKind;
  menuCode: string;
  /** the list's route; the detail is `<base>/view/:id` */
  base: string;
  fields: LogField[];
}

const TIME: LogField = { name: 'createTime', list: true };
const ACCOUNT: LogField = { name: 'account', list: true, search: true };
const TRAIL: LogField[] = [{ name: 'userId' }, { name: 'userAgent', show: 'long' }];

export const LOG_SCREENS: Record<LogScreen, LogScreenSpec> = {
  login: {
    kind: 'login',
    menuCode: 'log_login',
    base: '/system/log/login',
    fields: [
      TIME,
      ACCOUNT,
      { name: 'success', list: true, search: true, show: 'result' },
      { name: 'message', list: true },
      { name: 'grantType', list: true, show: 'grant' },
      { name: 'clientId', list: true },
      { name: 'ip', list: true },
      ...TRAIL,
    ],
  },
  operation: {
    kind: 'api',
    menuCode: 'log_operation',
    base: '/system/log/operation',
    fields: [
      TIME,
      { name: 'title', list: true, search: true },
      ACCOUNT,
      { name: 'method', list: true },
      { name: 'requestUri', list: true, search: true },
      // The outcome tag says enough in the list (a 1440 px screen had the duration under the actions);
      // the HTTP status is on the detail page.
      { name: 'status' },
      { name: 'success', list: true, search: true, show: 'result' },
      { name: 'time', list: true, show: 'ms' },
      { name: 'remoteIp', list: true },
      { name: 'serviceId' },
      { name: 'requestId' },
      { name: 'params', show: 'json' },
      ...TRAIL,
    ],
  },
  error: {
    kind: 'error',
    menuCode: 'log_error',
    base: '/system/log/error',
    fields: [
      TIME,
      { name: 'serviceId', list: true },
      { name: 'exceptionName', list: true },
      { name: 'message', label: 'errorMessage', list: true, show: 'long' },
      ACCOUNT,
      { name: 'method', list: true },
      { name: 'requestUri', list: true, search: true },
      { name: 'remoteIp', list: true },
      { name: 'requestId' },
      { name: 'params', show: 'json' },
      ...TRAIL,
    ],
  },
};

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The range picker's value → `beginTime` / `endTime` as the server reads them. */
export function toTimeRange(value: unknown): { beginTime?: string; endTime?: string } {
  const [begin, end] = Array.isArray(value) ? value : [];
  const format = (v: unknown) => (v ? dayjs(v as string).format(TIME_FORMAT) : undefined);
  return { beginTime: format(begin), endTime: format(end) };
}

/** Parameters as indented JSON when they are JSON; as they came otherwise. */
export function prettyJson(text: string | null | undefined): string {
  if (!text) return '';
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : text;
  } catch {
    return text;
  }
}
