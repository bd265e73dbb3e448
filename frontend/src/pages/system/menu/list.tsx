//! /system/menu/list: every menu and button as one tree, filtered by name, code and alias, with the
//! buttons of the `menu` menu: add (also under a row), edit, view, delete. Type, placement and "new
//! window" show their dictionary labels. The whole tree is hundreds of rows, so it opens one level
//! (the modules and their menus); a filtered tree opens fully to show the matches.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Tag } from 'antd';
import React, { useMemo, useState } from 'react';
import { CrudTable, dictColumn, parentKeys, useDict } from '@/components/Crud';
import { BUTTON, listMenus, type MenuListQuery, type MenuRecord, removeMenus } from '@/services/system/menu';
import { IconPreview } from '@/components/IconPreview';

/** The rows to open after a load: every parent when a filter is set, else the top level. */
export function openedRows(rows: MenuRecord[], filtered: boolean): string[] {
  if (filtered) return parentKeys(rows, (r) => r.id);
  return rows.filter((r) => r.children?.length).map((r) => r.id);
}

const MenuList: React.FC = () => {
  const intl = useIntl();
  const field = (f: string) => intl.formatMessage({ id: `pages.system.menu.field.${f}` });
  const categories = useDict('menu_category', 'system');
  const actions = useDict('button_func', 'system');
  const yesNo = useDict('yes_no', 'system');
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  const load = async ({ name, code, alias }: MenuListQuery & Record<string, unknown>): Promise<API.Result<MenuRecord[]>> => {
    const res = await listMenus({ name, code, alias });
    if (res?.success) setExpanded(openedRows(res.data ?? [], !!(name || code || alias)));
    return res;
  };

  const columns: ProColumns<MenuRecord>[] = useMemo(
    () => [
      {
        title: field('name'),
        dataIndex: 'name',
        render: (_, row) => (
          <Space size={6}>
            <IconPreview name={row.source} use={row.category === BUTTON ? 'button' : 'menu'} />
            <span>{row.name}</span>
          </Space>
        ),
      },
      { title: field('code'), dataIndex: 'code', width: 200, ellipsis: true },
      { title: field('alias'), dataIndex: 'alias', width: 110, ellipsis: true },
      { title: field('path'), dataIndex: 'path', search: false, width: 240, ellipsis: true },
      {
        title: field('category'),
        dataIndex: 'category',
        search: false,
        width: 80,
        ...dictColumn(categories.options),
        render: (_, row) => (
          <Tag color={row.category === BUTTON ? 'orange' : 'blue'}>
            {categories.options.find((o) => o.value === String(row.category))?.label ?? row.categoryName}
          </Tag>
        ),
      },
      {
        title: field('action'),
        dataIndex: 'action',
        search: false,
        width: 110,
        ...dictColumn(actions.options),
        // placement is a button's; a menu has none
        render: (dom, row) => (row.category === BUTTON ? dom : '-'),
      },
      {
        title: field('isOpen'),
        dataIndex: 'isOpen',
        search: false,
        width: 100,
        ...dictColumn(yesNo.options),
        render: (dom, row) => (row.category === BUTTON ? '-' : dom),
      },
      { title: field('sort'), dataIndex: 'sort', search: false, width: 70 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, categories.options, actions.options, yesNo.options],
  );

  return (
    <PageContainer>
      <CrudTable<MenuRecord>
        menuCode="menu"
        tree
        addChild
        columns={columns}
        list={(query) => load(query)}
        remove={(ids) => removeMenus(ids)}
        tableProps={{ expandable: { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) } }}
      />
    </PageContainer>
  );
};

export default MenuList;
