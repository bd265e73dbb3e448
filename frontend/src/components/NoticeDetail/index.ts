//! A notice as its reader sees it, shared by the header's bell and the home page: the dialog, its
//! download links, and the signal that a notice was opened (so that unread markers refresh).
export { default as NoticeDetailModal } from './NoticeDetailModal';
export type { NoticeDetailModalProps } from './NoticeDetailModal';
export { default as NoticeAttachments } from './NoticeAttachments';
export { default as NoticeLink } from './NoticeLink';
export { noticeOpened, onNoticeOpened } from './readSignal';
