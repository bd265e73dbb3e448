//! Files through the request layer (token, refresh and all): downloading an export or a template
//! under the server's file name, uploading an Excel import, and reading why either was refused.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';

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

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GETs a file and saves it under the server's name (or `fallbackName`). A failure is thrown to the
 * caller; {@link blobErrorMessage} reads the server's reason from it.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, fallbackName: string) {
  const res = await request<any>(path, {
    method: 'GET',
    params,
    responseType: 'blob',
    getResponse: true,
    skipErrorHandler: true,
  } as KeeperRequestOptions);
  saveBlob(res.data as Blob, filenameOf(res.headers?.['content-disposition']) ?? fallbackName);
}

/** POSTs an Excel file as multipart `file` with `isCovered` (1: existing records are updated). */
export function uploadImport<T = unknown>(path: string, file: File, covered: boolean, options?: KeeperRequestOptions) {
  const data = new FormData();
  data.append('file', file);
  data.append('isCovered', covered ? '1' : '0');
  return request<API.Result<T>>(path, { method: 'POST', data, ...options } as KeeperRequestOptions);
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
