//! The add / edit / view form of a storage or SMS configuration: its code, its category, then only
//! the fields that category reads (with the provider's own names and example values), and a remark.
//! The secret is write-only: required when there is none yet, and on edit an empty one keeps the
//! stored secret (the server never sends it back; the view only says whether one is set).
import { ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Col, Form, Typography } from 'antd';
import React from 'react';
import { CrudPage, type CrudMode } from '@/components/Crud';
import type { ConfigRecord } from '@/services/resource/config';
import { chooseRule } from '@/utils/formRules';

/** One field a category reads. */
export interface ConfigField {
  /** the wire field */
  name: string;
  /** locale key under `pages.resource.<kind>.field.`; `name` by default */
  label?: string;
  /** the provider's own name of the field (AccessKey ID, SecretId…), shown as is in every language */
  term?: string;
  /** an example value (addresses and codes read the same in every language) */
  placeholder?: string;
  /** locale key under `pages.resource.<kind>.help.` */
  help?: string;
  required?: boolean;
  /** the value a new configuration starts with */
  initial?: string;
}

export interface ConfigKind<R extends ConfigRecord, S> {
  /** `oss` or `sms`: the locale prefix `pages.resource.<kind>`, the routes `/resource/<kind>` */
  kind: 'oss' | 'sms';
  /** the wire name of the configuration's code */
  codeField: 'ossCode' | 'smsCode';
  /** the fields each category reads, in order */
  fields: Record<number, ConfigField[]>;
  /** every category-specific field of the submit body (those a category does not read go out empty) */
  bodyFields: string[];
  /** the category a new configuration starts with */
  defaultCategory: number;
  service: {
    detail: (id: string) => Promise<API.Result<R>>;
    submit: (body: S) => Promise<API.Result<unknown>>;
  };
}

export type ConfigValues = Record<string, string | number | undefined>;

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SECRET = 'secretKey';

export const listPath = (kind: string) => `/resource/${kind}/list`;

/** The category's fields by name. */
export const fieldsOf = (spec: Pick<ConfigKind<any, any>, 'fields'>, category: unknown) => spec.fields[Number(category)] ?? [];

/** A loaded record as form values: the secret starts empty. */
export function toFormValues<R extends ConfigRecord>(spec: Pick<ConfigKind<R, unknown>, 'codeField' | 'bodyFields'>, record: R): ConfigValues {
  const r = record as unknown as Record<string, string | number>;
  const values: ConfigValues = { [spec.codeField]: r[spec.codeField], category: record.category, remark: record.remark };
  spec.bodyFields.forEach((f) => {
    values[f] = f === SECRET ? '' : r[f];
  });
  return values;
}

/**
 * Form values → the submit body: every field of the kind, those the category does not read empty
 * (so that a change of category leaves nothing stale), text trimmed; the secret as typed, empty when
 * left blank (the stored one is kept).
 */
export function toSubmit<S>(spec: Pick<ConfigKind<any, S>, 'fields' | 'bodyFields' | 'codeField'>, v: ConfigValues, id?: string): S {
  const text = (s: unknown) => String(s ?? '').trim();
  const used = new Set(fieldsOf(spec, v.category).map((f) => f.name));
  const body: Record<string, unknown> = { [spec.codeField]: text(v[spec.codeField]), category: Number(v.category) };
  spec.bodyFields.forEach((f) => {
    if (!used.has(f)) body[f] = '';
    else body[f] = f === SECRET ? String(v[f] ?? '') : text(v[f]);
  });
  body.remark = text(v.remark);
  if (id) body.id = id;
  return body as S;
}

/**
 * The category select. Another category is another provider: its fields start over from their
 * example values (or from the stored record when going back to its category), so that nothing typed
 * for one provider is sent to another.
 */
