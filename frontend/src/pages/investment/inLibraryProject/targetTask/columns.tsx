//! The columns of 目标任务: the completion view of one indicator (a statistics tree, money or counts by
//! the indicator's unit, rates, the schedule gap red behind and green ahead), the targets of the year
//! with their status, and the official figures. Figures go through components/Figures ("—" without one).
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag, Tooltip } from 'antd';
import React, { useMemo } from 'react';
import type { CrudColumn } from '@/components/Crud';
import { formatMoney, gapColumn, moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import type { CompletionRow, OfficialRecord, TargetRecord } from '@/services/business/deptTarget';
import { depthTree, type TreeNode } from '@/components/StatTable';

export const MESSAGES = 'pages.investment.targetTask';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/** The unit in the brackets ending an indicator's label: `项目完成投资(万元)` → `万元`. */
export function unitOf(indicatorLabel: string | undefined): string | undefined {
  const m = /[(（]([^()（）]+)[)）]\s*$/.exec(indicatorLabel ?? '');
  return m?.[1].trim();
}

/** The label without its unit: `项目完成投资(万元)` → `项目完成投资`. */
export const nameOf = (indicatorLabel: string | undefined) => (indicatorLabel ?? '').replace(/\s*[(（][^()（）]+[)）]\s*$/, '');

/** The units the dictionary uses, as locale keys: a unit is shown in the reader's language. */
const UNIT_KEYS: Record<string, string> = { 万元: 'wan', 万美元: 'wanUsd', 个: 'count', '%': 'percent' };

/** The unit of an indicator in the reader's language (the dictionary's word for an unknown one). */
export function useUnit(indicatorLabel: string | undefined): string {
  const intl = useIntl();
  const unit = unitOf(indicatorLabel);
  if (!unit) return '';
  const key = UNIT_KEYS[unit];
  return key ? intl.formatMessage({ id: `${MESSAGES}.unit.${key}` }) : unit;
}

/** Counts are whole: a target of 12 projects reads `12`, not `12.00`. */
export const isCount = (indicatorLabel: string | undefined) => unitOf(indicatorLabel) === '个';

/** A figure of the indicator: money (two decimals) or a count. */
export const formatFigure = (value: unknown, count: boolean) => formatMoney(value, count ? 0 : 2);

/** `1–6月`, `1月`: the months a period covers. */
export function useMonthsLabel(month: number): string {
  const t = useT();
  const monthLabel = useMonthLabel();
  return month === 1 ? monthLabel(1) : t('toDate', { month });
}

/** A row of the completion tree. */
export type CompletionNode = TreeNode<CompletionRow>;

/** The flat rows of the answer as a tree, and the total apart (StatTable's `depthTree`). */
export const treeOf = (rows: CompletionRow[]) => depthTree<CompletionRow>(rows);

/**
 * The completion columns, narrow enough that all eleven fit beside the menu at 1440 px: the unit is
 * said once above the table (the titles would wrap with it), and a long title wraps onto two lines.
 */
export function useCompletionColumns(month: number, count: boolean): ProColumns<CompletionNode>[] {
  const t = useT();
  const months = useMonthsLabel(month);
  return useMemo(() => {
    const figure = (title: string, dataIndex: keyof CompletionRow) =>
      moneyColumn<CompletionNode>(title, dataIndex, { width: 110, render: (_, row) => formatFigure(row[dataIndex], count) });
    const rate = (title: string, dataIndex: keyof CompletionRow, width = 80) => rateColumn<CompletionNode>(title, dataIndex, { width });
    return [
      {
        title: t('column.dept'),
        dataIndex: 'deptName',
        key: 'deptName',
        // with the ten figures, fits beside the menu at 1440 px in English too (the widest titles)
        width: 144,
        ellipsis: true,
        // a bureau's figures are its industry across the parks: marked, since they are not added up with them
        render: (_, row) =>
          row.byIndustry ? (
            <Tooltip title={t('byIndustry.help')}>
              {row.deptName} <Tag color="purple">{t('byIndustry')}</Tag>
            </Tooltip>
          ) : (
            row.deptName
          ),
      },
      figure(t('column.annualTarget'), 'annualTarget'),
      figure(t('column.periodTarget', { months }), 'periodTarget'),
      figure(t('column.actual', { months }), 'actual'),
      rate(t('column.completion'), 'completion'),
      rate(t('column.periodCompletion', { months }), 'periodCompletion', 100),
      rate(t('column.timeProgress'), 'timeProgress'),
      gapColumn<CompletionNode>(t('column.scheduleGap'), 'scheduleGap', { width: 100 }),
      figure(t('column.lastYear'), 'lastYear'),
      rate(t('column.yoy'), 'yoy'),
      { title: t('column.rank'), dataIndex: 'rank', key: 'rank', width: 56, align: 'center', render: (_, row) => row.rank ?? NONE },
    ];
  }, [t, months, count]);
}

/** 草稿 grey, 已下达 blue (waiting for the department), 已确认 green, 调整中 orange. */
const STATUS_COLORS: Record<string, string> = { '1': 'default', '2': 'processing', '3': 'success', '4': 'warning' };

export const TargetStatusTag: React.FC<{ value: string }> = ({ value }) => {
  const t = useT();
  return <Tag color={STATUS_COLORS[value] ?? 'default'}>{STATUS_COLORS[value] ? t(`status.${value}`) : value || NONE}</Tag>;
};

/** The day a step was taken, who took it on hover (both, with the time, in the view). */
const StepDay: React.FC<{ name?: string; time?: string }> = ({ name, time }) =>
  time ? (
    <Tooltip title={`${name ?? ''} ${time}`.trim()}>
      <span>{time.slice(0, 10)}</span>
    </Tooltip>
  ) : (
    <>{NONE}</>
  );

/** The targets of the year: the status beside the department, where a clerk looks for it; the
 * indicator (chosen above the tabs), last year's actual and the version one tick away. */
export function useTargetColumns(count: boolean): CrudColumn<TargetRecord>[] {
  const t = useT();
  return useMemo(
    () => [
      { title: t('column.dept'), dataIndex: 'deptName', width: 160, ellipsis: true, search: false },
      { title: t('column.status'), dataIndex: 'targetStatus', width: 100, search: false, render: (_, row) => <TargetStatusTag value={row.targetStatus} /> },
      { title: t('field.indicatorCode'), dataIndex: 'indicatorName', width: 180, ellipsis: true, search: false, optional: true },
      moneyColumn<TargetRecord>(t('field.annualTarget'), 'annualTarget', { width: 130, render: (_, row) => formatFigure(row.annualTarget, count) }),
      rateColumn<TargetRecord>(t('field.targetGrowth'), 'targetGrowth', { width: 90 }),
      moneyColumn<TargetRecord>(t('field.lastYearActual'), 'lastYearActual', {
        width: 130,
        optional: true,
        render: (_, row) => formatFigure(row.lastYearActual, count),
      } as Partial<CrudColumn<TargetRecord>>),
      { title: t('field.splitMode'), dataIndex: 'splitMode', width: 120, search: false, render: (_, row) => t(`split.${row.splitMode}`) },
      { title: t('column.version'), dataIndex: 'version', width: 70, align: 'center', search: false, optional: true },
      { title: t('column.issued'), dataIndex: 'issuedTime', width: 110, search: false, render: (_, row) => <StepDay name={row.issuedName} time={row.issuedTime} /> },
      {
        title: t('column.confirmed'),
        dataIndex: 'confirmedTime',
        width: 110,
        search: false,
        render: (_, row) => <StepDay name={row.confirmedName} time={row.confirmedTime} />,
      },
    ],
    [t, count],
  );
}

export function useOfficialColumns(officialIndicators: API.DictOption[]): CrudColumn<OfficialRecord>[] {
  const t = useT();
  const monthLabel = useMonthLabel();
  return useMemo(
    () => [
      {
        title: t('field.indicatorCode'),
        dataIndex: 'indicatorCode',
        width: 200,
        ellipsis: true,
        valueType: 'select',
        valueEnum: Object.fromEntries(officialIndicators.map((o) => [o.value, { text: o.label }])),
        render: (_, row) => row.indicatorName,
      },
      { title: t('official.period'), dataIndex: 'periodMonth', width: 100, search: false, render: (_, row) => (row.periodMonth === 1 ? monthLabel(1) : t('toDate', { month: row.periodMonth })) },
      { title: t('column.dept'), dataIndex: 'deptName', width: 180, ellipsis: true, search: false },
      { title: t('official.dataSource'), dataIndex: 'dataSourceName', width: 110, search: false },
      moneyColumn<OfficialRecord>(t('official.value'), 'indicatorValue', { width: 140 }),
      { title: t('field.remark'), dataIndex: 'remark', ellipsis: true, search: false, render: (_, row) => row.remark || NONE },
    ],
    [t, monthLabel, officialIndicators],
  );
}
