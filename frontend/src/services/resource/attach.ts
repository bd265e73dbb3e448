//! keeper-resource attachments (api-contract §8.2, §8.3): the files uploaded through the enabled
//! storage, their upload, and the links that preview and download them (the browser loads those
//! itself, with the token in the URL).
import { request } from '@umijs/max';
import { authorizedUrl, saveBlob, uploadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';

const BASE = '/keeper-resource/attach';

export interface AttachRecord {
  id: string;
  link: string;
  domain: string;
  /** the stored object key */
  name: string;
  originalName: string;
  /** without the dot */
  extension: string;
  /** bytes */
  attachSize: number;
  createUser: string;
  createUserName: string;
  createTime: string;
}

/** What the upload answers (BladeFile). */
export interface UploadedFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

export const listAttaches = (params: Record<string, unknown>, options?: KeeperRequestOptions) =>
  call<API.Page<AttachRecord>>(`${BASE}/list`, { method: 'GET', params, ...options });

export const removeAttaches = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** Stores a file in the enabled storage and records it as an attachment. */
export const uploadAttach = (file: File, options?: KeeperRequestOptions) =>
  uploadFile<UploadedFile>('/keeper-resource/oss/endpoint/put-file-attach', file, {}, options);

/** The address that shows the file inline (images, PDF). */
export const attachPreviewUrl = (id: string) => authorizedUrl(`${BASE}/preview`, { id });

/** The address that downloads the file under its original name. */
export const attachDownloadUrl = (id: string) => authorizedUrl(`${BASE}/download`, { id });

/** A file as the storage keeps it: the object key, the configuration holding it (empty for the
 * built-in one) and the name it was uploaded with. */
export interface StoredFile {
  fileName: string;
  ossCode?: string | null;
  originalName: string;
}

const STORAGE_DOWNLOAD = '/keeper-resource/oss/endpoint/download';

/**
 * Saves a stored file under the name it was uploaded with. Through memory, not a plain link: the
 * storage's download names the file by its generated key, and a link's `download` name loses to that
 * header.
 */
export async function downloadStoredFile(f: StoredFile) {
  const params = { fileName: f.fileName, ...(f.ossCode ? { code: f.ossCode } : {}) };
  const options: KeeperRequestOptions = { method: 'GET', params, responseType: 'blob', getResponse: true, skipErrorHandler: true };
  const res = await request<any>(STORAGE_DOWNLOAD, options);
  saveBlob(res.data as Blob, f.originalName);
}
