export { IMAGE_EXTENSIONS, isImage, isPreviewable } from './fileKinds';
export { attachUploadRequest } from './uploadRequest';
export type { AttachUploadHandlers } from './uploadRequest';
export { default as UploadRefusals } from './UploadRefusals';
export type { UploadRefusal } from './UploadRefusals';
export { default as AttachField, attachIdOf, attachIdsOf, isUploading, storedFiles } from './AttachField';
export type { AttachFieldProps, AttachItem } from './AttachField';
