//! One panel per kind of view, each a chart above its table (the tables have up to eleven columns: side
//! by side with a chart they would scroll at 1440 px): a dimension's groups (investment done
//! against plan per group; the tree with subtotals and the total), the trend (this year's and last
//! year's months and cumulative sums) and the funnel (projects that reached each stage).
import { ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Col, Row } from 'antd';
import React, { useMemo } from 'react';
import { Chart } from '@/components/Chart';
import { formatMoney, formatRate } from '@/components/Figures';
import { StatTable } from '@/components/StatTable';
import type { DimensionStats, FunnelStage, FunnelStats, StatsQuery, TrendMonth, TrendStats } from '@/services/business/investmentStats';
import { type GroupNode, useFunnelColumns, useGroupColumns, useTrendColumns } from '../columns';

/** A decimal string as a chart value; `null` leaves a gap. */
const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The months-to-date label of a period: `1–6月`, `1月`. */
export function useMonthsLabel(period: string): string {
  const intl = useIntl();
  const month = Number(period.slice(5));
  return intl.formatMessage({ id: month === 1 ? 'pages.investment.statistics.january' : 'pages.investment.statistics.toDate' }, { month: String(month) });
}

const Beside: React.FC<{ chart: React.ReactNode; table: React.ReactNode }> = ({ chart, table }) => (
  <Row gutter={[16, 16]}>
    <Col span={24}>{chart}</Col>
    <Col span={24}>{table}</Col>
  </Row>
);

/** The legend above the plot, clear of the axis labels below it. */
const LEGEND_ON_TOP = { top: 0, type: 'scroll' } as const;
const GRID = { left: 8, right: 8, top: 48, bottom: 8, containLabel: true } as const;

export const DimensionPanel: React.FC<{ stats: DimensionStats; tree: GroupNode[]; total?: GroupNode; query: StatsQuery; loading: boolean }> = ({
  stats,
  tree,
  total,
  query,
  loading,
}) => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `pages.investment.statistics.chart.${id}` });
  const columns = useGroupColumns(intl.formatMessage({ id: `pages.investment.statistics.group.${stats.by}` }), useMonthsLabel(stats.period));
  // the chart compares the groups at the top level (the parks under the committee, each field value)
  const bars = useMemo(() => {
    const top = tree.length === 1 && tree[0].children?.length ? tree[0].children : tree;
    return top.filter((r) => r.kind !== 'total');
  }, [tree]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { ...LEGEND_ON_TOP, data: [t('ytd'), t('plan')] },
      grid: GRID,
      xAxis: { type: 'category', data: bars.map((r) => r.name), axisLabel: { interval: 0, rotate: bars.length > 4 ? 30 : 0 } },
      yAxis: { type: 'value', name: t('unit') },
      series: [
        { name: t('ytd'), type: 'bar', data: bars.map((r) => num(r.ytdInvestment)) },
        { name: t('plan'), type: 'bar', data: bars.map((r) => num(r.yearPlanInvestment)) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bars, intl],
  );
  return (
    <Beside
      chart={<Chart option={option} height={300} />}
      table={<StatTable<GroupNode, StatsQuery> rowKey="rowId" columns={columns} rows={tree} total={total} loading={loading} query={query} />}
    />
  );
};

export const TrendPanel: React.FC<{ stats: TrendStats; loading: boolean }> = ({ stats, loading }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.statistics.trend.${id}` }, values);
  const columns = useTrendColumns(stats.year, stats.lastYear);
  const option = useMemo(() => {
    const y = String(stats.year);
    const ly = String(stats.lastYear);
    const series = [
      { name: t('thisMonth', { year: y }), type: 'bar', data: stats.months.map((m) => num(m.thisMonth)) },
      { name: t('lastMonth', { year: ly }), type: 'bar', data: stats.months.map((m) => num(m.lastMonth)) },
      { name: t('thisCumulative', { year: y }), type: 'line', data: stats.months.map((m) => num(m.thisCumulative)) },
      { name: t('lastCumulative', { year: ly }), type: 'line', data: stats.months.map((m) => num(m.lastCumulative)) },
    ];
    return {
      tooltip: { trigger: 'axis' },
      legend: { ...LEGEND_ON_TOP, data: series.map((s) => s.name) },
      grid: GRID,
      xAxis: { type: 'category', data: stats.months.map((m) => t('monthName', { month: String(m.month) })) },
      yAxis: { type: 'value', name: intl.formatMessage({ id: 'pages.investment.statistics.chart.unit' }) },
      series,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stats, intl]);
  return (
    <Beside
      chart={<Chart option={option} height={300} />}
      table={
        <ProTable<TrendMonth>
          rowKey="month"
          size="small"
          columns={columns}
          dataSource={stats.months}
          loading={loading}
          search={false}
          pagination={false}
          options={false}
          headerTitle={t('summary', { ytd: formatMoney(stats.ytdInvestment), last: formatMoney(stats.lastYtdInvestment), yoy: formatRate(stats.yoy) })}
        />
      }
    />
  );
};

export const FunnelPanel: React.FC<{ stats: FunnelStats; loading: boolean }> = ({ stats, loading }) => {
  const intl = useIntl();
  const columns = useFunnelColumns();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          left: '10%',
          width: '80%',
          label: { show: true, position: 'inside' },
          data: stats.stages.map((s) => ({ name: s.name, value: s.reached })),
        },
      ],
    }),
    [stats],
  );
  return (
    <Beside
      chart={<Chart option={option} height={300} />}
      table={
        <ProTable<FunnelStage>
          rowKey="status"
          size="small"
          columns={columns}
          dataSource={stats.stages}
          loading={loading}
          search={false}
          pagination={false}
          options={false}
          headerTitle={intl.formatMessage({ id: 'pages.investment.statistics.funnel.note' })}
        />
      }
    />
  );
};
