//! The columns of 年度产值分解: each enterprise's target of the year (企业名称 | 属地 | 上年实际产值 | 年度目标产值 |
//! 目标增速 | 分月方式 | the twelve months | 状态), its 合计 row, and the reporting enterprises still without a
//! target. With January merged into February, January is left out and February reads 1–2月. Figures go
//! through components/Figures (万元 with two decimals, "—" without one): the server computes, the screen
//! formats.
import { useIntl } from '@umijs/max';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import React, { useMemo } from 'react';
import type { CrudColumn } from '@/components/Crud';
import { formatMoney, moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import type { OutputTargetRecord, OutputTargetTotals, PendingEnterprise } from '@/services/business/outputTarget';
import { MONTH_KEYS } from '@/services/business/projectPlan';

export const MESSAGES = 'pages.output.breakdown';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/** 草稿 grey, 已下达 blue (waiting for the department), 已确认 green, 调整中 orange. */
const STATUS_COLORS: Record<string, string> = { '1': 'default', '2': 'processing', '3': 'success', '4': 'warning' };

export const TargetStatusTag: React.FC<{ value: string }> = ({ value }) => {
  const t = useT();
  return <Tag color={STATUS_COLORS[value] ?? 'default'}>{STATUS_COLORS[value] ? t(`status.${value}`) : value || NONE}</Tag>;
};

/** The months shown: all twelve, or February on with January merged into it. */
export const shownMonths = (januaryMerged: boolean) => MONTH_KEYS.map((key, i) => ({ key, month: i + 1 })).filter((m) => !(januaryMerged && m.month === 1));

/**
 * The targets of the year. The columns keep fixed widths (about 2,000 px in all): the table scrolls
 * sideways with the enterprise pinned on the left and the actions on the right.
 */
export function useTargetColumns(januaryMerged: boolean): CrudColumn<OutputTargetRecord>[] {
  const t = useT();
  const monthLabel = useMonthLabel(januaryMerged);
  return useMemo(
    () => [
      { title: t('column.enterpriseName'), dataIndex: 'enterpriseName', key: 'enterpriseName', width: 200, fixed: 'left', ellipsis: true, search: false },
      { title: t('column.deptName'), dataIndex: 'deptName', key: 'deptName', width: 110, ellipsis: true, search: false, render: (_, row) => row.deptName || NONE },
      moneyColumn<OutputTargetRecord>(t('column.lastYearOutput'), 'lastYearOutput', { key: 'lastYearOutput', width: 120 }),
      moneyColumn<OutputTargetRecord>(t('column.annualTarget'), 'annualTarget', { key: 'annualTarget', width: 120 }),
      rateColumn<OutputTargetRecord>(t('column.targetGrowth'), 'targetGrowth', { key: 'targetGrowth', width: 100, render: (_, row) => formatGrowth(row.targetGrowth) }),
      { title: t('column.splitMode'), dataIndex: 'splitMode', key: 'splitMode', width: 120, search: false, render: (_, row) => t(`split.${row.splitMode}`) },
      ...shownMonths(januaryMerged).map(({ key, month }) => moneyColumn<OutputTargetRecord>(monthLabel(month), key, { key, width: 100 })),
      { title: t('column.status'), dataIndex: 'targetStatus', key: 'targetStatus', width: 90, search: false, render: (_, row) => <TargetStatusTag value={row.targetStatus} /> },
    ],
    // monthLabel is a new function each render; it changes only with januaryMerged
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, januaryMerged],
  );
}

/** The growth as the title says it (the title carries the %): `12.50`. */
export const formatGrowth = (value: unknown) => formatMoney(value);

/** What the 合计 row shows under a column, by its key: the name, last year, the year and the months. */
export function totalCell(key: string, totals: OutputTargetTotals | undefined, label: string): React.ReactNode {
  if (!totals) return '';
  if (key === 'enterpriseName') return label;
  if (key === 'lastYearOutput') return formatMoney(totals.lastYearOutput);
  if (key === 'annualTarget') return formatMoney(totals.annualTarget);
  const month = MONTH_KEYS.indexOf(key as (typeof MONTH_KEYS)[number]);
  return month >= 0 ? formatMoney(totals.months?.[month]) : '';
}

/** The enterprises without a target, with 新增目标 when `onAdd` is given. */
export function usePendingColumns(onAdd?: (p: PendingEnterprise) => void): ColumnsType<PendingEnterprise> {
  const t = useT();
  const intl = useIntl();
  return useMemo(() => {
    const columns: ColumnsType<PendingEnterprise> = [
      { title: t('column.enterpriseName'), dataIndex: 'enterpriseName', key: 'enterpriseName', ellipsis: true },
      { title: t('column.deptName'), dataIndex: 'deptName', key: 'deptName', width: 160, ellipsis: true, render: (_, row) => row.deptName || NONE },
      { title: t('column.lastYearOutput'), dataIndex: 'lastYearOutput', key: 'lastYearOutput', width: 140, align: 'right', render: (_, row) => formatMoney(row.lastYearOutput) },
    ];
    if (!onAdd) return columns;
    return [
      ...columns,
      {
        title: intl.formatMessage({ id: 'crud.actions' }),
        key: 'actions',
        width: 120,
        render: (_, row) => (
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => onAdd(row)}>
            {t('action.addTarget')}
          </Button>
        ),
      },
    ];
  }, [t, intl, onAdd]);
}
