//! One panel per kind of view, each a chart above its table (the tables have up to fourteen columns: side
//! by side with a chart they would scroll at 1440 px): a group view (the departments' tree with
//! subtotals, the industries, the leading industries, the total as the summary row), the enterprises
//! ranked or falling (the total of all of them as the summary row), and the twelve months against last
//! year. The charts draw what the server sent; figures as numbers only for the plot.
import { ProTable } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import React, { useMemo } from 'react';
import { Chart } from '@/components/Chart';
import { formatMoney, formatRate } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import { StatTable } from '@/components/StatTable';
import type {
  OutputGroupStats,
  OutputRankStats,
  OutputStatsQuery,
  OutputTrendMonth,
  OutputTrendStats,
  RankSort,
} from '@/services/business/outputStats';
import { type GroupNode, type RankLine, treeOf, useGroupColumns, useMonthsLabel, useRankColumns, useT, useTrendColumns } from '../columns';

/** A decimal string as a chart value; `null` leaves a gap. */
const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

const Beside: React.FC<{ chart: React.ReactNode; table: React.ReactNode }> = ({ chart, table }) => (
  <Row gutter={[16, 16]}>
    <Col span={24}>{chart}</Col>
    <Col span={24}>{table}</Col>
  </Row>
);

/** The legend above the plot, clear of the axis labels below it. */
const LEGEND_ON_TOP = { top: 0, type: 'scroll' } as const;
const GRID = { left: 8, right: 8, top: 48, bottom: 8, containLabel: true } as const;
/** The most bars a ranking's chart draws: more would not read (the table has them all). */
export const CHART_BARS = 20;

/**
 * The groups a chart compares: for the departments, the parks under the committee (the one root's
 * children, or the roots when there are several) and the figures of no department (其他); for the
 * industries, every group and 未填. Never the total.
 */
export function chartGroups(stats: OutputGroupStats, tree: GroupNode[]): GroupNode[] {
  if (stats.view !== 'dept') return tree.filter((r) => r.kind !== 'total');
  const roots = tree.filter((r) => r.kind === 'dept');
  const top = roots.length === 1 && roots[0].children?.length ? roots[0].children : roots;
  return [...top, ...tree.filter((r) => r.kind === 'unplaced')];
}

export const GroupPanel: React.FC<{ stats: OutputGroupStats; query: OutputStatsQuery; loading: boolean }> = ({ stats, query, loading }) => {
  const t = useT();
  const months = useMonthsLabel(stats.period);
  const columns = useGroupColumns(stats.view, months);
  const { tree, total } = useMemo(() => treeOf(stats.rows), [stats]);
  const option = useMemo(() => {
    const groups = chartGroups(stats, tree);
    if (stats.view === 'leadingIndustry') {
      // a share of the whole: a pie reads it at once (a leading industry is one of a few chains);
      // a group that fell to nothing or below has no slice
      return {
        tooltip: { trigger: 'item', valueFormatter: (v: number) => `${formatMoney(v)} ${t('chart.unit')}` },
        legend: { ...LEGEND_ON_TOP },
        series: [
          {
            name: t('chart.ytd', { months }),
            type: 'pie',
            radius: ['30%', '65%'],
            top: 32,
            label: { formatter: '{b}: {d}%' },
            data: groups.filter((r) => (num(r.ytdOutput) ?? 0) > 0).map((r) => ({ name: r.name, value: num(r.ytdOutput) })),
          },
        ],
      };
    }
    // this year's 1–N月 against last year's, with the growth on its own axis; the industries' long
    // names read along a horizontal bar, the parks' short ones under a column
    const horizontal = stats.view === 'industry';
    const names = groups.map((r) => r.name);
    const category = horizontal
      ? { type: 'category', data: names, inverse: true }
      : { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 } };
    const value = { type: 'value', name: t('chart.unit') };
    const series = [
      { name: t('chart.ytd', { months }), type: 'bar', data: groups.map((r) => num(r.ytdOutput)) },
      { name: t('chart.lastYtd'), type: 'bar', data: groups.map((r) => num(r.lastYtdOutput)) },
    ];
    if (horizontal) {
      return {
        tooltip: { trigger: 'axis' },
        legend: { ...LEGEND_ON_TOP, data: series.map((s) => s.name) },
        grid: GRID,
        xAxis: value,
        yAxis: category,
        series,
      };
    }
    return {
      tooltip: { trigger: 'axis' },
      legend: { ...LEGEND_ON_TOP, data: [...series.map((s) => s.name), t('chart.yoy')] },
      grid: GRID,
      xAxis: category,
      yAxis: [value, { type: 'value', name: '%', splitLine: { show: false } }],
      series: [...series, { name: t('chart.yoy'), type: 'line', yAxisIndex: 1, data: groups.map((r) => num(r.yoy)) }],
    };
  }, [stats, tree, t, months]);
  // the industry chart grows with its groups, a bar each
  const height = stats.view === 'industry' ? Math.min(Math.max(300, 28 * chartGroups(stats, tree).length + 80), 720) : 320;
  return (
    <Beside
      chart={<Chart option={option} height={height} />}
      table={<StatTable<GroupNode, OutputStatsQuery> rowKey="rowId" columns={columns} rows={tree} total={total} loading={loading} query={query} />}
    />
  );
};

