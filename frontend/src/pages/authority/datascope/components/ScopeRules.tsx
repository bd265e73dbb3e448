//! The screen of /authority/datascope and /authority/apiscope: the menu tree on the left, the rules of
//! the picked menu (or of every menu) on the right. Whoever holds the menu's `setting` button reads the
//! rules; only the platform administrator changes them (the server refuses anyone else), so only they
//! get the add, edit and delete links.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Col, Row, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import React, { useMemo, useRef, useState } from 'react';
import {
  CrudTable,
  type CrudTableHandle,
  hasButton,
  TreeFilter,
  treeTitle,
  useCrudConfirm,
  useDeptTree,
  useOptions,
} from '@/components/Crud';
import {
  type ApiScopeRecord,
  CUSTOM_SCOPE,
  type DataScopeRecord,
  isPlatformAdministrator,
  listScopes,
  removeScopes,
  type ScopeKind,
  type ScopeRecord,
} from '@/services/authority/scope';
import { loadMenuOptions, titlesOf } from './menuTree';
import ScopeModal from './ScopeModal';

const MENU_CODE: Record<ScopeKind, string> = { data: 'data_scope', api: 'api_scope' };

const ScopeRules: React.FC<{ kind: ScopeKind }> = ({ kind }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.authority.scope.${key}` }, values as any);
  const field = (f: string) => t(`field.${f}`);
  const table = useRef<CrudTableHandle>(null);
  const [confirm, confirmHolder] = useCrudConfirm();
  const menus = useOptions('scope:menus', loadMenuOptions);
  const depts = useDeptTree();
  const [menuId, setMenuId] = useState<string>();
  const [editing, setEditing] = useState<{ record?: ScopeRecord } | undefined>();
  const granted = hasButton(MENU_CODE[kind], 'setting');
  const mayWrite = granted && isPlatformAdministrator();
  const menuTitles = useMemo(() => titlesOf(menus.options), [menus.options]);

  const remove = (row: ScopeRecord) =>
    confirm({
      title: intl.formatMessage({ id: 'crud.delete.title' }),
      content: t('delete.confirm', { name: row.scopeName }),
      danger: true,
      call: () => removeScopes(kind, [row.id]),
      onDone: () => table.current?.reload(),
    });

  const columns: ProColumns<ScopeRecord>[] = useMemo(() => {
    const list: ProColumns<ScopeRecord>[] = [
      { title: field('scopeName'), dataIndex: 'scopeName', sorter: true },
      {
        title: field('resourceCode'),
        dataIndex: 'resourceCode',
        sorter: true,
        render: (_, row) => <Typography.Text code>{row.resourceCode}</Typography.Text>,
      },
    ];
    if (kind === 'data') {
      list.push(
        { title: field('scopeColumn'), dataIndex: 'scopeColumn', render: (_, row) => (row as DataScopeRecord).scopeColumn },
        {
          title: field('scopeType'),
          dataIndex: 'scopeType',
          sorter: true,
          render: (_, row) => {
            const d = row as DataScopeRecord;
            if (d.scopeType !== CUSTOM_SCOPE) return <Tag color="blue">{d.scopeTypeName || d.scopeType}</Tag>;
            const names = d.scopeValue
              .split(',')
              .filter(Boolean)
              .map((id) => treeTitle(depts.options, id) ?? id);
            return (
              <Space size={4} wrap>
                <Tag color="purple">{d.scopeTypeName || d.scopeType}</Tag>
                <Typography.Text type="secondary">{names.join('、')}</Typography.Text>
              </Space>
            );
          },
        },
      );
    } else {
      list.push(
        {
          title: field('scopePath'),
          dataIndex: 'scopePath',
          render: (_, row) => <Typography.Text code>{(row as ApiScopeRecord).scopePath}</Typography.Text>,
        },
        { title: field('scopeType'), dataIndex: 'scopeType', sorter: true, render: (_, row) => <Tag color="blue">{row.scopeTypeName || row.scopeType}</Tag> },
      );
    }
    // With every menu listed, say which menu each rule belongs to.
    if (!menuId) list.push({ title: field('menuId'), dataIndex: 'menuId', render: (_, row) => menuTitles.get(row.menuId) ?? row.menuId });
    list.push({ title: field('remark'), dataIndex: 'remark', ellipsis: true });
    if (mayWrite) {
      list.push({
        title: intl.formatMessage({ id: 'crud.actions' }),
        key: 'scope-actions',
        valueType: 'option',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0}>
            <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setEditing({ record: row })}>
              {intl.formatMessage({ id: 'button.edit.name' })}
            </Button>
            <Button type="link" size="small" danger style={{ paddingInline: 4 }} onClick={() => remove(row)}>
              {intl.formatMessage({ id: 'button.delete.name' })}
            </Button>
          </Space>
        ),
      });
    }
    return list.map((c) => ({ search: false, ...c }) as ProColumns<ScopeRecord>);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, kind, menuId, menuTitles, depts.options, mayWrite]);

  const menuName = menuId ? menuTitles.get(menuId) : undefined;

  return (
    <PageContainer>
      {confirmHolder}
      {granted && !mayWrite ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('readonly')} />
      ) : null}
      <Row gutter={16} wrap={false}>
        <Col flex="260px" style={{ minWidth: 0 }}>
          <TreeFilter title={t('menu')} options={menus.options} loading={menus.loading} value={menuId} onChange={setMenuId} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <CrudTable<ScopeRecord>
            ref={table}
            menuCode={MENU_CODE[kind]}
            columns={columns}
            list={(query) => listScopes<ScopeRecord>(kind, query)}
            headerTitle={menuName ? t('rulesOf', { menu: menuName }) : t('allRules')}
            tableProps={{
              params: { menuId },
              toolBarRender: () =>
                mayWrite
                  ? [
                      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                        {intl.formatMessage({ id: 'button.add.name' })}
                      </Button>,
                    ]
                  : [],
            }}
          />
        </Col>
      </Row>
      {editing ? (
        <ScopeModal
          kind={kind}
          record={editing.record}
          menuId={menuId}
          menus={menus.options}
          open
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) table.current?.reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
};

export default ScopeRules;
