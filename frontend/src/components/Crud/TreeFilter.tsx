//! The tree panel left of a list (e.g. departments over the user list): picking a node filters the
//! list by it (and, on the server, by everything below it); picking it again, or "all", clears it.
import { useIntl } from '@umijs/max';
import { Card, Empty, Input, Skeleton, Tree } from 'antd';
import React, { useMemo, useState } from 'react';
import type { TreeOption } from './useOptions';

export interface TreeFilterProps {
  title: React.ReactNode;
  options: TreeOption[];
  loading?: boolean;
  value?: string;
  onChange: (value: string | undefined) => void;
  /** inside a drawer that already shows the title (narrow screens): no frame, no title */
  embedded?: boolean;
}

/** The nodes whose title contains `text`, with the ancestors that lead to them. */
export function filterTree(nodes: TreeOption[], text: string): TreeOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const out: TreeOption[] = [];
  nodes.forEach((n) => {
    const children = n.children ? filterTree(n.children, needle) : [];
    if (n.title.toLowerCase().includes(needle) || children.length) {
      out.push({ ...n, children: children.length ? children : undefined });
    }
  });
  return out;
}

function allKeys(nodes: TreeOption[]): string[] {
  return nodes.flatMap((n) => [n.key, ...(n.children ? allKeys(n.children) : [])]);
}

const TreeFilter: React.FC<TreeFilterProps> = ({ title, options, loading, value, onChange, embedded }) => {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const visible = useMemo(() => filterTree(options, search), [options, search]);
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const expandedKeys = useMemo(() => allKeys(visible).filter((k) => !collapsed.includes(k)), [visible, collapsed]);
  const allLabel = intl.formatMessage({ id: 'crud.tree.all' });

  return (
    // A long tree (every menu, a zone's departments) scrolls inside the panel, and the panel stays in
    // view beside a long list, so the picked node and the rows it filters are seen together.
    <Card
      title={embedded ? undefined : title}
      size="small"
      variant={embedded ? 'borderless' : 'outlined'}
      style={embedded ? undefined : { position: 'sticky', top: 16 }}
      styles={{ body: { padding: embedded ? 0 : 8 }, header: embedded ? { paddingInline: 0 } : undefined }}
      extra={
        value ? (
          <a onClick={() => onChange(undefined)} data-testid="tree-filter-all">
            {allLabel}
          </a>
        ) : null
      }
    >
      <Input.Search
        allowClear
        size="small"
        placeholder={intl.formatMessage({ id: 'crud.tree.search' })}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : visible.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div style={{ maxHeight: 'calc(100vh - 160px)', overflowY: 'auto' }}>
          <Tree
            blockNode
            treeData={visible}
            selectedKeys={value ? [value] : []}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(allKeys(visible).filter((k) => !open.has(k)));
            }}
            onSelect={(keys) => onChange(keys.length ? String(keys[0]) : undefined)}
          />
        </div>
      )}
    </Card>
  );
};

export default TreeFilter;
