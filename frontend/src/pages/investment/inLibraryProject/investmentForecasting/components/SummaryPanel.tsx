//! 汇总: each department's annual target against what its projects are expected to complete this year —
//! the department tree with subtotals, 合计 as the summary row. A project without an approved forecast of
//! the month counts at max(已完成, 年度计划) and is counted as flagged, so that the committee sees how
//! much of the expected figure is an estimate rather than a park's word. A department opens its projects.
//! With the export button, the summary downloads as it stands.
import { InfoCircleOutlined } from '@ant-design/icons';
import { Space, Tooltip, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { formatPeriod, type Period } from '@/components/Period';
import { StatTable } from '@/components/StatTable';
import { exportForecastSummary, type ForecastDeptRow, getForecastSummary } from '@/services/business/forecast';
import { type SummaryNode, summaryTree, useSummaryColumns, useT } from '../columns';

export interface SummaryPanelProps {
  period: Period;
  /** open the projects of a department */
  onDept: (dept: { deptId: string; deptName: string }) => void;
  /** the caller has the export button */
  canExport?: boolean;
}

const SummaryPanel: React.FC<SummaryPanelProps> = ({ period, onDept, canExport }) => {
  const t = useT();
  const [rows, setRows] = useState<ForecastDeptRow[]>();
  const [loading, setLoading] = useState(false);
  const query = useMemo(() => ({ period: formatPeriod(period) }), [period]);
  const columns = useSummaryColumns(period.month, (row) => onDept({ deptId: row.deptId!, deptName: row.deptName }));

  useEffect(() => {
    // a reply to an earlier month arriving late is dropped
    let current = true;
    setLoading(true);
    getForecastSummary(query.period)
      .then((res) => current && setRows(res.data ?? []))
      // the request layer has said why
      .catch(() => current && setRows([]))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query]);

  const { tree, total } = useMemo(() => summaryTree(rows ?? []), [rows]);
  const flagged = total?.flagged ?? 0;

  return (
    <StatTable<SummaryNode, { period: string }>
      rowKey="rowId"
      columns={columns}
      rows={tree}
      total={total}
      loading={loading}
      query={query}
      isSubtotal={(row) => row.subtotal}
      exportData={canExport ? (q) => exportForecastSummary(q.period, t('export.summaryName')) : undefined}
      headerTitle={
        <Space wrap size="middle">
          <Typography.Text type="secondary" data-testid="summary-unit">
            {t('unitLine')}
          </Typography.Text>
          {flagged ? (
            <Typography.Text type="warning" data-testid="summary-flagged">
              {t('summary.flagged', { count: flagged, projects: total?.projects ?? 0 })}{' '}
              <Tooltip title={t('flagged.tip')}>
                <InfoCircleOutlined />
              </Tooltip>
            </Typography.Text>
          ) : null}
        </Space>
      }
    />
  );
};

export default SummaryPanel;
