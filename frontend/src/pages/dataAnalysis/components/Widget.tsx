//! One panel of the screen by its widget key: the chart or the scrolling table, with its title and unit.
import React, { useMemo } from 'react';
import { Chart, type ChartProps } from '@/components/Chart';
import { LOOP_WINDOW, LoopScroll } from '@/components/LoopScroll';
import type { Screen } from '@/services/business/dataAnalysis';
import { type PanelWidget, tableFontSize, tableSize } from '../layout';
import { type T, useT } from '../useT';
import { industryInvestmentOption, outputTrendOption, parkInvestmentOption, projectStatusOption, trendHasFigures, typeInvestmentOption } from './charts';
import Panel from './Panel';
import { issueColumns, issueRowClass, keyProjectColumns, parkCompletionColumns, rankingColumns, signedColumns } from './tables';

/** A chart filling its panel (the panel has a fixed size on the canvas). */
const Fill: React.FC<{ option: ChartProps['option'] }> = ({ option }) => (
  <div style={{ position: 'absolute', inset: 0 }}>
    <Chart option={option} height="100%" theme="dark" />
  </div>
);

export interface WidgetProps {
  widget: PanelWidget;
  screen: Screen;
  months: string;
  /** the height of this panel on the canvas (a scrolling table shares it among its rows) */
  height: number;
}

const unitNote = (t: T, unit: 'wan' | 'yi') => t('unitNote', { unit: t(`unit.${unit}`) });

const Widget: React.FC<WidgetProps> = ({ widget, screen, months, height }) => {
  const t = useT();
  // options change only with a new answer, so a poll that brings the same figures redraws once
  const option = useMemo(() => {
    switch (widget) {
      case 'outputTrend':
        return screen.outputTrend ? outputTrendOption(screen.outputTrend, t) : undefined;
      case 'parkInvestment':
        return parkInvestmentOption(screen.parkInvestment ?? [], t);
      case 'projectStatus':
        return projectStatusOption(screen.projectStatus ?? [], t);
      case 'industryInvestment':
        return industryInvestmentOption(screen.industryInvestment ?? [], t);
      case 'typeInvestment':
        return typeInvestmentOption(screen.typeInvestment ?? [], t);
      default:
        return undefined;
    }
  }, [widget, screen, t]);
  const title = t(`widget.${widget}`, { months });
  const size = tableSize(height, LOOP_WINDOW);
  const table = { ...size, className: 'ds-table', style: { fontSize: tableFontSize(size.rowHeight) } };

  switch (widget) {
    case 'outputTrend':
      return (
        <Panel widget={widget} title={title} empty={!trendHasFigures(screen.outputTrend?.months ?? [])}>
          {option ? <Fill option={option} /> : null}
        </Panel>
      );
    case 'parkInvestment':
    case 'projectStatus':
    case 'industryInvestment':
    case 'typeInvestment': {
      const list = screen[widget] ?? [];
      return (
        <Panel widget={widget} title={title} extra={widget === 'typeInvestment' ? unitNote(t, 'wan') : undefined} empty={list.length === 0}>
          <Fill option={option!} />
        </Panel>
      );
    }
    case 'keyProjects':
      return (
        <Panel widget={widget} title={title} extra={unitNote(t, 'wan')}>
          <LoopScroll {...table} testId="table-keyProjects" rows={screen.keyProjects ?? []} columns={keyProjectColumns(t)} />
        </Panel>
      );
    case 'latestSigned':
      return (
        <Panel widget={widget} title={title} extra={unitNote(t, 'yi')}>
          <LoopScroll {...table} testId="table-latestSigned" rows={screen.latestSigned ?? []} columns={signedColumns(t)} />
        </Panel>
      );
    case 'issues':
      return (
        <Panel widget={widget} title={title}>
          <LoopScroll {...table} testId="table-issues" rows={screen.issues ?? []} columns={issueColumns(t)} rowClassName={issueRowClass} />
        </Panel>
      );
    case 'enterpriseRanking':
      return (
        <Panel widget={widget} title={title} extra={unitNote(t, 'wan')}>
          <LoopScroll {...table} testId="table-enterpriseRanking" rows={screen.enterpriseRanking ?? []} columns={rankingColumns(t, months)} />
        </Panel>
      );
    case 'parkCompletion':
      return (
        <Panel widget={widget} title={title} extra={unitNote(t, 'wan')}>
          <LoopScroll {...table} testId="table-parkCompletion" rows={screen.parkCompletion ?? []} columns={parkCompletionColumns(t)} />
        </Panel>
      );
    default:
      return null;
  }
};

export default Widget;
