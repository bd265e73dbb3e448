//! Files through the request layer (token, refresh and all): downloading an export or a template
//! under the server's file name, uploading a file or an Excel import, reading why either was refused,
//! and links that carry the token in their URL for what the browser fetches itself (an `<img>`, an
//! `<iframe>`, a large download that should not pass through memory).
import { request } from '@umijs/max';
import { call } from '@/services/crud';
import { getAccessToken } from '@/utils/authority';
import { checkSession, type KeeperRequestOptions, normalizeUrl } from '@/utils/request';
import { serializeParams } from '@/utils/requestAdapter';

/** The query parameter the gateway reads the access token from when a request cannot carry the
 * Keeper-Auth header. */
export const TOKEN_PARAM = 'keeper-auth';

/** One bad cell or row of a refused import (crates/excel/src/report.rs). */
export interface ImportRowError {
  /** the Excel row (the header is row 1) */
  row: number;
  /** the column header, empty when the whole row is wrong */
  field: string;
  reason: string;
  message: string;
}

/** Why an import was refused: the row report, or the one reason the file was not read. */
export interface ImportRefusal {
  message: string;
  rows: ImportRowError[];
}

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first). */
export function filenameOf(disposition: string | undefined | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1];
}

/** The server's message inside a failed blob download (the body of an error is JSON). */
export async function blobErrorMessage(error: unknown): Promise<string | undefined> {
  const data = (error as any)?.response?.data;
  // Duck-typed: the body may be a Blob of another realm (a worker's, or the test runner's fetch).
  if (!data || typeof data !== 'object' || typeof data.text !== 'function') return undefined;
  try {
    const body = JSON.parse(await data.text());
    return typeof body?.msg === 'string' && body.msg ? body.msg : undefined;
  } catch {
    return undefined;
  }
}

/** Follows a link as a download (a temporary `<a download>`): the browser saves what it answers. */
export function openLink(href: string, filename = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  openLink(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The URL of an API path with its parameters and the access token (`keeper-auth=bearer <jwt>`, the
 * value the header would carry), for the browser to load by itself. The session is checked first, as for any call: a token due for a refresh is
 * refreshed, so the link does not carry one about to expire.
 */
export async function authorizedUrl(path: string, params: Record<string, unknown> = {}): Promise<string> {
  await checkSession();
  const query = serializeParams({ ...params, [TOKEN_PARAM]: bearer(getAccessToken()) });
  return query ? `${normalizeUrl(path)}?${query}` : normalizeUrl(path);
}

function bearer(token: string | null | undefined): string | undefined {
  return token ? `bearer ${token}` : undefined;
}

/** `1536` → `1.5 KB`: a size in bytes for people (binary units, as file managers show them). */
export function humanSize(bytes: number | null | undefined): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}

/**
 * GETs a file and saves it under the server's name (or `fallbackName`). A failure is thrown to the
 * caller; {@link blobErrorMessage} reads the server's reason from it.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, fallbackName: string) {
  // The whole response, not Keeper's envelope: the name is in a header.
  const options: KeeperRequestOptions = { method: 'GET', params, responseType: 'blob', getResponse: true, skipErrorHandler: true };
  const res = await request<any>(path, options);
  saveBlob(res.data as Blob, filenameOf(res.headers?.['content-disposition']) ?? fallbackName);
}

/** POSTs a file as multipart `file`, with other form fields; `onUploadProgress` in the options
 * reports how much of it has been sent. */
export function uploadFile<T = unknown>(path: string, file: File, fields: Record<string, string> = {}, options?: KeeperRequestOptions) {
  const data = new FormData();
  data.append('file', file);
  Object.entries(fields).forEach(([name, value]) => data.append(name, value));
  return call<T>(path, { method: 'POST', data, ...options });
}

/** POSTs an Excel file as multipart `file` with `isCovered` (1: existing records are updated). */
export function uploadImport<T = unknown>(path: string, file: File, covered: boolean, options?: KeeperRequestOptions) {
  return uploadFile<T>(path, file, { isCovered: covered ? '1' : '0' }, options);
}

/** A refused import: its row report (HTTP 400 with `data` = rows), or the single reason. */
export function importRefusalOf(error: unknown): ImportRefusal | undefined {
  const e = error as any;
  const body = e?.response?.data ?? (e?.info ? { msg: e.info.errorMessage, data: e.info.data } : undefined);
  if (!body || typeof body !== 'object') return undefined;
  const rows = Array.isArray(body.data) ? (body.data as ImportRowError[]) : [];
  const reason = !rows.length && body.data && typeof body.data.reason === 'string' ? body.data.reason : undefined;
  const message = reason ?? (typeof body.msg === 'string' ? body.msg : '');
  return message || rows.length ? { message, rows } : undefined;
}
