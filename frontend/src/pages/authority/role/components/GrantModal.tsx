//! The permission dialog of the role list: menus and buttons, data scope and API scope of the chosen
//! roles, from `menu/grant-tree` (what the caller may hand out) and `menu/role-tree-keys` (what the
//! roles hold now); saving replaces them with `role/grant`. Menus are granted node by node (see
//! grantTree.ts); the scope trees hang rules under their menus, and only the rules are granted.
import { useIntl } from '@umijs/max';
import { Alert, Empty, Skeleton, Space, Tabs, Tree, Typography } from 'antd';
import React, { useState } from 'react';
import { ActionModal } from '@/components/Crud';
import {
  getGrantTree,
  getRoleTreeKeys,
  type GrantKeys,
  type GrantTree,
  grantRoles,
  type RoleRecord,
  type TreeNode,
} from '@/services/authority/role';
import { allGrantKeys, grantDisplay, leafGrantKeys, onlyLeaves, shownKeys, toggleGrant } from './grantTree';

type Part = keyof GrantTree;
const PARTS: Part[] = ['menu', 'dataScope', 'apiScope'];
const EMPTY_KEYS: GrantKeys = { menu: [], dataScope: [], apiScope: [] };

export interface GrantModalProps {
  roles: RoleRecord[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

const GrantTreePane: React.FC<{
  tree: TreeNode[];
  checked: string[];
  onChange: (keys: string[]) => void;
  /** menus: each node on its own; scopes: parents follow their rules */
  strict: boolean;
  testId: string;
}> = ({ tree, checked, onChange, strict, testId }) => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [expanded, setExpanded] = useState<string[]>(() => tree.map((n) => n.key));
  if (!tree.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pages.authority.role.grant.empty')} />;
  return (
    <div data-testid={testId}>
      <Space size="middle" style={{ marginBottom: 8 }}>
        <Typography.Link onClick={() => setExpanded(allGrantKeys(tree))}>{t('pages.authority.role.grant.expand')}</Typography.Link>
        <Typography.Link onClick={() => setExpanded([])}>{t('pages.authority.role.grant.collapse')}</Typography.Link>
        <Typography.Link onClick={() => onChange(strict ? allGrantKeys(tree) : leafGrantKeys(tree))}>
          {t('pages.authority.role.grant.all')}
        </Typography.Link>
        <Typography.Link onClick={() => onChange([])}>{t('pages.authority.role.grant.none')}</Typography.Link>
      </Space>
      <div style={{ maxHeight: 420, overflow: 'auto' }}>
        {strict ? (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            treeData={tree}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={grantDisplay(tree, checked)}
            onCheck={(_, info) => onChange(toggleGrant(tree, checked, String(info.node.key), info.checked))}
          />
        ) : (
          <Tree
            checkable
            selectable={false}
            treeData={tree}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={checked}
            onCheck={(keys) => onChange(onlyLeaves(tree, (Array.isArray(keys) ? keys : keys.checked).map(String)))}
          />
        )}
      </div>
    </div>
  );
};

const GrantModal: React.FC<GrantModalProps> = ({ roles, open, onClose }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as any);
  const [trees, setTrees] = useState<GrantTree | undefined>();
  const [keys, setKeys] = useState<GrantKeys>(EMPTY_KEYS);

  const load = () => {
    setTrees(undefined);
    setKeys(EMPTY_KEYS);
    return Promise.all([getGrantTree(), getRoleTreeKeys(roles.map((r) => r.id))]);
  };

  const show = ([treeRes, keyRes]: Awaited<ReturnType<typeof load>>) => {
    const tree: GrantTree = {
      menu: treeRes?.data?.menu ?? [],
      dataScope: treeRes?.data?.dataScope ?? [],
      apiScope: treeRes?.data?.apiScope ?? [],
    };
    const held = keyRes?.data ?? EMPTY_KEYS;
    setTrees(tree);
    setKeys({
      menu: shownKeys(tree.menu, (held.menu ?? []).map(String)),
      dataScope: onlyLeaves(tree.dataScope, (held.dataScope ?? []).map(String)),
      apiScope: onlyLeaves(tree.apiScope, (held.apiScope ?? []).map(String)),
    });
  };

  return (
    <ActionModal
      open={open}
      width={720}
      title={t('pages.authority.role.grant.title')}
      okButtonProps={{ disabled: !trees }}
      onClose={onClose}
      load={load}
      onLoad={show}
      submit={() =>
        grantRoles({
          roleIds: roles.map((r) => r.id),
          menuIds: keys.menu,
          dataScopeIds: keys.dataScope,
          apiScopeIds: keys.apiScope,
        })
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('pages.authority.role.grant.for', { names: roles.map((r) => r.roleName).join('、') })}
        description={t('pages.authority.role.grant.hint')}
      />
      {!trees ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          items={PARTS.map((part) => ({
            key: part,
            label: t(`pages.authority.role.grant.${part}`),
            children: (
              <GrantTreePane
                testId={`grant-${part}`}
                strict={part === 'menu'}
                tree={trees[part]}
                checked={keys[part]}
                onChange={(next) => setKeys((k) => ({ ...k, [part]: next }))}
              />
            ),
          }))}
        />
      )}
    </ActionModal>
  );
};

export default GrantModal;
