//! keeper-log (api-contract §4.14): the sign-in, operation (API call) and error logs, read-only, with
//! the Excel export of what a filter finds.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

const BASE = '/keeper-log';

/** The log behind each screen: sign-ins, operations (API calls), errors. */
export type LogKind = 'login' | 'api' | 'error';

interface LogBase {
  id: string;
  tenantId: string;
  userId: string;
  account: string;
  userAgent: string;
  createTime: string;
}

export interface LoginLog extends LogBase {
  /** 1 signed in, 0 refused */
  success: number;
  message: string;
  grantType: string;
  clientId: string;
  ip: string;
}

export interface ApiLog extends LogBase {
  serviceId: string;
  title: string;
  method: string;
  requestUri: string;
  params: string;
  /** HTTP status */
  status: number;
  success: number;
  /** milliseconds */
  time: number;
  remoteIp: string;
  requestId: string;
}

export interface ErrorLog extends LogBase {
  serviceId: string;
  requestId: string;
  method: string;
  requestUri: string;
  params: string;
  exceptionName: string;
  message: string;
  remoteIp: string;
}

export type LogRecord = LoginLog | ApiLog | ErrorLog;

/** Filters of the lists (and of the export): `beginTime`/`endTime` as `yyyy-MM-dd HH:mm:ss`. */
export interface LogQuery {
  current?: number;
  size?: number;
  account?: string;
  success?: string | number;
  beginTime?: string;
  endTime?: string;
  requestUri?: string;
  title?: string;
}

export const listLogs = <R extends LogRecord>(kind: LogKind, params: LogQuery, options?: KeeperRequestOptions) =>
  call<API.Page<R>>(`${BASE}/${kind}/list`, { method: 'GET', params, ...options });

export const getLog = <R extends LogRecord>(kind: LogKind, id: string, options?: KeeperRequestOptions) =>
  call<R>(`${BASE}/${kind}/detail`, { method: 'GET', params: { id }, ...options });

/** The xlsx of every row these filters find (all pages). */
export function exportLogs(kind: LogKind, query: LogQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(`${BASE}/${kind}/export`, filters, fallbackName);
}
