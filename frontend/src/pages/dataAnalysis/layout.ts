//! Where the widgets stand on the 1920×1080 canvas: three columns (产值 on the left, the projects in the
//! middle, investment on the right), each a stack of rows of one or two panels. A widget the zone has not
//! made public is left out and the others close up: its row goes when it was alone, its column when it
//! was the last, and what is left shares the room. Sizes are worked out here, not measured, because the
//! canvas never changes size (it is scaled as a whole): the scrolling tables need their row height in px.
import type { ScreenWidget } from '@/services/business/dataAnalysis';

/** The design canvas, scaled to the window as a whole. */
export const CANVAS = { width: 1920, height: 1080 } as const;
/** Heights on the canvas: title bar, KPI row (with the gap under it), bottom margin; gaps between panels. */
export const HEADER_H = 88;
export const KPI_H = 116;
export const KPI_GAP = 16;
export const BOTTOM = 20;
export const GAP = 16;
/** A panel's title bar and the padding around its content. */
export const PANEL_TITLE_H = 36;
export const PANEL_PAD_V = 14;
/** The least row height of a scrolling table; a panel with more room gets taller rows (and larger text). */
const ROW_MIN = 26;
/** A table's header row is never taller than this, however tall its rows. */
const HEADER_MAX = 40;
/** The text of a scrolling table grows with its rows, between these. */
const FONT_MIN = 14;
const FONT_MAX = 18;

export type PanelWidget = Exclude<ScreenWidget, 'kpi'>;

interface ColumnPlan {
  weight: number;
  rows: PanelWidget[][];
}

/** Every panel in its place when all are public. */
export const PLAN: ColumnPlan[] = [
  { weight: 1, rows: [['outputTrend'], ['enterpriseRanking'], ['parkCompletion']] },
  { weight: 1.36, rows: [['projectStatus', 'industryInvestment'], ['keyProjects'], ['issues']] },
  { weight: 1, rows: [['parkInvestment'], ['typeInvestment'], ['latestSigned']] },
];

export interface PlacedColumn {
  weight: number;
  rows: PanelWidget[][];
}

/** The plan with only the public widgets, closed up. */
export function arrange(isPublic: (w: PanelWidget) => boolean): PlacedColumn[] {
  return PLAN.map((c) => ({ weight: c.weight, rows: c.rows.map((r) => r.filter(isPublic)).filter((r) => r.length > 0) })).filter(
    (c) => c.rows.length > 0,
  );
}

/** The height of the panels' area: the canvas less the title bar, the KPI row when shown, the margin. */
export const bodyHeight = (withKpi: boolean) => CANVAS.height - HEADER_H - (withKpi ? KPI_H + KPI_GAP : 0) - BOTTOM;

/** The height of each panel of a column of `rows` rows. */
export const panelHeight = (body: number, rows: number) => (body - GAP * (rows - 1)) / rows;

/**
 * The header and row heights of a scrolling table of `visible` rows in a panel of this height: the rows
 * share the panel's height under a header of at most 40 px, as DataV's scroll board shares its box, so
 * that a table alone in a tall column fills it rather than leaving its lower half empty.
 */
export function tableSize(panel: number, visible: number): { headerHeight: number; rowHeight: number } {
  const room = panel - PANEL_TITLE_H - PANEL_PAD_V;
  const headerHeight = Math.max(ROW_MIN, Math.min(HEADER_MAX, Math.floor(room / (visible + 1))));
  return { headerHeight, rowHeight: Math.max(ROW_MIN, Math.floor((room - headerHeight) / visible)) };
}

/** The text size of a scrolling table with rows this tall. */
export const tableFontSize = (rowHeight: number) => Math.max(FONT_MIN, Math.min(FONT_MAX, Math.floor(rowHeight * 0.42)));
