//! The menu form of /system/menu/add/:id?, edit/:id and view/:id. A menu or a button: a button needs
//! a parent menu, an alias (the action keyword the list screens switch on) and a placement; a menu may
//! open in a new window. The parent comes from the tree of menus (never the entry itself or one below
//! it) and the icon from the icon picker.
import {
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Col } from 'antd';
import React, { useEffect, useState } from 'react';
import {
  CrudPage,
  type CrudMode,
  ProFormDictSelect,
  TREE_SELECT_DEFAULTS,
  type TreeOption,
  useDict,
  withoutBranch,
} from '@/components/Crud';
import { BUTTON, getMenu, listMenuParents, MENU, type MenuRecord, type MenuSubmit, submitMenu } from '@/services/system/menu';
import { chooseRule } from '@/utils/formRules';
import IconPicker from './IconPicker';

export const LIST_PATH = '/system/menu/list';
/** The server's code and alias alphabet (services/system/src/menus/form.rs). */
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;

export interface MenuFormValues {
  parentId?: string;
  parentName?: string;
  category?: string;
  name?: string;
  code?: string;
  alias?: string;
  path?: string;
  source?: string;
  action?: string;
  isOpen?: string;
  sort?: number;
  remark?: string;
}

export function toFormValues(m: MenuRecord): MenuFormValues {
  return {
    parentId: m.parentId && m.parentId !== '0' ? m.parentId : undefined,
    parentName: m.parentName,
    category: String(m.category || MENU),
    name: m.name,
    code: m.code,
    alias: m.alias,
    path: m.path,
    source: m.source,
    action: m.action > 0 ? String(m.action) : undefined,
    isOpen: String(m.isOpen || 1),
    sort: m.sort,
    remark: m.remark,
  };
}

export function toSubmit(v: MenuFormValues, id?: string): MenuSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const button = Number(v.category) === BUTTON;
  const body: MenuSubmit = {
    parentId: v.parentId || '0',
    category: button ? BUTTON : MENU,
    name: text(v.name),
    code: text(v.code),
    // Menus are conventionally aliased `menu`; a button's alias is its action keyword.
    alias: text(v.alias) || (button ? '' : 'menu'),
    path: text(v.path),
    source: text(v.source),
    action: button ? Number(v.action) || 0 : 0,
    isOpen: button ? 1 : Number(v.isOpen) || 1,
    sort: v.sort ?? 0,
    remark: text(v.remark),
  };
  if (id) body.id = id;
  return body;
}

/** The server's menus (no buttons) as picker nodes. */
export function toParentOptions(list: MenuRecord[] | undefined): TreeOption[] {
  return (list ?? []).map((m) => {
    const node: TreeOption = { value: m.id, title: m.name, label: m.name, key: m.id };
    const children = toParentOptions(m.children?.filter((c) => c.category !== BUTTON));
    if (children.length) node.children = children;
    return node;
  });
}

function useParentTree(enabled: boolean) {
  const [state, setState] = useState<{ options: TreeOption[]; loading: boolean }>({ options: [], loading: enabled });
  useEffect(() => {
    if (!enabled) return undefined;
    let alive = true;
    listMenuParents()
      .then((res) => (res?.success ? toParentOptions(res.data) : []))
      .catch(() => [] as TreeOption[])
      .then((options) => alive && setState({ options, loading: false }));
    return () => {
      alive = false;
    };
  }, [enabled]);
  return state;
}

const MenuForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.menu.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const parents = useParentTree(mode !== 'view');
  const categories = useDict('menu_category', 'system');
  const yesNo = useDict('yes_no', 'system');
  const radio = (options: API.DictOption[]) => options.map((o) => ({ label: o.label, value: o.value }));

  return (
    <CrudPage<MenuRecord, MenuFormValues>
      mode={mode}
      name="menu-form"
      title={intl.formatMessage({ id: `menu.system.menu.${mode}` })}
      backTo={LIST_PATH}
      id={mode === 'add' ? undefined : id}
      load={(mid) => getMenu(mid)}
      toValues={toFormValues}
      initialValues={{ parentId: mode === 'add' ? id : undefined, category: String(MENU), isOpen: '1', sort: 1 }}
      submit={(values) => submitMenu(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      <ProFormRadio.Group
        name="category"
        label={label('category')}
        options={radio(categories.options)}
        rules={[{ required: true }]}
        fieldProps={{ optionType: 'button', buttonStyle: 'solid' }}
      />
      <ProFormDependency name={['category']}>
        {({ category }) => {
          const button = Number(category) === BUTTON;
          return mode === 'view' ? (
            <ProFormText name="parentName" label={label('parentId')} />
          ) : (
            <ProFormTreeSelect
              name="parentId"
              label={label('parentId')}
              placeholder={t(button ? 'parent.required' : 'parent.top')}
              rules={button ? [chooseRule(intl, label('parentId'))] : []}
              fieldProps={{
                ...TREE_SELECT_DEFAULTS,
                loading: parents.loading,
                treeData: withoutBranch(parents.options, mode === 'edit' ? id : undefined),
              }}
            />
          );
        }}
      </ProFormDependency>
      <ProFormText name="name" label={label('name')} rules={[{ required: true }, { max: 255 }]} />
      <ProFormText
        name="code"
        label={label('code')}
        tooltip={t('code.tip')}
        rules={[{ required: true }, { max: 255 }, { pattern: IDENTIFIER, message: t('identifier.rule') }]}
      />
      <ProFormDependency name={['category']}>
        {({ category }) => {
          const button = Number(category) === BUTTON;
          return (
            <ProFormText
              name="alias"
              label={label('alias')}
              tooltip={t(button ? 'alias.tip.button' : 'alias.tip.menu')}
              placeholder={button ? undefined : 'menu'}
              rules={[...(button ? [{ required: true }] : []), { max: 255 }, { pattern: IDENTIFIER, message: t('identifier.rule') }]}
            />
          );
        }}
      </ProFormDependency>
      <ProFormDependency name={['category']}>
        {({ category }) => (
          <ProFormText
            name="path"
            label={label('path')}
            tooltip={t(Number(category) === BUTTON ? 'path.tip.button' : 'path.tip.menu')}
            rules={[{ max: 255 }]}
          />
        )}
      </ProFormDependency>
      <ProFormDependency name={['category']}>
        {({ category }) => (
          // a plain Form.Item takes no part in the form grid: give it the grid's column
          <Col xs={24} md={12}>
            <ProForm.Item name="source" label={label('source')} rules={[{ max: 255 }]}>
              <IconPicker use={Number(category) === BUTTON ? 'button' : 'menu'} readOnly={mode === 'view'} />
            </ProForm.Item>
          </Col>
        )}
      </ProFormDependency>
      <ProFormDependency name={['category']}>
        {({ category }) =>
          Number(category) === BUTTON ? (
            <ProFormDictSelect name="action" label={label('action')} code="button_func" source="system" rules={[{ required: true }]} />
          ) : (
            <ProFormRadio.Group name="isOpen" label={label('isOpen')} options={radio(yesNo.options)} />
          )
        }
      </ProFormDependency>
      <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
      <ProFormTextArea name="remark" label={label('remark')} rules={[{ max: 255 }]} colProps={{ span: 24 }} fieldProps={{ rows: 3 }} />
    </CrudPage>
  );
};

export default MenuForm;
