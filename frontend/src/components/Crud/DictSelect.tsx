//! Dictionary pickers (SPEC §3, §7): a system dictionary (`source: 'system'`) or the tenant's business
//! dictionary (default) by code, through the cached dictionary service. Also a ProForm field (read-only
//! in view forms), a label renderer, and a ProTable column setting for dictionary-valued columns.
import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Select, type SelectProps } from 'antd';
import React from 'react';
import { type DictSource, getDictionary } from '@/services/dict';
import { dictLabel } from '@/utils/dict';
import { choiceRules } from '@/utils/formRules';
import { shared, useOptions } from './useOptions';

export interface DictRef {
  /** dictionary code, e.g. `user_status` */
  code: string;
  /** where it lives; the tenant's business dictionaries by default */
  source?: DictSource;
}

/** The options of a dictionary (one call for every picker asking at the same time). */
export function loadDict(code: string, source: DictSource = 'biz'): Promise<API.DictOption[]> {
  return shared(`dict:${source}:${code}`, () => getDictionary(code, { source }));
}

export function useDict(code: string, source: DictSource = 'biz') {
  return useOptions<API.DictOption>(`dict:${source}:${code}`, () => loadDict(code, source));
}

/** A plain select over a dictionary (filters, dialogs). */
export const DictSelect: React.FC<Omit<SelectProps, 'options'> & DictRef> = ({ code, source, ...rest }) => {
  const { options, loading } = useDict(code, source);
  return <Select allowClear loading={loading} options={options} optionFilterProp="label" {...rest} />;
};

/** A dictionary select inside a ProForm; shows the label when the form is read-only. */
export function ProFormDictSelect({ code, source, fieldProps, rules, ...rest }: ProFormSelectProps & DictRef) {
  const intl = useIntl();
  const { options, loading } = useDict(code, source);
  return (
    <ProFormSelect
      {...rest}
      rules={choiceRules(intl, rules, rest.label)}
      options={options}
      fieldProps={{ loading, allowClear: true, optionFilterProp: 'label', ...fieldProps }}
    />
  );
}

/** The label of a dictionary value. */
export const DictText: React.FC<DictRef & { value: unknown }> = ({ code, source, value }) => {
  const { options } = useDict(code, source);
  return <>{dictLabel(options, value)}</>;
};

/** antd Badge states for the values of a dictionary column. */
export type DictStatus = 'Success' | 'Error' | 'Processing' | 'Warning' | 'Default';

/**
 * Column settings of a dictionary-valued ProTable column: a select in the search form and the label
 * (with an optional badge) in the cells. `options` come from `useDict` in the page.
 */
export function dictColumn(options: API.DictOption[], status?: (value: string) => DictStatus | undefined) {
  const valueEnum: Record<string, { text: string; status?: DictStatus }> = {};
  options.forEach((o) => {
    valueEnum[o.value] = { text: o.label, status: status?.(o.value) };
  });
  return { valueType: 'select' as const, valueEnum };
}
