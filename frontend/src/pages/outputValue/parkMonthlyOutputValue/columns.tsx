//! The columns of 园区月度产值: the matrix (园区 | 年度目标 | twelve months, each month in the view
//! shown — 万元 for the month and the months to date, % for growth and completion, 家 for the
//! enterprises whose report of the month counts (企业汇总 only), "—" without a figure), its rows as a
//! tree, and the list of official figures typed in. Figures go through components/Figures; the server
//! computes and counts, the screen formats.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { useMemo } from 'react';
import type { CrudColumn } from '@/components/Crud';
import { formatMoney, moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import { type MatrixCell, type MatrixRow, type Measure, MEASURES, type ParkOfficialRecord } from '@/services/business/parkOutput';
import { depthTree, type TreeNode } from '@/components/StatTable';

export const MESSAGES = 'pages.output.park';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/** A row of the matrix tree. */
export type MatrixNode = TreeNode<MatrixRow>;

/** The flat rows of the answer as a tree, and the total apart (StatTable's `depthTree`). */
export const treeOf = (rows: MatrixRow[]) => depthTree<MatrixRow>(rows);

/** 已报企业数: the enterprises whose approved report counts in the month — the screen's view beside the
 * measures, of 企业汇总 only, and not one the export writes. */
export const REPORTED = 'reported';

/** What the cells show: one of the measures, or the enterprises reported. */
export type MatrixView = Measure | typeof REPORTED;

export const VIEWS: MatrixView[] = [...MEASURES, REPORTED];

/** Whether the view is a measure the export can write. */
export const isMeasure = (view: MatrixView): view is Measure => view !== REPORTED;

/** The field of a cell each view shows. */
const FIELD: Record<MatrixView, keyof MatrixCell> = {
  month: 'value',
  cumulative: 'cumulative',
  yoy: 'yoy',
  completion: 'completion',
  reported: 'reported',
};

export const isRate = (view: MatrixView) => view === 'yoy' || view === 'completion';

/** A count of enterprises, "—" where there is none (the months not closed yet). */
const formatCount = (value: unknown) => (typeof value === 'number' ? formatMoney(value, 0) : NONE);

/** The header of month `m`: the month alone (`N月`, February `1–2月` when January is reported with it)
 * for the month's value and its count, else the months to date (`1月`, `1–N月`) — as the export heads
 * them. */
export function useMonthHeader(view: MatrixView, januaryMerged: boolean) {
  const t = useT();
  const monthLabel = useMonthLabel(januaryMerged);
  const plainMonth = useMonthLabel();
  return (m: number) => {
    if (view === 'month' || view === REPORTED) return monthLabel(m);
    return m === 1 ? plainMonth(1) : t('column.toDate', { month: m });
  };
}

/**
 * 园区 | 年度目标 | 1月 … 12月. The months keep their keys (`m1` … `m12`, as the export names them)
 * whatever the view, so that columns hidden in the settings stay hidden when it changes.
 */
export function useMatrixColumns(view: MatrixView, januaryMerged: boolean): ProColumns<MatrixNode>[] {
  const t = useT();
  const header = useMonthHeader(view, januaryMerged);
  return useMemo(() => {
    const figure = isRate(view) ? rateColumn<MatrixNode> : moneyColumn<MatrixNode>;
    const months = Array.from({ length: 12 }, (_, i): ProColumns<MatrixNode> => {
      const dataIndex = ['cells', String(i), FIELD[view]];
      const key = `m${i + 1}`;
      if (view !== REPORTED) return figure(header(i + 1), dataIndex, { key, width: 100 });
      const render = (_: unknown, row: MatrixNode) => formatCount(row.cells?.[i]?.reported);
      return { title: header(i + 1), dataIndex, key, width: 100, align: 'right', search: false, render };
    });
    return [
      { title: t('column.dept'), dataIndex: 'deptName', key: 'dept', width: 180, fixed: 'left', ellipsis: true },
      moneyColumn<MatrixNode>(t('column.annualTarget'), 'annualTarget', { key: 'annualTarget', width: 130 }),
      ...months,
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, view, januaryMerged]);
}

/** The figures typed in: the months to date, the department, the source, the value and who changed it last. */
export function useOfficialColumns(): CrudColumn<ParkOfficialRecord>[] {
  const t = useT();
  const header = useMonthHeader('cumulative', false);
  return useMemo(
    () => [
      { title: t('official.period'), dataIndex: 'periodMonth', width: 90, search: false, render: (_, row) => header(row.periodMonth) },
      { title: t('official.dept'), dataIndex: 'deptName', width: 160, ellipsis: true, search: false },
      { title: t('official.source'), dataIndex: 'dataSource', width: 100, search: false, render: (_, row) => t(`source.${row.dataSource}`) },
      moneyColumn<ParkOfficialRecord>(t('official.value'), 'indicatorValue', { width: 140 }),
      { title: t('official.remark'), dataIndex: 'remark', ellipsis: true, search: false, render: (_, row) => row.remark || NONE },
      { title: t('official.updateTime'), dataIndex: 'updateTime', width: 160, search: false, render: (_, row) => row.updateTime || row.createTime || NONE },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
}