function CategorySelect<R extends ConfigRecord>(props: {
  spec: Pick<ConfigKind<R, unknown>, 'fields' | 'bodyFields' | 'codeField'>;
  record?: R;
  label: string;
  options: { value: number; label: string }[];
}) {
  const { spec, record, label, options } = props;
  const intl = useIntl();
  const form = Form.useFormInstance();
  const restart = (category: number) => {
    const stored = record && Number(record.category) === category ? toFormValues(spec, record) : undefined;
    const values: ConfigValues = {};
    spec.bodyFields.forEach((f) => {
      values[f] = stored ? stored[f] : fieldsOf(spec, category).find((x) => x.name === f)?.initial;
    });
    form.setFieldsValue(values);
  };
  return (
    <ProFormSelect
      name="category"
      label={label}
      options={options}
      rules={[chooseRule(intl, label)]}
      fieldProps={{ allowClear: false, onChange: (v: unknown) => restart(Number(v)) }}
    />
  );
}

function ConfigForm<R extends ConfigRecord, S>({ spec, mode }: { spec: ConfigKind<R, S>; mode: CrudMode }) {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string) => intl.formatMessage({ id: `pages.resource.${spec.kind}.${key}` });
  const common = (key: string) => intl.formatMessage({ id: `pages.resource.config.${key}` });
  const categories = Object.keys(spec.fields).map((c) => ({ value: Number(c), label: t(`category.${c}`) }));

  const field = (f: ConfigField, record: R | undefined, category: number) => {
    const label = f.term ?? t(`field.${f.label ?? f.name}`);
    const help = f.help ? t(`help.${f.help}`) : undefined;
    if (f.name !== SECRET) {
      return (
        <ProFormText
          key={f.name}
          name={f.name}
          label={label}
          placeholder={f.placeholder}
          extra={mode === 'view' ? undefined : help}
          initialValue={mode === 'add' ? f.initial : undefined}
          rules={[...(f.required ? [{ required: true }] : []), { max: 255 }]}
          fieldProps={{ autoComplete: 'off' }}
        />
      );
    }
    if (mode === 'view') {
      return (
        <ProFormText
          key={f.name}
          label={label}
          readonly
          fieldProps={{ value: common(record?.hasSecret ? 'secret.set' : 'secret.unset') }}
        />
      );
    }
    // A secret is needed where none is stored yet, or for another provider; an empty one on edit
    // keeps the stored secret.
    const keeps = mode === 'edit' && !!record?.hasSecret && Number(record.category) === category;
    return (
      <ProFormText.Password
        key={f.name}
        name={f.name}
        label={label}
        placeholder={keeps ? common('secret.keep') : undefined}
        extra={keeps ? common('secret.keep') : help}
        rules={[...(keeps ? [] : [{ required: true }]), { max: 255 }]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
    );
  };

  return (
    <CrudPage<R, ConfigValues>
      mode={mode}
      name={`${spec.kind}-form`}
      title={intl.formatMessage({ id: `menu.resource.${spec.kind}.${mode}` })}
      backTo={listPath(spec.kind)}
      id={id}
      load={(rid) => spec.service.detail(rid)}
      toValues={(record) => toFormValues(spec, record)}
      initialValues={{ category: spec.defaultCategory }}
      submit={(values) => spec.service.submit(toSubmit(spec, values, mode === 'edit' ? id : undefined))}
    >
      {({ record }) => (
        <>
          <ProFormText
            name={spec.codeField}
            label={t(`field.${spec.codeField}`)}
            extra={mode === 'view' ? undefined : t('help.code')}
            rules={[{ required: true }, { max: 32 }, { pattern: CODE_PATTERN, message: common('code.rule') }]}
          />
          <CategorySelect spec={spec} record={record} label={common('field.category')} options={categories} />
          <ProFormDependency name={['category']}>
            {({ category }) =>
              category ? (
                <>{fieldsOf(spec, category).map((f) => field(f, record, Number(category)))}</>
              ) : (
                <Col span={24}>
                  <Typography.Paragraph type="secondary">{common('category.pick')}</Typography.Paragraph>
                </Col>
              )
            }
          </ProFormDependency>
          <ProFormTextArea
            name="remark"
            label={common('field.remark')}
            colProps={{ span: 24 }}
            fieldProps={{ autoSize: { minRows: 2, maxRows: 6 } }}
            rules={[{ max: 255 }]}
          />
        </>
      )}
    </CrudPage>
  );
}

export default ConfigForm;
