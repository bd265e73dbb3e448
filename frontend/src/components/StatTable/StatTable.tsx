//! The table of a statistics screen (targets, statistics, the dispatch sheet, park monthly output):
//! rows over the department tree with subtotal rows set apart, the grand total pinned as the
//! table's summary row, columns the person may hide, and "export what I see" — the export gets the
//! same query as the rows and the columns left shown, so the sheet matches the screen.
import { type ColumnsState, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table, theme } from 'antd';
import React, { useMemo, useState } from 'react';
import { parentKeys } from '@/components/Crud';
import { blobErrorMessage } from '@/utils/files';
import { showError, showSuccessToast } from '@/utils/requestMessages';

type Row = Record<string, any> & { children?: Row[] };

export interface StatTableProps<T extends Row, Q> {
  columns: ProColumns<T>[];
  /** the rows, a tree through `children` */
  rows: T[];
  /** the grand total, shown as the summary row */
  total?: T;
  loading?: boolean;
  rowKey?: string;
  /** a subtotal row (by default one with `subtotal: true` or with children) */
  isSubtotal?: (row: T) => boolean;
  headerTitle?: React.ReactNode;
  /** the query the rows were loaded with: the export gets the same */
  query: Q;
  /** the export of `query` with the keys of the columns shown, in order; no button without it */
  exportData?: (query: Q, columns: string[]) => Promise<unknown>;
}

/** The key ProTable gives a column in its settings: `key`, else `dataIndex` (a path joined by `-`). */
const keyOf = <T,>(c: ProColumns<T>) => String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('-') : (c.dataIndex ?? '')));

const defaultSubtotal = (row: Row) => row.subtotal === true || !!row.children?.length;

/** A column's cell for the total row, drawn as its cells are. */
function totalCell<T extends Row>(c: ProColumns<T>, total: T): React.ReactNode {
  const path = Array.isArray(c.dataIndex) ? c.dataIndex : c.dataIndex === undefined ? [] : [c.dataIndex];
  const value = path.reduce<any>((node, k) => node?.[k as string], total);
  if (c.render) return c.render(value, total, -1, undefined as any, c as any) as React.ReactNode;
  return value ?? '';
}

function StatTable<T extends Row, Q = Record<string, unknown>>(props: StatTableProps<T, Q>) {
  const { columns, rows, total, loading, rowKey = 'id', isSubtotal = defaultSubtotal, headerTitle, query, exportData } = props;
  const intl = useIntl();
  const { token } = theme.useToken();
  const t = (id: string) => intl.formatMessage({ id: `component.stat.${id}` });
  const [columnsMap, setColumnsMap] = useState<Record<string, ColumnsState>>({});
  const [exporting, setExporting] = useState(false);
  const [expanded, setExpanded] = useState<React.Key[] | undefined>();
  const allParents = useMemo(() => parentKeys<Row>(rows, (r) => String(r[rowKey])), [rows, rowKey]);

  const shown = columns.filter((c) => !c.hideInTable && columnsMap[keyOf(c)]?.show !== false);

  const runExport = async () => {
    if (!exportData) return;
    setExporting(true);
    try {
      await exportData(query, shown.map(keyOf));
      showSuccessToast(t('exported'));
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ProTable<T>
      rowKey={rowKey}
      headerTitle={headerTitle}
      columns={columns.map((c) => ({ search: false, ...c }))}
      dataSource={rows}
      loading={loading}
      search={false}
      pagination={false}
      options={{ density: false, reload: false, setting: true, fullScreen: false }}
      columnsState={{
        value: columnsMap,
        onChange: (map) => {
          // ProTable also calls this, during its render, with the map it was given: keep only a
          // change, and after the render
          if (JSON.stringify(map) !== JSON.stringify(columnsMap)) queueMicrotask(() => setColumnsMap(map));
        },
      }}
      // a statistics tree opens fully: the subtotals are read with what they add up
      expandable={{ expandedRowKeys: expanded ?? allParents, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
      onRow={(row) => (isSubtotal(row) ? ({ 'data-subtotal': 'true' } as any) : {})}
      // set apart on the cells (global.css), so that a fixed first column is shaded with its row
      rowClassName={(row) => (isSubtotal(row) ? 'keeper-subtotal-row' : '')}
      scroll={{ x: 'max-content' }}
      toolBarRender={() =>
        exportData
          ? [
              <Button key="export" icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
                {t('export')}
              </Button>,
            ]
          : []
      }
      summary={
        total
          ? () => (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="stat-total" style={{ fontWeight: 600, background: token.colorFillTertiary }}>
                  {shown.map((c, i) => (
                    <Table.Summary.Cell key={keyOf(c)} index={i} align={c.align}>
                      {i === 0 ? t('total') : totalCell(c, total)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          : undefined
      }
    />
  );
}

export default StatTable;
