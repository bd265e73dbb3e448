//! The parameter form of /system/param/add, edit/:id and view/:id. A tenant other than the platform
//! sees the platform defaults too: saving one creates the tenant's own value, which the form says.
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Alert, Col } from 'antd';
import React from 'react';
import { CrudPage, type CrudMode } from '@/components/Crud';
import { getParam, type ParamRecord, type ParamSubmit, submitParam } from '@/services/system/param';
import { PLATFORM_TENANT } from '@/services/system/tenant';
import { currentTenantId } from '@/utils/authority';

export const LIST_PATH = '/system/param/list';
const NO_SPACE = /^\S*$/;

export interface ParamFormValues {
  paramName?: string;
  paramKey?: string;
  paramValue?: string;
  remark?: string;
}

export const toFormValues = (p: ParamRecord): ParamFormValues => ({
  paramName: p.paramName,
  paramKey: p.paramKey,
  paramValue: p.paramValue,
  remark: p.remark,
});

export function toSubmit(v: ParamFormValues, id?: string): ParamSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: ParamSubmit = {
    paramName: text(v.paramName),
    paramKey: text(v.paramKey),
    // A value may be meaningfully blank (e.g. account.initPassword): sent as typed, minus the edges.
    paramValue: text(v.paramValue),
    remark: text(v.remark),
  };
  return id ? { ...body, id } : body;
}

export const myTenant = currentTenantId;

/** A platform default seen from another tenant: saving it makes that tenant's own value. */
export const isInheritedDefault = (record: Pick<ParamRecord, 'tenantId'> | undefined) =>
  !!record && record.tenantId === PLATFORM_TENANT && myTenant() !== PLATFORM_TENANT;

const ParamForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.param.${key}` });
  const label = (f: string) => t(`field.${f}`);

  return (
    <CrudPage<ParamRecord, ParamFormValues>
      mode={mode}
      name="param-form"
      title={intl.formatMessage({ id: `menu.system.param.${mode}` })}
      backTo={LIST_PATH}
      id={id}
      load={(pid) => getParam(pid)}
      toValues={toFormValues}
      submit={(values) => submitParam(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {({ record }) => (
        <>
          {mode !== 'add' && record ? (
            <Col span={24}>
              <Alert
                type={isInheritedDefault(record) && mode === 'edit' ? 'warning' : 'info'}
                showIcon
                style={{ marginBottom: 16 }}
                title={
                  record.tenantId === PLATFORM_TENANT
                    ? t(isInheritedDefault(record) ? 'hint.inherited' : 'hint.platform')
                    : t('hint.tenant')
                }
              />
            </Col>
          ) : null}
          <ProFormText name="paramName" label={label('paramName')} rules={[{ required: true }, { max: 255 }]} />
          <ProFormText
            name="paramKey"
            label={label('paramKey')}
            tooltip={t('paramKey.help')}
            placeholder="account.initPassword"
            // An override keeps the default's key: it is what the server looks the value up by.
            readonly={mode === 'view' || isInheritedDefault(record)}
            rules={[{ required: true }, { max: 255 }, { pattern: NO_SPACE, message: t('paramKey.rule') }]}
          />
          <ProFormTextArea
            name="paramValue"
            label={label('paramValue')}
            colProps={{ span: 24 }}
            fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
            rules={[{ max: 255 }]}
          />
          <ProFormTextArea
            name="remark"
            label={label('remark')}
            colProps={{ span: 24 }}
            fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
            rules={[{ max: 255 }]}
          />
        </>
      )}
    </CrudPage>
  );
};

export default ParamForm;
