//! 完成情况: each department's target of one indicator against what it achieved in 1–N月, as the server
//! rated and ranked it — the department tree with subtotals, 合计 as the summary row, and the export of
//! exactly these rows (`target_task_export`). The figures of a report count under the department it was
//! filed with unless 按现属地 is chosen (a project moved between parks mid-year).
import { Radio, Space, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { formatPeriod, type Period } from '@/components/Period';
import { StatTable } from '@/components/StatTable';
import { type CompletionQuery, type CompletionRow, type DeptBasis, exportCompletion, getCompletion, OFFICIAL_INDICATORS } from '@/services/business/deptTarget';
import { type CompletionNode, isCount, treeOf, useCompletionColumns, useT, useUnit } from '../columns';

export interface CompletionPanelProps {
  period: Period;
  indicatorCode: string;
  /** the indicator's dictionary label, with its unit in brackets */
  indicatorLabel?: string;
  deptBasis: DeptBasis;
  onDeptBasis: (basis: DeptBasis) => void;
  canExport: boolean;
}

const BASES: DeptBasis[] = ['filed', 'current'];

const CompletionPanel: React.FC<CompletionPanelProps> = ({ period, indicatorCode, indicatorLabel, deptBasis, onDeptBasis, canExport }) => {
  const t = useT();
  const [rows, setRows] = useState<CompletionRow[]>();
  const [loading, setLoading] = useState(false);
  const unit = useUnit(indicatorLabel);
  const columns = useCompletionColumns(period.month, isCount(indicatorLabel));

  const query: CompletionQuery = useMemo(() => ({ period: formatPeriod(period), indicatorCode, deptBasis }), [period, indicatorCode, deptBasis]);

  useEffect(() => {
    // a reply to an earlier choice (another month, indicator or basis) arriving late is dropped
    let current = true;
    setLoading(true);
    getCompletion(query)
      .then((res) => current && setRows(res.data ?? []))
      // the request layer has said why
      .catch(() => current && setRows([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query]);

  const { tree, total } = useMemo(() => treeOf(rows ?? []), [rows]);

  return (
    <StatTable<CompletionNode, CompletionQuery>
      rowKey="rowId"
      columns={columns}
      rows={tree}
      total={total}
      loading={loading}
      query={query}
      isSubtotal={(row) => row.subtotal}
      exportData={canExport ? (q) => exportCompletion(q, t('exportName')) : undefined}
      headerTitle={
        <Space wrap size="middle">
          <Radio.Group
            optionType="button"
            value={deptBasis}
            onChange={(e) => onDeptBasis(e.target.value as DeptBasis)}
            options={BASES.map((k) => ({ value: k, label: t(`deptBasis.${k}`) }))}
          />
          {unit ? (
            <Typography.Text type="secondary" data-testid="completion-unit">
              {t('unitLine', { unit })}
            </Typography.Text>
          ) : null}
          {OFFICIAL_INDICATORS.includes(indicatorCode) ? <Typography.Text type="secondary">{t('officialSource')}</Typography.Text> : null}
        </Space>
      }
    />
  );
};

export default CompletionPanel;
