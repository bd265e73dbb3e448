//! Notices (通知公告, business service `/noticeManager`, contract /tmp/notice/api.md): the management
//! calls behind the `notice` menu's buttons (list, create-or-update a draft, remove, publish,
//! withdraw, who read it), and the reading calls every signed-in user makes (one notice, their own
//! notices, the unread count of the header's bell). Attachments are uploaded to the attachment
//! register first (`uploadAttach`) and travel here as `attachIds`.
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import { downloadStoredFile } from '../resource/attach';

const BASE = '/noticeManager';

/** The business dictionary of notice categories: 1 通知, 2 公告, 3 会议通知, 4 工作提醒, 5 政策文件. */
export const NOTICE_CATEGORY = 'notice_category';

/** `noticeStatus`: what may be done to a notice depends on it. */
export const NOTICE_STATUS = { draft: 0, published: 1, withdrawn: 2 } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];

/** A draft or a withdrawn notice: the only ones that may be edited, published or removed. */
export const isChangeable = (n: { noticeStatus: number }) => n.noticeStatus === NOTICE_STATUS.draft || n.noticeStatus === NOTICE_STATUS.withdrawn;
export const isPublished = (n: { noticeStatus: number }) => n.noticeStatus === NOTICE_STATUS.published;

/** NoticeRow of `noticeManager/list`. Times `YYYY-MM-DD HH:mm:ss`. */
export interface NoticeRow {
  id: string;
  title: string;
  /** a `notice_category` key */
  category: string;
  categoryName: string;
  noticeStatus: NoticeStatus | number;
  noticeStatusName: string;
  /** null until first published */
  releaseTime: string | null;
  deptIds: string[];
  roleIds: string[];
  /** 全体人员, or the department and role names joined with 、 */
  audienceName: string;
  readCount: number;
  createUserName: string;
  createTime: string;
  updateTime: string;
}

/** A file of a notice, read back through the storage's download by the key it was stored under. */
export interface NoticeAttachment {
  attachId: string;
  originalName: string;
  /** the stored object key */
  fileName: string;
  /** the storage configuration holding it; empty for the built-in one */
  ossCode: string;
  /** bytes */
  attachSize: number;
  /** without the dot */
  extension: string;
}

/** `noticeManager/detail`: the row with its sanitised HTML, whether the caller has read it (true once
 * answered to an audience member), and its files. */
export interface NoticeDetail extends NoticeRow {
  content: string;
  read: boolean;
  attachments: NoticeAttachment[];
}

/** One of the caller's published notices (`mine`, `unread`). */
export interface MyNotice {
  id: string;
  title: string;
  category: string;
  categoryName: string;
  releaseTime: string | null;
  createUserName: string;
  read: boolean;
}

/** The header bell's answer: how many are unread, and the five newest of them. */
export interface UnreadNotices {
  count: number;
  list: MyNotice[];
}

/** One reader of a notice. */
export interface NoticeReceipt {
  userId: string;
  userName: string;
  readTime: string;
}

export interface NoticeQuery {
  /** fuzzy */
  title?: string;
  category?: string;
  noticeStatus?: string | number;
  current?: number;
  size?: number;
  /** sortable: release_time, create_time, title */
  ascs?: string;
  descs?: string;
}

/** The body of `noticeManager/submit`: a draft without `id`, a draft or withdrawn notice with it.
 * No department and no role means everyone in the tenant. */
export interface NoticeSubmit {
  id?: string;
  title: string;
  category: string;
  /** HTML; sanitised by the server */
  content: string;
  deptIds: string[];
  roleIds: string[];
  attachIds: string[];
}

export const listNotices = (params: NoticeQuery = {}, options?: KeeperRequestOptions) =>
  call<API.Page<NoticeRow>>(`${BASE}/list`, { method: 'GET', params, ...options });

/** Creates a draft or edits one; answers `{id}`. A published notice is refused (withdraw it first). */
export const submitNotice = (data: NoticeSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

/** Drafts and withdrawn notices only; answers `{count}`. */
export const removeNotices = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);

/** Draft or withdrawn → published, released now; answers `{count}`. */
export const publishNotices = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/publish`, { ids }, options);

/** Published → withdrawn; answers `{count}`. */
export const withdrawNotices = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/withdraw`, { ids }, options);

/** Who has read a notice, one page at a time. */
export const listReceipts = (params: { id: string; current?: number; size?: number }, options?: KeeperRequestOptions) =>
  call<API.Page<NoticeReceipt>>(`${BASE}/receipts`, { method: 'GET', params, ...options });

/**
 * One notice. Opening a published notice as one of its audience records that the caller read it; a
 * holder of the notice buttons reads any notice of the tenant (drafts too) without a receipt. 404
 * for anything else.
 */
export const getNotice = (id: string, options?: KeeperRequestOptions) =>
  call<NoticeDetail>(`${BASE}/detail`, { method: 'POST', data: { id }, ...options });

/** The caller's published notices, newest release first; `unread: 'Y'` for the unread ones only. */
export const listMyNotices = (params: { current?: number; size?: number; unread?: 'Y' } = {}, options?: KeeperRequestOptions) =>
  call<API.Page<MyNotice>>(`${BASE}/mine`, { method: 'GET', params, ...options });

/** The caller's unread count and the five newest unread notices. */
export const getUnreadNotices = (options?: KeeperRequestOptions) => call<UnreadNotices>(`${BASE}/unread`, { method: 'GET', ...options });

/** Saves a notice's file under the name it was uploaded with. */
export const downloadNoticeAttachment = (f: NoticeAttachment) => downloadStoredFile(f);
