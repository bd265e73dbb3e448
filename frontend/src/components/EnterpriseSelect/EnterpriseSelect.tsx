//! Enterprise pickers over the zone's enterprises (`parkCompany/list`: the live enterprises of the
//! tenant within the user's data scope), loaded like a dictionary: every picker on a screen shares
//! one call. Searchable by name, short name and credit code; a plain Select and a ProForm field
//! (read-only in view forms).
import { ProFormSelect, type ProFormSelectProps } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Select, type SelectProps } from 'antd';
import React, { useMemo } from 'react';
import { shared, useOptions } from '@/components/Crud/useOptions';
import { loadParkCompanies } from '@/services/business/parkCompany';
import { choiceRules } from '@/utils/formRules';

export interface EnterpriseOption {
  value: string;
  label: string;
  /** what a search matches: name, short name and credit code */
  search: string;
  creditCode: string;
  deptId?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export function toEnterpriseOption(c: API.ParkCompany): EnterpriseOption {
  const name = text(c.enterpriseName) || text(c.companyName) || text(c.id);
  const short = text(c.shortName);
  const creditCode = text(c.creditCode);
  return {
    value: text(c.id),
    label: short && short !== name ? `${name}（${short}）` : name,
    search: [name, short, creditCode].join(' ').toLowerCase(),
    creditCode,
    deptId: c.deptId === null || c.deptId === undefined ? undefined : text(c.deptId),
  };
}

export function loadEnterpriseOptions(): Promise<EnterpriseOption[]> {
  return shared('enterprise:options', () => loadParkCompanies().then((list) => list.map(toEnterpriseOption)));
}

/** The enterprises, narrowed by `filter` (e.g. those of one park) when given. */
export function useEnterprises(filter?: (o: EnterpriseOption) => boolean) {
  const { options, loading } = useOptions<EnterpriseOption>('enterprise:options', loadEnterpriseOptions);
  const shown = useMemo(() => (filter ? options.filter(filter) : options), [options, filter]);
  return { options: shown, loading };
}

/** Matches a search against an option's name, short name and credit code. (Typed loosely: the
 * ProForm select hands its options over as antd's plain option type.) */
const matches = (input: string, option?: { value?: unknown; search?: unknown }) =>
  typeof option?.search === 'string' && option.search.includes(input.trim().toLowerCase());

interface FilterProps {
  /** offer only these enterprises (keep it stable: a new function reloads nothing but refilters) */
  filter?: (o: EnterpriseOption) => boolean;
}

export const EnterpriseSelect: React.FC<Omit<SelectProps, 'options'> & FilterProps> = ({ filter, ...rest }) => {
  const intl = useIntl();
  const { options, loading } = useEnterprises(filter);
  return (
    <Select
      allowClear
      showSearch={{ filterOption: matches }}
      loading={loading}
      options={options}
      placeholder={intl.formatMessage({ id: 'component.enterprise.placeholder' })}
      style={{ width: '100%' }}
      {...rest}
    />
  );
};

export function ProFormEnterpriseSelect({ fieldProps, filter, rules, ...rest }: ProFormSelectProps & FilterProps) {
  const intl = useIntl();
  const { options, loading } = useEnterprises(filter);
  return (
    <ProFormSelect
      {...rest}
      rules={choiceRules(intl, rules, rest.label)}
      options={options}
      fieldProps={{
        loading,
        allowClear: true,
        showSearch: { filterOption: matches },
        placeholder: intl.formatMessage({ id: 'component.enterprise.placeholder' }),
        ...fieldProps,
      }}
    />
  );
}
