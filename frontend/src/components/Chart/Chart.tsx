//! One chart (ECharts), loaded on demand: a placeholder while the ECharts chunk arrives, then the
//! chart, redrawn when the option changes and resized with its box. The page passes a whole option;
//! this wrapper knows nothing about the figures.
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useIntl } from '@umijs/max';
import { Skeleton, Typography } from 'antd';
import React, { useEffect, useRef, useState } from 'react';

export interface ChartProps {
  option: EChartsCoreOption;
  /** the box's height; the width follows the container */
  height?: number | string;
  style?: React.CSSProperties;
  className?: string;
  /** ECharts' built-in `dark` theme, for a dark page (the big screen); set when the chart is made */
  theme?: 'dark';
}

/** The ECharts chunk, fetched once for every chart on the screen. */
let echarts: Promise<typeof import('./echarts')> | undefined;
const loadECharts = () => {
  echarts ??= import(/* webpackChunkName: "echarts" */ './echarts').catch((e) => {
    // a failed fetch may succeed on the next chart (the network came back)
    echarts = undefined;
    throw e;
  });
  return echarts;
};

const Chart: React.FC<ChartProps> = ({ option, height = 320, style, className, theme }) => {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | undefined;
    loadECharts()
      .then(({ init }) => {
        if (!alive || !box.current) return;
        chart.current = theme ? init(box.current, theme) : init(box.current);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setState('ready');
      })
      .catch(() => {
        if (alive) setState('failed');
      });
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    // not merged into the last option: a series the page dropped must go
    if (state === 'ready') chart.current?.setOption(option, true);
  }, [state, option]);

  return (
    <div className={className} style={{ position: 'relative', height, ...style }}>
      <div ref={box} data-testid="chart" style={{ width: '100%', height: '100%' }} />
      {state === 'loading' ? (
        <div data-testid="chart-placeholder" style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      ) : null}
      {state === 'failed' ? (
        <Typography.Text type="secondary" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {intl.formatMessage({ id: 'component.chart.failed' })}
        </Typography.Text>
      ) : null}
    </div>
  );
};

export default Chart;
