//! The list of a tenant's storage or SMS configurations: searched by code and category, the enabled
//! one tagged, and the buttons of its menu. "启用" asks first (the tenant's other configurations are
//! switched off by it) and is not offered on the one already in use.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React, { useMemo } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, type ExtraButton, useCrudConfirm } from '@/components/Crud';
import { CONFIG_ENABLED, type ConfigRecord } from '@/services/resource/config';
import type { ConfigKind } from './ConfigForm';

export interface ConfigListProps<R extends ConfigRecord> {
  spec: Pick<ConfigKind<R, unknown>, 'kind' | 'codeField' | 'fields'>;
  service: {
    list: (query: Record<string, unknown>) => Promise<API.Result<API.Page<R>>>;
    remove: (ids: string[]) => Promise<API.Result<unknown>>;
    enable: (id: string) => Promise<API.Result<unknown>>;
  };
  /** the columns between the category and the status */
  columns: ProColumns<R>[];
  extraButtons?: ExtraButton[];
  /** handlers of the page's own buttons */
  actions?: Record<string, CrudAction<R>>;
  tableRef?: React.Ref<CrudTableHandle>;
}

export const isEnabled = (row: ConfigRecord) => Number(row.status) === CONFIG_ENABLED;

export const StatusTag: React.FC<{ record: ConfigRecord }> = ({ record }) => {
  const intl = useIntl();
  const enabled = isEnabled(record);
  return (
    <Tag color={enabled ? 'success' : 'default'}>
      {intl.formatMessage({ id: `pages.resource.config.status.${enabled ? 'enabled' : 'disabled'}` })}
    </Tag>
  );
};

function ConfigList<R extends ConfigRecord>({ spec, service, columns, extraButtons, actions, tableRef }: ConfigListProps<R>) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.${spec.kind}.${key}` }, values as any);
  const common = (key: string) => intl.formatMessage({ id: `pages.resource.config.${key}` });
  const [confirm, confirmHolder] = useCrudConfirm();
  const code = (row: R) => String((row as Record<string, unknown>)[spec.codeField] ?? '');

  const allColumns: ProColumns<R>[] = useMemo(
    () => {
      const categories: Record<string, { text: string }> = {};
      Object.keys(spec.fields).forEach((c) => {
        categories[c] = { text: t(`category.${c}`) };
      });
      return [
        { title: t(`field.${spec.codeField}`), dataIndex: spec.codeField, sorter: true },
        { title: common('field.category'), dataIndex: 'category', valueType: 'select', valueEnum: categories },
        ...columns,
        { title: common('field.status'), dataIndex: 'status', search: false, render: (_, row) => <StatusTag record={row} /> },
        { title: common('field.createTime'), dataIndex: 'createTime', search: false, sorter: true },
      ];
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, columns],
  );

  const allActions: Record<string, CrudAction<R>> = {
    enable: {
      needs: 'one',
      label: () => common('enable'),
      hidden: isEnabled,
      run: ({ rows, reload }) =>
        confirm({
          title: common('enable.title'),
          content: t('enable.confirm', { code: code(rows[0]) }),
          call: () => service.enable(rows[0].id),
          onDone: reload,
        }),
    },
    ...actions,
  };

  return (
    <>
      {confirmHolder}
      <CrudTable<R>
        ref={tableRef}
        menuCode={spec.kind}
        columns={allColumns}
        list={(query) => service.list(query)}
        remove={(ids) => service.remove(ids)}
        actions={allActions}
        extraButtons={extraButtons}
        rowButtonLimit={5}
      />
    </>
  );
}

export default ConfigList;