/** What the ranking's chart measures: the figure it is sorted by; the decliners by their fall. */
const MEASURE: Record<RankSort | 'decline', { field: 'ytdOutput' | 'yoy' | 'contribution'; unit: 'unit' | 'percent' | 'points' }> = {
  output: { field: 'ytdOutput', unit: 'unit' },
  growth: { field: 'yoy', unit: 'percent' },
  contribution: { field: 'contribution', unit: 'points' },
  decline: { field: 'yoy', unit: 'percent' },
};

export const RankPanel: React.FC<{ stats: OutputRankStats; query: OutputStatsQuery; loading: boolean }> = ({ stats, query, loading }) => {
  const t = useT();
  const months = useMonthsLabel(stats.period);
  const columns = useRankColumns(stats.view, months);
  const rows = stats.rows as RankLine[];
  const bars = useMemo(() => stats.rows.slice(0, CHART_BARS), [stats]);
  const option = useMemo(() => {
    const measure = MEASURE[stats.view === 'decliners' ? 'decline' : (stats.sort ?? 'output')];
    const name = measure.field === 'ytdOutput' ? t('chart.ytd', { months }) : t(`column.${measure.field}`);
    return {
      tooltip: { trigger: 'axis' },
      legend: { ...LEGEND_ON_TOP, data: [name] },
      grid: GRID,
      xAxis: { type: 'value', name: t(`chart.${measure.unit}`) },
      // rank 1 at the top
      yAxis: { type: 'category', inverse: true, data: bars.map((r) => r.enterpriseName), axisLabel: { width: 200, overflow: 'truncate' } },
      series: [{ name, type: 'bar', data: bars.map((r) => num(r[measure.field])) }],
    };
  }, [stats, bars, t, months]);
  return (
    <Beside
      chart={<Chart option={option} height={Math.min(Math.max(240, 26 * bars.length + 80), 640)} />}
      table={
        <StatTable<RankLine, OutputStatsQuery>
          rowKey="enterpriseId"
          columns={columns}
          rows={rows}
          total={stats.total}
          loading={loading}
          query={query}
          isSubtotal={() => false}
        />
      }
    />
  );
};

export const TrendPanel: React.FC<{ stats: OutputTrendStats; loading: boolean }> = ({ stats, loading }) => {
  const t = useT();
  const columns = useTrendColumns(stats.year, stats.lastYear, stats.januaryMerged);
  const monthLabel = useMonthLabel(stats.januaryMerged);
  const option = useMemo(() => {
    const y = String(stats.year);
    const ly = String(stats.lastYear);
    // the months as bars, the cumulative sums as lines on their own axis (a year's sum dwarfs a month)
    const series = [
      { name: t('trend.thisMonth', { year: y }), type: 'bar', data: stats.months.map((m) => num(m.thisMonth)) },
      { name: t('trend.lastMonth', { year: ly }), type: 'bar', data: stats.months.map((m) => num(m.lastMonth)) },
      { name: t('trend.thisCumulative', { year: y }), type: 'line', yAxisIndex: 1, data: stats.months.map((m) => num(m.thisCumulative)) },
      { name: t('trend.lastCumulative', { year: ly }), type: 'line', yAxisIndex: 1, data: stats.months.map((m) => num(m.lastCumulative)) },
    ];
    return {
      tooltip: { trigger: 'axis' },
      legend: { ...LEGEND_ON_TOP, data: series.map((s) => s.name) },
      grid: GRID,
      xAxis: { type: 'category', data: stats.months.map((m) => monthLabel(m.month)) },
      yAxis: [
        { type: 'value', name: t('chart.monthUnit') },
        { type: 'value', name: t('chart.cumulativeUnit'), splitLine: { show: false } },
      ],
      series,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stats, t]);
  return (
    <Beside
      chart={<Chart option={option} height={320} />}
      table={
        <ProTable<OutputTrendMonth>
          rowKey="month"
          size="small"
          columns={columns}
          dataSource={stats.months}
          loading={loading}
          search={false}
          pagination={false}
          options={false}
          scroll={{ x: 'max-content' }}
          headerTitle={t('trend.summary', { ytd: formatMoney(stats.ytdOutput), last: formatMoney(stats.lastYtdOutput), yoy: formatRate(stats.yoy) })}
        />
      }
    />
  );
};
