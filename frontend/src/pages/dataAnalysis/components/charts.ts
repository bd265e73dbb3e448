//! The ECharts options of the screen's five charts, drawn on ECharts' dark theme: what the server sent,
//! figures as numbers only for the plot (the tooltips show them as the tables do, in 万元 and %).
import { formatMoney, formatRate } from '@/components/Figures';
import type { GroupInvestment, OutputTrendMonth, ParkInvestment, StatusCount } from '@/services/business/dataAnalysis';
import type { T } from '../useT';

/** A decimal string as a chart value; `null` leaves a gap. */
const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

export const PALETTE = ['#3fa9ff', '#3fe0c8', '#ffc53d', '#ff8a4c', '#a47cff', '#5ad8a6', '#ff6b8b', '#6dc8ec'];
const TEXT = '#9dc3ff';
const SPLIT = 'rgba(63, 160, 255, 0.12)';
const GHOST = 'rgba(140, 170, 220, 0.28)';
const vertical = (top: string, bottom: string) => ({
  type: 'linear',
  x: 0,
  y: 0,
  x2: 0,
  y2: 1,
  colorStops: [
    { offset: 0, color: top },
    { offset: 1, color: bottom },
  ],
});

const BASE = {
  backgroundColor: 'transparent',
  color: PALETTE,
  textStyle: { fontSize: 13 },
};
const LEGEND = { top: 0, right: 0, itemWidth: 14, itemHeight: 10, textStyle: { color: TEXT, fontSize: 13 } };
const GRID = { left: 4, right: 4, top: 40, bottom: 0, containLabel: true };
const moneyAxis = (t: T) => ({
  type: 'value',
  name: t('unit.wan'),
  nameTextStyle: { color: TEXT, align: 'left' },
  axisLabel: { color: TEXT },
  splitLine: { lineStyle: { color: SPLIT } },
});
const rateAxis = { type: 'value', name: '%', nameTextStyle: { color: TEXT }, axisLabel: { color: TEXT }, splitLine: { show: false } };
const category = (data: string[], extra: Record<string, unknown> = {}) => ({
  type: 'category',
  data,
  axisLabel: { color: TEXT, interval: 0, ...((extra.axisLabel as object) ?? {}) },
  axisLine: { lineStyle: { color: 'rgba(63, 160, 255, 0.4)' } },
  axisTick: { show: false },
  ...extra,
});
const money = (t: T) => (v: unknown) => `${formatMoney(v)} ${t('unit.wan')}`;
const percent = (v: unknown) => formatRate(v);

/** Whether a trend has any figure to draw (a new zone's twelve months are all zero). */
export const trendHasFigures = (months: OutputTrendMonth[]) => months.some((m) => !!num(m.thisMonth) || !!num(m.lastMonth));

/** 产值走势: this year's months as bars over last year's ghost bars, and the cumulative growth as a line. */
export function outputTrendOption(trend: { year: number; lastYear: number; months: OutputTrendMonth[] }, t: T) {
  const thisYear = t('chart.year', { year: trend.year });
  const lastYear = t('chart.year', { year: trend.lastYear });
  const yoy = t('chart.cumulativeYoy');
  return {
    ...BASE,
    tooltip: { trigger: 'axis' },
    legend: { ...LEGEND, data: [thisYear, lastYear, yoy] },
    grid: GRID,
    xAxis: category(trend.months.map((m) => t('chart.month', { month: m.month }))),
    yAxis: [moneyAxis(t), rateAxis],
    series: [
      // drawn first and behind: last year's month shows round this year's bar
      { name: lastYear, type: 'bar', barWidth: '56%', barMaxWidth: 36, barGap: '-100%', z: 1, itemStyle: { color: GHOST }, tooltip: { valueFormatter: money(t) }, data: trend.months.map((m) => num(m.lastMonth)) },
      { name: thisYear, type: 'bar', barWidth: '56%', barMaxWidth: 36, barGap: '-100%', z: 2, itemStyle: { color: vertical('#3fd0ff', 'rgba(31, 120, 255, 0.35)') }, tooltip: { valueFormatter: money(t) }, data: trend.months.map((m) => num(m.thisMonth)) },
      { name: yoy, type: 'line', yAxisIndex: 1, smooth: true, symbolSize: 6, itemStyle: { color: '#ffc53d' }, tooltip: { valueFormatter: percent }, data: trend.months.map((m) => num(m.yoy)) },
    ],
  };
}

