//! The request layer: Umi's `request` runtime configuration (exported by src/app.tsx). Every
//! behaviour of SPEC §4, §7, §8 and §9 that concerns a call lives here, so services and pages only
//! say what they call (see src/services/).
import type { RequestConfig, RequestOptions } from '@umijs/max';
import { history } from '@umijs/max';
import defaultSettings from '../../config/defaultSettings';
import { getToken } from './authority';
import { currentAppLocation, isPublicPath } from './location';
import { fetchAdapter } from './requestAdapter';
import { requestFinished, requestStarted } from './requestLoading';
import {
  fallbackErrorText,
  isNoDataMessage,
  showError,
  showNotification,
  showSuccessToast,
  showWarning,
  statusText,
} from './requestMessages';
import { expireSession, logout, refreshToken, scheduleLogout, tokenState } from './session';

/** SPEC §4: how a failure is shown. */
export enum ErrorShowType {
  SILENT = 0,
  WARN_MESSAGE = 1,
  ERROR_MESSAGE = 2,
  NOTIFICATION = 4,
  REDIRECT = 9,
}

/** Options a call may pass on top of axios' and Umi's (`skipErrorHandler`, `getResponse`). */
export interface KeeperRequestOptions extends RequestOptions {
  /** how to show a failure; overrides a `showType` sent by the server */
  showType?: ErrorShowType;
  /** false: no warning and no success toast for this call */
  showMsg?: boolean;
  /** accept a body `code` outside 200–299 */
  noCode?: boolean;
  /** false: send no Keeper-Auth header and skip the token check (login, captcha, refresh) */
  isToken?: boolean;
  /** body encoding of a plain object: JSON (default) or form-urlencoded */
  requestType?: 'json' | 'form';
  /** cache this GET for 60 s (or the given number of ms) */
  cache?: boolean | number;
}

export const BASE_PATH = '/api';

export interface ErrorInfo {
  errorCode?: number;
  errorMessage: string;
  showType?: number;
  data?: unknown;
}

/** A business failure: HTTP success, but `success: false` or a body code outside 200–299. */
export class BizError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.errorMessage);
    this.name = 'BizError';
  }
}

/** A call refused before it went out (no session, session expired); already handled. */
export class SessionError extends Error {
  readonly silent = true;
  constructor(msg: string) {
    super(msg);
    this.name = 'SessionError';
  }
}

