//! keeper-resource attachments (api-contract §8.2, §8.3): the files uploaded through the enabled
//! storage, their upload, and the links that preview and download them (the browser loads those
//! itself, with the token in the URL).
import { authorizedUrl, uploadFile } from '@/utils/files';
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
