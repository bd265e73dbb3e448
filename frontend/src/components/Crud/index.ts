//! Shared widgets of the administration screens: the list page, the add/edit/view page or drawer, the
//! action dialog, dictionary and tree pickers, and the helpers behind them. A screen that needs a
//! variant extends these.
export { default as CrudTable } from './CrudTable';
export type { CrudAction, CrudActionContext, CrudColumn, CrudTableHandle, CrudTableProps } from './CrudTable';
export { default as CrudPage } from './CrudPage';
export type { CrudPageProps } from './CrudPage';
export { default as CrudDrawer } from './CrudDrawer';
export type { CrudDrawerProps } from './CrudDrawer';
export { useRecordForm } from './useRecordForm';
export type { CrudMode, RecordContext, RecordFormOptions, RecordFormProps } from './useRecordForm';
export { formModeOf, useFormMode } from './useFormMode';
export { placeFieldError, useSubmit } from './useSubmit';
export type { FieldNames, FormHandle, SubmitOptions } from './useSubmit';
export { default as ActionModal } from './ActionModal';
export type { ActionModalProps } from './ActionModal';
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
export { default as FormSection } from './FormSection';
export type { FieldError } from './feedback';
export { fromListReply, parentKeys, toListQuery, toSnakeCase } from './query';
export type { PageQuery } from './query';
export { TREE_SELECT_DEFAULTS, toTreeOptions, treeTitle, useOptions } from './useOptions';
export type { TreeOption } from './useOptions';
export { useCrudConfirm } from './useCrudConfirm';
export type { ConfirmOptions } from './useCrudConfirm';
export { default as ExcelImport } from './ExcelImport';
export type { ExcelImportProps } from './ExcelImport';
export { default as ImportDialog } from './ImportDialog';
export type { ImportCounts, ImportDialogProps } from './ImportDialog';