export function basicAuthorization(
  clientId = defaultSettings.clientId,
  clientSecret = defaultSettings.clientSecret,
): string {
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

/** `/keeper-system/x` → `/api/keeper-system/x`; `/api/api/keeper-x` → `/api/keeper-x`. */
export function normalizeUrl(url: string): string {
  if (/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  let path = url.startsWith('/') ? url : `/${url}`;
  if (path !== BASE_PATH && !path.startsWith(`${BASE_PATH}/`)) path = `${BASE_PATH}${path}`;
  return path.replace(/^\/api\/api\/keeper-/, '/api/keeper-');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === '[object Object]';
}

/** Form body: null/undefined dropped, arrays comma-joined (the BladeX `ids=1,2` convention). */
export function toFormBody(data: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  Object.entries(data).forEach(([key, value]) => {
    if (value === undefined || value === null) return;
    body.append(key, Array.isArray(value) ? value.join(',') : String(value));
  });
  return body;
}

export function isEmptyData(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  if (isPlainObject(data)) return Object.keys(data).length === 0;
  return false;
}

function isBinary(data: unknown): boolean {
  return (
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof ArrayBuffer !== 'undefined' && data instanceof ArrayBuffer)
  );
}

/**
 * The token check of every call that carries the token (SPEC §4): a token due for it is refreshed
 * first (one refresh for all waiting callers), an expired session or a missing one on a private page
 * ends the session and throws a silent {@link SessionError}. Links that carry the token in their URL
 * (previews, downloads) pass the same check.
 */
export async function checkSession(): Promise<void> {
  const state = tokenState();
  if (state === 'refresh') {
    try {
      await refreshToken();
    } catch {
      expireSession();
      throw new SessionError('token refresh failed');
    }
  } else if (state === 'expired') {
    expireSession();
    throw new SessionError('session expired');
  } else if (state === 'none' && !isPublicPath(currentAppLocation().pathname)) {
    logout();
    throw new SessionError('not signed in');
  }
}

type Config = KeeperRequestOptions & { url?: string; __keeperLoading?: boolean };

function finish(config: Config | undefined) {
  if (config?.__keeperLoading) {
    config.__keeperLoading = false;
    requestFinished();
  }
}

async function prepare(config: Config): Promise<Config> {
  requestStarted();
  config.__keeperLoading = true;
  try {
    config.url = normalizeUrl(config.url ?? '');
    const headers: Record<string, unknown> = { ...(config.headers as Record<string, unknown>) };
    headers.Authorization = basicAuthorization();

    if (config.isToken !== false) {
      await checkSession();
      const token = getToken();
      if (token) headers['Keeper-Auth'] = token;
    }

    const method = (config.method ?? 'get').toLowerCase();
    if (
      ['post', 'put', 'delete', 'patch'].includes(method) &&
      config.requestType === 'form' &&
      isPlainObject(config.data)
    ) {
      config.data = toFormBody(config.data);
    }
    config.headers = headers as any;
    return config;
  } catch (e) {
    finish(config);
    throw e;
  }
}

function onResponse(response: any) {
  const config = response.config as Config;
  finish(config);
  const body = response.data;
  if (config.responseType === 'blob' || isBinary(body) || !isPlainObject(body)) return response;
  const code = typeof body.code === 'number' ? body.code : undefined;
  if (code !== undefined && (code < 200 || code > 299) && !config.noCode) {
    throw new BizError({
      errorCode: code,
      errorMessage: (body.msg as string) || statusText(code) || fallbackErrorText(),
      showType: body.showType as number | undefined,
      data: body.data,
    });
  }
  if (
    body.success === true &&
    isEmptyData(body.data) &&
    config.showMsg !== false &&
    typeof body.msg === 'string' &&
    body.msg &&
    !isNoDataMessage(body.msg)
  ) {
    showSuccessToast(body.msg);
  }
  return response;
}

function onResponseError(error: any) {
  finish(error?.config);
  return Promise.reject(error);
}

/** A warning for a failed call, only when it carries no data and not the "no data" message. */
function warnFailure(text: string, data: unknown, opts: KeeperRequestOptions) {
  if (opts.showMsg === false) return;
  if (!isEmptyData(data)) return;
  if (isNoDataMessage(text)) return;
  showWarning(text);
}

function display(showType: number | undefined, info: ErrorInfo, opts: KeeperRequestOptions) {
  switch (showType) {
    case ErrorShowType.SILENT:
      return;
    case ErrorShowType.WARN_MESSAGE:
      warnFailure(info.errorMessage, info.data, opts);
      return;
    case ErrorShowType.ERROR_MESSAGE:
      showError(info.errorMessage);
      return;
    case ErrorShowType.NOTIFICATION:
      showNotification(String(info.errorCode ?? ''), info.errorMessage);
      return;
    case ErrorShowType.REDIRECT: {
      const query = new URLSearchParams({
        errorCode: String(info.errorCode ?? ''),
        errorMessage: info.errorMessage,
      });
      history.push(`/exception?${query.toString()}`);
      return;
    }
    default:
      showError(info.errorMessage);
  }
}

/** Umi calls this for every failed call; the call's promise is rejected afterwards anyway. */
export function errorHandler(error: any, opts: KeeperRequestOptions = {}) {
  if (opts?.skipErrorHandler) throw error;
  if (!error || error.silent || error.code === 'ERR_CANCELED') return;

  if (error.name === 'BizError') {
    const info = (error as BizError).info;
    if (info.errorCode === 401) scheduleLogout();
    display(opts.showType ?? info.showType, info, opts);
    return;
  }

  const response = error.response;
  if (response) {
    const body = isPlainObject(response.data) ? response.data : undefined;
    const code = typeof body?.code === 'number' ? (body.code as number) : response.status;
    const text =
      (body?.msg as string) ||
      (body?.error_description as string) ||
      statusText(code) ||
      statusText(response.status) ||
      error.message ||
      fallbackErrorText();
    if (response.status === 401 || code === 401) scheduleLogout();
    const info: ErrorInfo = { errorCode: code, errorMessage: text, data: body?.data };
    const showType = opts.showType ?? (body?.showType as number | undefined);
    if (showType !== undefined) display(showType, info, opts);
    else warnFailure(text, body?.data, opts);
    return;
  }

  showError(error.message || fallbackErrorText());
}

/** The `request` runtime configuration of src/app.tsx. */
export const requestConfig: RequestConfig = {
  adapter: fetchAdapter as any,
  timeout: 0,
  withCredentials: false,
  errorConfig: {
    errorThrower: (res: any) => {
      throw new BizError({
        errorCode: typeof res?.code === 'number' ? res.code : undefined,
        errorMessage: res?.msg || statusText(res?.code) || fallbackErrorText(),
        showType: res?.showType,
        data: res?.data,
      });
    },
    errorHandler: errorHandler as any,
  },
  requestInterceptors: [(config: any) => prepare(config) as any],
  responseInterceptors: [[onResponse, onResponseError] as any],
};
