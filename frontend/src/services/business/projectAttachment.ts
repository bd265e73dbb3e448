//! Files of projects and monthly reports (business service `/projectAttachment`, domain-model §2.2.1,
//! §2.2.6): the approval or filing document, contract, business licence and site photos. A file is first
//! uploaded to the attachment register (`uploadAttach`), then linked here by its `attachId`; it is read
//! back through the storage's signed-in download, by the key it was stored under.
import { request } from '@umijs/max';
import { authorizedUrl, saveBlob } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';

const BASE = '/projectAttachment';
const DOWNLOAD = '/keeper-resource/oss/endpoint/download';

/** `attachment_category` */
export const ATTACHMENT_CATEGORY = 'attachment_category';
/** 现场照片: what a monthly report's files are unless said otherwise. */
export const SITE_PHOTO = '3';

export interface ProjectAttachmentRecord {
  id: string;
  projectId: string;
  /** set on a monthly report's photos */
  reportId: string | null;
  category: string;
  categoryName: string;
  attachId: string;
  /** the stored object key */
  fileName: string;
  /** the storage configuration holding it; empty for the built-in one */
  ossCode: string;
  originalName: string;
  /** without the dot */
  extension: string;
  /** bytes */
  attachSize: number;
  createUser: string | null;
  createUserName: string;
  createTime: string;
}

/** Whose files: a project's own, or one of its monthly reports'. */
export interface AttachmentOwner {
  projectId: string;
  reportId?: string;
}

/** The files of an owner. An empty list is news to nobody: no "操作成功" toast for it (showMsg). */
export const listProjectAttachments = (owner: AttachmentOwner, options?: KeeperRequestOptions) =>
  call<ProjectAttachmentRecord[]>(`${BASE}/list`, { method: 'GET', params: owner, showMsg: false, ...options });

/** Links uploaded files under one category; answers the new links' ids. */
export const linkProjectAttachments = (owner: AttachmentOwner, category: string, attachIds: string[], options?: KeeperRequestOptions) =>
  call<{ ids: string[] }>(`${BASE}/submit`, { method: 'POST', data: { ...owner, category, attachIds }, ...options });

/** Unlinks files (the register keeps them). */
export const removeProjectAttachments = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

const downloadParams = (f: ProjectAttachmentRecord) => ({ fileName: f.fileName, ...(f.ossCode ? { code: f.ossCode } : {}) });

/** The address the browser loads an image from by itself (a thumbnail), token included. */
export const attachmentImageUrl = (f: ProjectAttachmentRecord) => authorizedUrl(DOWNLOAD, downloadParams(f));

/**
 * Saves the file under the name it was uploaded with. Through memory, not a plain link: the storage's
 * download names the file by its generated key, and a link's `download` name loses to that header.
 * Project documents and photos are small.
 */
export async function downloadProjectAttachment(f: ProjectAttachmentRecord) {
  const options: KeeperRequestOptions = { method: 'GET', params: downloadParams(f), responseType: 'blob', getResponse: true, skipErrorHandler: true };
  const res = await request<any>(DOWNLOAD, options);
  saveBlob(res.data as Blob, f.originalName);
}
