//! The columns of the statistics tables: a dimension's groups (counts, 万元, rates), the months of the
//! trend and the stages of the funnel. Money and rates through components/Figures ("—" without a base).
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { useMemo } from 'react';
import { formatMoney, formatRate, moneyColumn, rateColumn } from '@/components/Figures';
import type { FunnelStage, GroupRow, TrendMonth } from '@/services/business/investmentStats';
import { depthTree, type TreeNode } from '@/components/StatTable';

/** A group row as the table shows it: a tree through `children`, keyed by its place in the answer. */
export type GroupNode = TreeNode<GroupRow>;

const rateText = (v: string | null) => formatRate(v);

/** 万元 for a chart's tooltip, as in the tables. */
export const money = (v: string | null | undefined) => formatMoney(v);

const count = <T,>(title: string, dataIndex: string): ProColumns<T> => ({ title, dataIndex, align: 'right', width: 100 });

export function useGroupColumns(first: string, monthsLabel: string): ProColumns<GroupNode>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.statistics.column.${id}` }, values);
    return [
      { title: first, dataIndex: 'name', key: 'name', width: 200, fixed: 'left' },
      count<GroupNode>(t('projects'), 'projects'),
      moneyColumn<GroupNode>(t('totalInvestment'), 'totalInvestment', { width: 140 }),
      moneyColumn<GroupNode>(t('yearPlanInvestment'), 'yearPlanInvestment', { width: 140 }),
      moneyColumn<GroupNode>(t('ytdInvestment', { months: monthsLabel }), 'ytdInvestment', { width: 140 }),
      rateColumn<GroupNode>(t('ytdPlanRate'), 'ytdPlanRate'),
      count<GroupNode>(t('started'), 'started'),
      count<GroupNode>(t('plannedStarts'), 'plannedStarts'),
      rateColumn<GroupNode>(t('startRate'), 'startRate'),
      count<GroupNode>(t('finished'), 'finished'),
      count<GroupNode>(t('plannedFinishes'), 'plannedFinishes'),
      rateColumn<GroupNode>(t('finishRate'), 'finishRate'),
      count<GroupNode>(t('overYiProjects'), 'overYiProjects'),
      count<GroupNode>(t('openIssues'), 'openIssues'),
    ];
  }, [intl, first, monthsLabel]);
}

export function useTrendColumns(year: number, lastYear: number): ProColumns<TrendMonth>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.statistics.trend.${id}` }, values);
    const y = String(year);
    const ly = String(lastYear);
    return [
      { title: t('month'), dataIndex: 'month', width: 80, render: (_, r) => t('monthName', { month: String(r.month) }) },
      moneyColumn<TrendMonth>(t('thisMonth', { year: y }), 'thisMonth'),
      moneyColumn<TrendMonth>(t('thisCumulative', { year: y }), 'thisCumulative'),
      moneyColumn<TrendMonth>(t('lastMonth', { year: ly }), 'lastMonth'),
      moneyColumn<TrendMonth>(t('lastCumulative', { year: ly }), 'lastCumulative'),
      // after month N there is no figure this year: an empty cell, not "—" (nothing is missing)
      rateColumn<TrendMonth>(t('yoy'), 'yoy', { render: (_, r) => (r.thisMonth === null ? '' : rateText(r.yoy)) }),
    ];
  }, [intl, year, lastYear]);
}

export function useFunnelColumns(): ProColumns<FunnelStage>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id: `pages.investment.statistics.funnel.${id}` });
    return [
      { title: t('stage'), dataIndex: 'name', width: 100 },
      count<FunnelStage>(t('reached'), 'reached'),
      moneyColumn<FunnelStage>(t('reachedInvestment'), 'reachedInvestment', { width: 160 }),
      count<FunnelStage>(t('current'), 'current'),
      moneyColumn<FunnelStage>(t('currentInvestment'), 'currentInvestment', { width: 160 }),
      rateColumn<FunnelStage>(t('conversion'), 'conversion', { render: (_, r, i) => (i === 0 ? '' : rateText(r.conversion)) }),
    ];
  }, [intl]);
}


/** The flat rows of the answer as a tree, and the total apart (StatTable's `depthTree`). */
export const treeOf = (rows: GroupRow[]) => depthTree<GroupRow>(rows);
