// A file linked to a project or a report, as `/projectAttachment/list` answers it: a construction
// contract unless told otherwise.
import type { ProjectAttachmentRecord } from '@/services/business/projectAttachment';

export const attachmentRecord = (over: Partial<ProjectAttachmentRecord> = {}): ProjectAttachmentRecord => ({
  id: 'L1',
  projectId: 'P1',
  reportId: null,
  category: '2',
  categoryName: '施工合同',
  attachId: 'A1',
  fileName: 'upload/20261125/c0ffee.pdf',
  ossCode: '',
  originalName: '施工合同.pdf',
  extension: 'pdf',
  attachSize: 2048,
  createUser: '1',
  createUserName: '园区管理员',
  createTime: '2026-11-25 09:30:00',
  ...over,
});
