//! /system/topmenu/list: the tenant's top menus, paged, filtered by name and code, with the buttons of
//! the `topmenu` menu; "菜单配置" (`setting`) chooses the side menus each ticked top menu groups.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle } from '@/components/Crud';
import { useRefreshTopMenus } from '@/components/TopMenu';
import { listTopMenus, removeTopMenus, type TopMenuRecord } from '@/services/system/topmenu';
import { IconPreview } from '@/components/IconPreview';
import TopMenuGrantModal from './components/TopMenuGrantModal';

const TopMenuList: React.FC = () => {
  const intl = useIntl();
  const field = (f: string) => intl.formatMessage({ id: `pages.system.topmenu.field.${f}` });
  const table = useRef<CrudTableHandle>(null);
  const [granting, setGranting] = useState<TopMenuRecord[]>([]);
  const refreshHeader = useRefreshTopMenus();

  const columns: ProColumns<TopMenuRecord>[] = useMemo(
    () => [
      {
        title: field('name'),
        dataIndex: 'name',
        sorter: true,
        render: (_, row) => (
          <Space size={6}>
            <IconPreview name={row.source} use="any" />
            <span>{row.name}</span>
          </Space>
        ),
      },
      { title: field('code'), dataIndex: 'code', sorter: true },
      { title: field('path'), dataIndex: 'path', search: false, ellipsis: true },
      { title: field('sort'), dataIndex: 'sort', search: false, sorter: true, width: 80 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  const actions: Record<string, CrudAction<TopMenuRecord>> = {
    setting: { needs: 'some', run: ({ rows }) => setGranting(rows) },
  };

  return (
    <PageContainer>
      <CrudTable<TopMenuRecord>
        ref={table}
        menuCode="topmenu"
        columns={columns}
        list={(query) => listTopMenus(query)}
        remove={async (ids) => {
          const res = await removeTopMenus(ids);
          if (res?.success) void refreshHeader();
          return res;
        }}
        actions={actions}
      />
      <TopMenuGrantModal
        topMenus={granting}
        open={granting.length > 0}
        onClose={(changed) => {
          setGranting([]);
          if (changed) table.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default TopMenuList;
