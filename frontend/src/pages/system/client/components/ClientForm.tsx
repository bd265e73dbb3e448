//! The OAuth client form of /system/client/add, edit/:id and view/:id. The secret is written, never
//! read back: required when creating (a random one can be generated and copied before saving), and on edit an empty
//! secret keeps the stored one. Token lifetimes are seconds, shown in days / hours / minutes as well.
import {
  ProFormCheckbox,
  ProFormDependency,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Button, Col, Divider, Form, Typography } from 'antd';
import React from 'react';
import { CrudPage, type CrudMode } from '@/components/Crud';
import { type ClientRecord, type ClientSubmit, getClient, GRANT_TYPES, submitClient } from '@/services/system/client';
import { humanDuration } from './duration';

export const LIST_PATH = '/system/client/list';
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;
const NO_SPACE = /^\S*$/;
/** The defaults of the seeded `sword` client: one hour and seven days. */
export const DEFAULT_ACCESS_SECONDS = 3600;
export const DEFAULT_REFRESH_SECONDS = 604800;

export interface ClientFormValues {
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  authorizedGrantTypes?: string[];
  accessTokenValidity?: number;
  refreshTokenValidity?: number;
  resourceIds?: string;
  webServerRedirectUri?: string;
  authorities?: string;
  additionalInformation?: string;
  autoapprove?: string;
}

const split = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

export const toFormValues = (c: ClientRecord): ClientFormValues => ({
  clientId: c.clientId,
  clientSecret: '',
  scope: c.scope,
  authorizedGrantTypes: split(c.authorizedGrantTypes),
  accessTokenValidity: c.accessTokenValidity,
  refreshTokenValidity: c.refreshTokenValidity,
  resourceIds: c.resourceIds,
  webServerRedirectUri: c.webServerRedirectUri,
  authorities: c.authorities,
  additionalInformation: c.additionalInformation,
  autoapprove: c.autoapprove,
});

/** Form values → the `client/submit` body; an empty secret is left out (an update keeps the old one). */
export function toSubmit(v: ClientFormValues, id?: string): ClientSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: ClientSubmit = {
    clientId: text(v.clientId),
    scope: text(v.scope),
    authorizedGrantTypes: (v.authorizedGrantTypes ?? []).join(','),
    accessTokenValidity: Number(v.accessTokenValidity ?? DEFAULT_ACCESS_SECONDS),
    refreshTokenValidity: Number(v.refreshTokenValidity ?? DEFAULT_REFRESH_SECONDS),
    resourceIds: text(v.resourceIds),
    webServerRedirectUri: text(v.webServerRedirectUri),
    authorities: text(v.authorities),
    additionalInformation: text(v.additionalInformation),
    autoapprove: text(v.autoapprove),
  };
  // Never trimmed: the secret must match the Basic header byte for byte.
  if (v.clientSecret) body.clientSecret = v.clientSecret;
  if (id) body.id = id;
  return body;
}

/** 32 characters from the browser's CSPRNG. */
export function randomSecret(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const ClientForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.client.${key}` }, values as any);
  const label = (f: string) => t(`field.${f}`);
  const units = { day: t('unit.day'), hour: t('unit.hour'), minute: t('unit.minute'), second: t('unit.second') };

  const lifetime = (name: 'accessTokenValidity' | 'refreshTokenValidity') => (
    <ProFormDependency name={[name]}>
      {(values) => (
        <ProFormDigit
          name={name}
          label={label(name)}
          tooltip={t('validity.help')}
          min={1}
          max={315360000}
          rules={[{ required: true }]}
          extra={mode === 'view' ? undefined : `= ${humanDuration(values[name], units)}`}
          fieldProps={{ precision: 0, suffix: t('unit.second'), style: { width: '100%' } }}
          proFieldProps={{
            render: () => (
              <span>
                {values[name]} {t('unit.second')}（{humanDuration(values[name], units)}）
              </span>
            ),
          }}
        />
      )}
    </ProFormDependency>
  );

  return (
    <CrudPage<ClientRecord, ClientFormValues>
      mode={mode}
      name="client-form"
      title={intl.formatMessage({ id: `menu.system.client.${mode}` })}
      backTo={LIST_PATH}
      id={id}
      load={(cid) => getClient(cid)}
      toValues={toFormValues}
      initialValues={{
        scope: 'all',
        authorizedGrantTypes: ['password', 'captcha', 'refresh_token'],
        accessTokenValidity: DEFAULT_ACCESS_SECONDS,
        refreshTokenValidity: DEFAULT_REFRESH_SECONDS,
      }}
      submit={(values) => submitClient(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {({ record }) => (
        <>
          <ProFormText
            name="clientId"
            label={label('clientId')}
            tooltip={t('clientId.help')}
            rules={[{ required: true }, { max: 48 }, { pattern: ID_PATTERN, message: t('clientId.rule') }]}
          />
          {mode === 'view' ? (
            <ProFormText label={label('clientSecret')} readonly fieldProps={{ value: t('secret.hidden') }} />
          ) : (
            <ProFormText
              name="clientSecret"
              label={label('clientSecret')}
              tooltip={t('secret.help')}
              placeholder={mode === 'edit' ? t('secret.keep') : undefined}
              extra={mode === 'edit' ? t('secret.keep') : t('secret.once')}
              rules={[...(mode === 'add' ? [{ required: true }] : []), { min: 6 }, { max: 128 }, { pattern: NO_SPACE, message: t('space.rule') }]}
              fieldProps={{ autoComplete: 'off', addonAfter: <GenerateSecret label={t('secret.generate')} /> }}
            />
          )}
          <ProFormCheckbox.Group
            name="authorizedGrantTypes"
            label={label('authorizedGrantTypes')}
            colProps={{ span: 24 }}
            rules={[{ required: true }]}
            options={GRANT_TYPES.map((g) => ({ value: g, label: `${t(`grant.${g}`)} (${g})` }))}
          />
          {lifetime('accessTokenValidity')}
          {lifetime('refreshTokenValidity')}
          <ProFormText name="scope" label={label('scope')} tooltip={t('scope.help')} rules={[{ required: true }, { max: 255 }]} />
          <ProFormText name="webServerRedirectUri" label={label('webServerRedirectUri')} rules={[{ max: 255 }, { pattern: NO_SPACE, message: t('space.rule') }]} />
          <Col span={24}>
            <Divider titlePlacement="start" plain>
              <Typography.Text type="secondary">{t('advanced')}</Typography.Text>
            </Divider>
          </Col>
          <ProFormText name="resourceIds" label={label('resourceIds')} rules={[{ max: 255 }]} />
          <ProFormText name="authorities" label={label('authorities')} rules={[{ max: 255 }]} />
          <ProFormText name="autoapprove" label={label('autoapprove')} rules={[{ max: 255 }]} />
          <ProFormTextArea
            name="additionalInformation"
            label={label('additionalInformation')}
            colProps={{ span: 24 }}
            fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
            rules={[{ max: 2000 }]}
          />
          {record && mode === 'view' ? <ProFormText label={label('updateTime')} readonly fieldProps={{ value: record.updateTime }} /> : null}
        </>
      )}
    </CrudPage>
  );
};

/** Puts a fresh random secret in the field, visible so that it can be copied before saving. */
const GenerateSecret: React.FC<{ label: string }> = ({ label }) => {
  const form = Form.useFormInstance();
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto' }}
      onClick={() => form.setFields([{ name: 'clientSecret', value: randomSecret(), errors: [] }])}
    >
      {label}
    </Button>
  );
};

export default ClientForm;
