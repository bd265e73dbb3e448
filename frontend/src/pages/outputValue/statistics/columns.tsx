//! The columns of 产值统计: a group view's rows (counts, 万元, growth, share, 拉动; the department view also
//! its annual target, completion and the gap to the time progress), the enterprises of the ranking and
//! of the decliners, and the twelve months of the trend. Figures go through components/Figures (万元
//! with two decimals, rates with %, "—" where the server gives none); the server computes, the screen
//! formats.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tooltip } from 'antd';
import React, { useMemo } from 'react';
import { gapColumn, moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import { depthTree, type TreeNode } from '@/components/StatTable';
import type { GroupView, OutputEnterpriseRow, OutputGroupRow, OutputTrendMonth, RankView } from '@/services/business/outputStats';
import { YoyText } from '../report/columns';

export const MESSAGES = 'pages.output.statistics';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/** The months-to-date label of a period (`2026-10`): `1–10月`, and `1月` for January alone. */
export function useMonthsLabel(period: string): string {
  const t = useT();
  const month = Number(period.slice(5));
  return month === 1 ? t('january') : t('toDate', { month });
}

/** A group row as the table shows it: a tree through `children`, keyed by its place in the answer. */
export type GroupNode = TreeNode<OutputGroupRow>;

/** The flat rows of the answer as a tree, and the total apart (StatTable's `depthTree`). */
export const treeOf = (rows: OutputGroupRow[]) => depthTree<OutputGroupRow>(rows);

/** A line of a ranking: an enterprise, or the total of all of them (the summary row). */
export type RankLine = (OutputEnterpriseRow & { kind?: undefined }) | OutputGroupRow;

const isTotal = (r: RankLine): r is OutputGroupRow => r.kind === 'total';

const count = <T,>(title: React.ReactNode, dataIndex: string): ProColumns<T> => ({ title, dataIndex, align: 'right', width: 90 });

/** A growth rate, red when it fell. */
const yoyColumn = <T,>(title: React.ReactNode, dataIndex: string): ProColumns<T> => ({
  title,
  dataIndex,
  align: 'right',
  width: 100,
  render: (_, row) => <YoyText value={(row as Record<string, string | null>)[dataIndex]} />,
});

/** A title with its explanation on hover. */
const explained = (title: string, help: string) => <Tooltip title={help}>{title}</Tooltip>;

/** The figures every view has, in the order the export writes them. */
function figureColumns<T>(t: ReturnType<typeof useT>, months: string): ProColumns<T>[] {
  return [
    moneyColumn<T>(t('column.monthOutput'), 'monthOutput'),
    moneyColumn<T>(t('column.lastMonthOutput'), 'lastMonthOutput'),
    yoyColumn<T>(t('column.monthYoy'), 'monthYoy'),
    moneyColumn<T>(t('column.ytdOutput', { months }), 'ytdOutput', { width: 130 }),
    moneyColumn<T>(t('column.lastYtdOutput'), 'lastYtdOutput', { width: 130 }),
    yoyColumn<T>(t('column.yoy'), 'yoy'),
    rateColumn<T>(t('column.share'), 'share', { width: 90 }),
    gapColumn<T>(explained(t('column.contribution'), t('column.contribution.help')), 'contribution', { key: 'contribution', width: 110 }),
  ];
}

/** 属地 (行业, 主导产业) | 企业数 | 本月已报 | the figures; the department view adds 年度目标 | 完成率 | 超/落后. */
export function useGroupColumns(view: GroupView, months: string): ProColumns<GroupNode>[] {
  const t = useT();
  return useMemo(() => {
    const columns: ProColumns<GroupNode>[] = [
      { title: t(`group.${view}`), dataIndex: 'name', key: 'name', width: 200, fixed: 'left', ellipsis: true },
      count<GroupNode>(t('column.enterprises'), 'enterprises'),
      count<GroupNode>(t('column.reported'), 'reported'),
      ...figureColumns<GroupNode>(t, months),
    ];
    if (view !== 'dept') return columns;
    return [
      ...columns,
      moneyColumn<GroupNode>(t('column.target'), 'target', { width: 130 }),
      rateColumn<GroupNode>(t('column.completion'), 'completion', { width: 100 }),
      gapColumn<GroupNode>(explained(t('column.scheduleGap'), t('column.scheduleGap.help')), 'scheduleGap', { key: 'scheduleGap', width: 130 }),
    ];
  }, [t, view, months]);
}

/** 排名 | 企业名称 | 属地 | 行业 | the figures; the decliners add 下降原因. The total row names how many
 * enterprises it sums. */
export function useRankColumns(view: RankView, months: string): ProColumns<RankLine>[] {
  const t = useT();
  return useMemo(() => {
    const text = (field: 'deptName' | 'industryName') => (_: unknown, row: RankLine) => (isTotal(row) ? '' : row[field] || NONE);
    const columns: ProColumns<RankLine>[] = [
      { title: t('column.rank'), dataIndex: 'rank', key: 'rank', width: 70, align: 'right', fixed: 'left' },
      {
        title: t('column.enterpriseName'),
        dataIndex: 'enterpriseName',
        key: 'enterpriseName',
        width: 220,
        fixed: 'left',
        ellipsis: true,
        render: (_, row) => (isTotal(row) ? t('total.enterprises', { count: row.enterprises }) : row.enterpriseName),
      },
      { title: t('column.deptName'), dataIndex: 'deptName', key: 'deptName', width: 120, ellipsis: true, render: text('deptName') },
      { title: t('column.industryName'), dataIndex: 'industryName', key: 'industryName', width: 180, ellipsis: true, render: text('industryName') },
      ...figureColumns<RankLine>(t, months),
    ];
    // the ranking measures each enterprise against its own target (年度产值分解); the total, summing
    // enterprises with and without one, has none
    if (view !== 'decliners')
      return [
        ...columns,
        moneyColumn<RankLine>(t('column.target'), 'target', { width: 130 }),
        rateColumn<RankLine>(t('column.completion'), 'completion', { width: 100 }),
        gapColumn<RankLine>(explained(t('column.scheduleGap'), t('column.scheduleGap.help')), 'scheduleGap', { key: 'scheduleGap', width: 130 }),
      ];
    return [
      ...columns,
      {
        title: t('column.declineReason'),
        dataIndex: 'declineReason',
        key: 'declineReason',
        width: 240,
        ellipsis: true,
        render: (_, row) => (isTotal(row) ? '' : row.declineReason || NONE),
      },
    ];
  }, [t, view, months]);
}

/** 月份 | this year's month and cumulative | last year's | 累计同比 | 当月同比 | 环比, "—" for every missing
 * figure (this year after month N, a rate without a base, the 环比 of January and of a merged 1–2月). */
export function useTrendColumns(year: number, lastYear: number, januaryMerged: boolean): ProColumns<OutputTrendMonth>[] {
  const t = useT();
  const monthLabel = useMonthLabel(januaryMerged);
  return useMemo(() => {
    const y = String(year);
    const ly = String(lastYear);
    return [
      { title: t('trend.month'), dataIndex: 'month', key: 'month', width: 80, render: (_, r) => monthLabel(r.month) },
      moneyColumn<OutputTrendMonth>(t('trend.thisMonth', { year: y }), 'thisMonth'),
      moneyColumn<OutputTrendMonth>(t('trend.thisCumulative', { year: y }), 'thisCumulative', { width: 130 }),
      moneyColumn<OutputTrendMonth>(t('trend.lastMonth', { year: ly }), 'lastMonth'),
      moneyColumn<OutputTrendMonth>(t('trend.lastCumulative', { year: ly }), 'lastCumulative', { width: 130 }),
      yoyColumn<OutputTrendMonth>(t('trend.yoy'), 'yoy'),
      yoyColumn<OutputTrendMonth>(t('trend.monthYoy'), 'monthYoy'),
      rateColumn<OutputTrendMonth>(explained(t('trend.mom'), t('note.mom')), 'mom', { key: 'mom', width: 90 }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, year, lastYear, januaryMerged]);
}
