//! Adding or changing one scope rule in a dialog. A data rule names the column it filters on and its
//! type (dictionary `data_scope_type`); a custom rule (type 5) lists the departments whose rows are
//! visible. An API rule names a fragment of the interface path (type from `api_scope_type`). Server
//! field errors land on their field.
import { useIntl } from '@umijs/max';
import { Form, Input, TreeSelect } from 'antd';
import React from 'react';
import { ActionModal, DeptTreeSelect, DictSelect, TREE_SELECT_DEFAULTS, type TreeOption } from '@/components/Crud';
import {
  type ApiScopeRecord,
  CREATOR_COLUMN,
  CUSTOM_SCOPE,
  type DataScopeRecord,
  OWN_SCOPE,
  type ScopeKind,
  type ScopeRecord,
  type ScopeSubmit,
  submitScope,
} from '@/services/authority/scope';

const IDENTIFIER = /^[A-Za-z0-9_-]+$/;
const COLUMN = /^[A-Za-z0-9_]*$/;
const NO_SPACE = /^\S*$/;

export interface ScopeFormValues {
  menuId?: string;
  scopeName?: string;
  resourceCode?: string;
  scopeType?: string;
  scopeColumn?: string;
  scopeValue?: string[];
  scopePath?: string;
  remark?: string;
}

export function toFormValues(kind: ScopeKind, r: ScopeRecord): ScopeFormValues {
  const base: ScopeFormValues = {
    menuId: r.menuId,
    scopeName: r.scopeName,
    resourceCode: r.resourceCode,
    scopeType: r.scopeType ? String(r.scopeType) : undefined,
    remark: r.remark,
  };
  if (kind === 'api') return { ...base, scopePath: (r as ApiScopeRecord).scopePath };
  const d = r as DataScopeRecord;
  return {
    ...base,
    scopeColumn: d.scopeColumn,
    scopeValue: d.scopeType === CUSTOM_SCOPE ? d.scopeValue.split(',').filter(Boolean) : [],
  };
}

/** Form values → the submit body: a data rule's value only for custom rules, its column as typed. */
export function toSubmit(kind: ScopeKind, v: ScopeFormValues, id?: string): ScopeSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: ScopeSubmit = {
    menuId: v.menuId ?? '',
    scopeName: text(v.scopeName),
    resourceCode: text(v.resourceCode),
    scopeType: Number(v.scopeType),
    remark: text(v.remark),
  };
  if (kind === 'api') body.scopePath = text(v.scopePath);
  else {
    const type = Number(v.scopeType);
    body.scopeColumn = type === OWN_SCOPE ? CREATOR_COLUMN : text(v.scopeColumn);
    body.scopeValue = type === CUSTOM_SCOPE ? (v.scopeValue ?? []).join(',') : '';
  }
  if (id) body.id = id;
  return body;
}

export interface ScopeModalProps {
  kind: ScopeKind;
  /** the rule being changed; none adds one */
  record?: ScopeRecord;
  /** the menu a new rule goes under */
  menuId?: string;
  menus: TreeOption[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const ScopeModal: React.FC<ScopeModalProps> = ({ kind, record, menuId, menus, open, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.authority.scope.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const [form] = Form.useForm<ScopeFormValues>();
  const scopeType = Form.useWatch('scopeType', form);
  const page = kind === 'data' ? 'datascope' : 'apiscope';

  const initial: ScopeFormValues = record
    ? toFormValues(kind, record)
    : { menuId, scopeType: kind === 'data' ? '1' : '2', scopeColumn: kind === 'data' ? 'create_dept' : undefined, scopeValue: [] };

  return (
    <ActionModal
      open={open}
      title={intl.formatMessage({ id: `pages.authority.${page}.${record ? 'edit' : 'add'}` })}
      form={form}
      submit={(values) => submitScope(kind, toSubmit(kind, values, record?.id))}
      onClose={onClose}
      width={640}
    >
      <Form form={form} layout="vertical" name={`${page}-form`} initialValues={initial} preserve={false}>
        <Form.Item name="menuId" label={label('menuId')} rules={[{ required: true }]}>
          <TreeSelect {...TREE_SELECT_DEFAULTS} allowClear={false} treeData={menus} />
        </Form.Item>
        <Form.Item name="scopeName" label={label('scopeName')} rules={[{ required: true }, { max: 255 }]}>
          <Input placeholder={t(`${kind}.scopeName.placeholder`)} />
        </Form.Item>
        <Form.Item
          name="resourceCode"
          label={label('resourceCode')}
          extra={t(`${kind}.resourceCode.help`)}
          rules={[{ required: true }, { max: 255 }, { pattern: IDENTIFIER, message: t('identifier.rule') }]}
        >
          <Input placeholder={kind === 'data' ? 'enterprise' : 'user_api'} />
        </Form.Item>
        <Form.Item name="scopeType" label={label('scopeType')} rules={[{ required: true }]}>
          <DictSelect code={kind === 'data' ? 'data_scope_type' : 'api_scope_type'} source="system" allowClear={false} />
        </Form.Item>
        {kind === 'data' ? (
          <>
            {Number(scopeType) === CUSTOM_SCOPE ? (
              <Form.Item name="scopeValue" label={label('scopeValue')} extra={t('scopeValue.help')} rules={[{ required: true }]}>
                {/* Each department is picked on its own: a custom rule names exact departments, so
                    ticking every child must not also add the parent. */}
                <DeptTreeSelect multiple />
              </Form.Item>
            ) : null}
            {Number(scopeType) === OWN_SCOPE ? (
              <Form.Item label={label('scopeColumn')} extra={t('scopeColumn.own')}>
                <Input value={CREATOR_COLUMN} disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="scopeColumn"
                label={label('scopeColumn')}
                extra={t('scopeColumn.help')}
                rules={[{ max: 255 }, { pattern: COLUMN, message: t('column.rule') }]}
              >
                <Input placeholder="create_dept" />
              </Form.Item>
            )}
          </>
        ) : (
          <Form.Item
            name="scopePath"
            label={label('scopePath')}
            extra={t('scopePath.help')}
            rules={[{ required: true }, { max: 255 }, { pattern: NO_SPACE, message: t('space.rule') }]}
          >
            <Input placeholder="/keeper-system/user/" />
          </Form.Item>
        )}
        <Form.Item name="remark" label={label('remark')} rules={[{ max: 255 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default ScopeModal;