/** 园区投资完成: each park's investment so far in front of its plan for the year, and the share done. */
export function parkInvestmentOption(parks: ParkInvestment[], t: T) {
  const ytd = t('chart.ytd');
  const plan = t('chart.plan');
  const rate = t('chart.rate');
  const names = parks.map((p) => p.name);
  return {
    ...BASE,
    tooltip: { trigger: 'axis' },
    legend: { ...LEGEND, data: [ytd, plan, rate] },
    grid: GRID,
    xAxis: category(names, { axisLabel: { rotate: names.length > 6 ? 30 : 0, width: 90, overflow: 'truncate' } }),
    yAxis: [moneyAxis(t), rateAxis],
    series: [
      { name: plan, type: 'bar', barWidth: '50%', barMaxWidth: 48, barGap: '-100%', z: 1, itemStyle: { color: GHOST }, tooltip: { valueFormatter: money(t) }, data: parks.map((p) => num(p.plan)) },
      { name: ytd, type: 'bar', barWidth: '50%', barMaxWidth: 48, barGap: '-100%', z: 2, itemStyle: { color: vertical('#3fe0c8', 'rgba(63, 224, 200, 0.25)') }, tooltip: { valueFormatter: money(t) }, data: parks.map((p) => num(p.ytd)) },
      { name: rate, type: 'line', yAxisIndex: 1, symbolSize: 7, itemStyle: { color: '#ffc53d' }, tooltip: { valueFormatter: percent }, data: parks.map((p) => num(p.rate)) },
    ],
  };
}

/** 项目状态: the projects by status as a ring, in the order of the lifecycle, the total in its middle. */
export function projectStatusOption(statuses: StatusCount[], t: T) {
  const total = statuses.reduce((sum, s) => sum + (s.count ?? 0), 0);
  return {
    ...BASE,
    title: {
      text: total.toLocaleString('zh-CN'),
      subtext: t('chart.projects'),
      left: 'center',
      top: '40%',
      itemGap: 4,
      textStyle: { color: '#ffffff', fontSize: 26, fontWeight: 'bold' },
      subtextStyle: { color: TEXT, fontSize: 13 },
    },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number; data: { investment: string } }) =>
        `${p.name}<br/>${t('chart.count', { count: p.value })}（${p.percent}%）<br/>${money(t)(p.data.investment)}`,
    },
    series: [
      {
        type: 'pie',
        radius: ['46%', '68%'],
        center: ['50%', '50%'],
        itemStyle: { borderColor: '#061e44', borderWidth: 2 },
        label: { color: '#d8e6ff', fontSize: 13, formatter: '{b}\n{c}' },
        labelLine: { length: 8, length2: 8 },
        data: statuses.map((s) => ({ name: s.name, value: s.count, investment: s.investment })),
      },
    ],
  };
}

/** 行业投资: Σ 计划总投资 by industry as a ring. */
export function industryInvestmentOption(industries: GroupInvestment[], t: T) {
  return {
    ...BASE,
    color: [...PALETTE.slice(1), PALETTE[0]],
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number; data: { count: number } }) =>
        `${p.name}<br/>${money(t)(p.value)}（${p.percent}%）<br/>${t('chart.count', { count: p.data.count })}`,
    },
    series: [
      {
        type: 'pie',
        radius: ['30%', '66%'],
        center: ['50%', '50%'],
        roseType: 'radius',
        itemStyle: { borderColor: '#061e44', borderWidth: 2, borderRadius: 3 },
        label: { color: '#d8e6ff', fontSize: 13, formatter: '{b}\n{d}%' },
        labelLine: { length: 6, length2: 8 },
        data: industries.filter((g) => (num(g.investment) ?? 0) > 0).map((g) => ({ name: g.name, value: num(g.investment), count: g.count })),
      },
    ],
  };
}

/** 项目类型投资: Σ 计划总投资 by project type, a bar each, the largest at the top. */
export function typeInvestmentOption(types: GroupInvestment[], t: T) {
  return {
    ...BASE,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: { name: string; value: number; data: { count: number } }[]) =>
        ps.map((p) => `${p.name}<br/>${money(t)(p.value)}<br/>${t('chart.count', { count: p.data.count })}`).join(''),
    },
    grid: { ...GRID, top: 16, right: 84 },
    // each bar carries its figure: the axis' long amounts would only crowd each other (the unit is in the title bar)
    xAxis: { ...moneyAxis(t), name: '', axisLabel: { show: false } },
    yAxis: category(
      types.map((g) => g.name),
      { inverse: true, axisLabel: { width: 130, overflow: 'truncate' } },
    ),
    series: [
      {
        type: 'bar',
        barWidth: '46%',
        // one or two types would otherwise be slabs
        barMaxWidth: 28,
        itemStyle: { borderRadius: [0, 3, 3, 0], color: { ...vertical('#a47cff', '#3fa9ff'), x2: 1, y2: 0 } },
        label: { show: true, position: 'right', color: '#d8e6ff', formatter: (p: { value: number }) => formatMoney(p.value, 0) },
        data: types.map((g) => ({ value: num(g.investment), count: g.count })),
      },
    ],
  };
}
