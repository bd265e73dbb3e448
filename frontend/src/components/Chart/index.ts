//! The one chart wrapper of the SPA; ECharts itself loads with the first chart drawn.
export { default as Chart } from './Chart';
export type { ChartProps } from './Chart';
