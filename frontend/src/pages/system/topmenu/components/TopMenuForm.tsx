//! The top-menu form of /system/topmenu/add, edit/:id and view/:id. A saved change also refreshes the
//! top menus in the header.
import { ProForm, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Col } from 'antd';
import React from 'react';
import { CrudPage, type CrudMode } from '@/components/Crud';
import { useRefreshTopMenus } from '@/components/TopMenu';
import { getTopMenu, submitTopMenu, type TopMenuRecord, type TopMenuSubmit } from '@/services/system/topmenu';
import IconPicker from '../../menu/components/IconPicker';

export const LIST_PATH = '/system/topmenu/list';
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;

export interface TopMenuFormValues {
  code?: string;
  name?: string;
  source?: string;
  path?: string;
  sort?: number;
}

export function toFormValues(t: TopMenuRecord): TopMenuFormValues {
  return { code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort };
}

export function toSubmit(v: TopMenuFormValues, id?: string): TopMenuSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: TopMenuSubmit = { code: text(v.code), name: text(v.name), source: text(v.source), path: text(v.path), sort: v.sort ?? 0 };
  if (id) body.id = id;
  return body;
}

const TopMenuForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.topmenu.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const refreshHeader = useRefreshTopMenus();

  return (
    <CrudPage<TopMenuRecord, TopMenuFormValues>
      mode={mode}
      name="topmenu-form"
      title={intl.formatMessage({ id: `menu.system.topmenu.${mode}` })}
      backTo={LIST_PATH}
      id={id}
      load={(tid) => getTopMenu(tid)}
      toValues={toFormValues}
      initialValues={{ sort: 1 }}
      submit={async (values) => {
        const res = await submitTopMenu(toSubmit(values, mode === 'edit' ? id : undefined));
        if (res?.success) void refreshHeader();
        return res;
      }}
    >
      <ProFormText name="name" label={label('name')} rules={[{ required: true }, { max: 64 }]} />
      <ProFormText
        name="code"
        label={label('code')}
        rules={[{ required: true }, { max: 64 }, { pattern: IDENTIFIER, message: intl.formatMessage({ id: 'pages.system.menu.identifier.rule' }) }]}
      />
      {/* a plain Form.Item takes no part in the form grid: give it the grid's column */}
      <Col xs={24} md={12}>
        <ProForm.Item name="source" label={label('source')} rules={[{ max: 255 }]}>
          <IconPicker use="any" readOnly={mode === 'view'} />
        </ProForm.Item>
      </Col>
      <ProFormText name="path" label={label('path')} tooltip={t('path.tip')} rules={[{ max: 255 }]} />
      <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
    </CrudPage>
  );
};

export default TopMenuForm;
