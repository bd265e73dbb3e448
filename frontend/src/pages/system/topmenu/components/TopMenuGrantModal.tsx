//! "菜单配置" of the top-menu list: which side menus the ticked top menus group. The tree is the
//! menus the caller may see (`menu/grant-top-tree`), ticked with what the chosen top menus hold
//! now (`menu/top-tree-keys`); saving gives every chosen top menu exactly the ticked menus
//! (`topmenu/grant`). A ticked menu brings its parents into the side menu by itself, so only fully
//! ticked nodes are sent, and a parent shows ticked only when all its menus are.
import { useIntl } from '@umijs/max';
import { Alert, Empty, Skeleton, Space, Tree, Typography } from 'antd';
import React, { useState } from 'react';
import { ActionModal } from '@/components/Crud';
import type { TreeNode } from '@/services/authority/role';
import { getTopGrantTree, getTopTreeKeys, grantTopMenus, type TopMenuRecord } from '@/services/system/topmenu';

export interface TopMenuGrantModalProps {
  topMenus: TopMenuRecord[];
  open: boolean;
  onClose: (changed: boolean) => void;
}

export function allKeys(tree: TreeNode[]): string[] {
  return tree.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** The held keys that are leaves of the tree: a parent then shows ticked only when all of its
 * menus are, and a menu added under it later is not shown as granted. */
export function leafKeys(tree: TreeNode[], held: string[]): string[] {
  const leaves = new Set<string>();
  const walk = (nodes: TreeNode[]) =>
    nodes.forEach((n) => {
      if (n.children?.length) walk(n.children);
      else leaves.add(n.key);
    });
  walk(tree);
  return held.filter((k) => leaves.has(k));
}

const TopMenuGrantModal: React.FC<TopMenuGrantModalProps> = ({ topMenus, open, onClose }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.topmenu.grant.${id}` }, values as any);
  const [tree, setTree] = useState<TreeNode[] | undefined>();
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);

  const load = () => {
    setTree(undefined);
    setChecked([]);
    return Promise.all([getTopGrantTree(), getTopTreeKeys(topMenus.map((m) => m.id))]);
  };

  const show = ([treeRes, keyRes]: Awaited<ReturnType<typeof load>>) => {
    const menus = treeRes?.data?.menu ?? [];
    setTree(menus);
    setExpanded(menus.map((n) => n.key));
    setChecked(leafKeys(menus, (keyRes?.data?.menu ?? []).map(String)));
  };

  return (
    <ActionModal
      open={open}
      width={640}
      title={t('title')}
      okButtonProps={{ disabled: !tree }}
      onClose={onClose}
      load={load}
      onLoad={show}
      submit={() => grantTopMenus(topMenus.map((m) => m.id), checked)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('for', { names: topMenus.map((m) => m.name).join('、') })}
        description={t(topMenus.length > 1 ? 'hint.many' : 'hint')}
      />
      {!tree ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <div data-testid="topmenu-grant-tree">
          <Space size="middle" style={{ marginBottom: 8 }}>
            <Typography.Link onClick={() => setExpanded(allKeys(tree))}>{t('expand')}</Typography.Link>
            <Typography.Link onClick={() => setExpanded([])}>{t('collapse')}</Typography.Link>
            <Typography.Link onClick={() => setChecked(allKeys(tree))}>{t('all')}</Typography.Link>
            <Typography.Link onClick={() => setChecked([])}>{t('none')}</Typography.Link>
          </Space>
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            <Tree
              checkable
              selectable={false}
              treeData={tree}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              checkedKeys={checked}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            />
          </div>
        </div>
      )}
    </ActionModal>
  );
};

export default TopMenuGrantModal;
