//! Shared widgets of the administration screens: the list page, the add/edit/view page, dictionary
//! and tree pickers, and the helpers behind them. A screen that needs a variant extends these.
export { default as CrudTable } from './CrudTable';
export type { CrudAction, CrudActionContext, CrudColumn, CrudTableHandle, CrudTableProps } from './CrudTable';
export { default as CrudForm } from './CrudForm';
export type { CrudFormContext, CrudFormMode, CrudFormProps } from './CrudForm';
export { default as TreeFilter, filterTree } from './TreeFilter';
export { DictSelect, DictText, ProFormDictSelect, dictColumn, loadDict, useDict } from './DictSelect';
export type { DictRef, DictStatus } from './DictSelect';
export { DeptTreeSelect, deptsFitting, ProFormDeptTreeSelect, loadDeptTree, useDeptTree } from './DeptTreeSelect';
export type { DeptFit, DeptTreeOption } from './DeptTreeSelect';
export { ProFormRoleTreeSelect, RoleTreeSelect, fromTreeNodes, loadRoleTree, useRoleTree, withoutBranch } from './RoleTreeSelect';
export { buttonLabel, findButton, hasButton, menuButtons, onRow, onToolbar } from './buttons';
export type { ExtraButton } from './buttons';
export { announceSuccess, failureMessage, fieldErrorOf } from './feedback';
export { ResultTag, resultColumn } from './ResultTag';
export { ProFormFigure } from './ProFormFigure';
export type { FieldError } from './feedback';
export { fromListReply, parentKeys, toListQuery, toSnakeCase } from './query';
export type { PageQuery } from './query';
export { TREE_SELECT_DEFAULTS, toTreeOptions, treeTitle, useOptions } from './useOptions';
export type { TreeOption } from './useOptions';
export { useCrudConfirm } from './useCrudConfirm';
export type { ConfirmOptions } from './useCrudConfirm';
export { default as ExcelImport } from './ExcelImport';
export type { ExcelImportProps } from './ExcelImport';
export {
  authorizedUrl,
  blobErrorMessage,
  downloadFile,
  filenameOf,
  humanSize,
  importRefusalOf,
  openLink,
  saveBlob,
  uploadFile,
  uploadImport,
} from './files';
export type { ImportRefusal, ImportRowError } from './files';
