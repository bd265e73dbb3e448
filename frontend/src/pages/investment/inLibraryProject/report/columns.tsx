//! The fixed columns of the dispatch sheet (domain-model §2.2.5c), as the paper has them. A group's
//! title spans the whole row; a subtotal names its group; figures are right-aligned, "—" where the
//! server gives none (a month without its approved report, a rate without a base).
import { useIntl } from '@umijs/max';
import type { ColumnsType } from 'antd/es/table';
import React from 'react';
import { formatMoney, formatRate } from '@/components/Figures';
import type { SheetRow } from '@/services/business/dispatchSheet';

export type KeyedRow = SheetRow & { key: string };

/** The text of a group's title row: `一、东区`, `（一）东区一街道`. */
export const groupTitle = (r: SheetRow) => (r.depth === 0 && r.no ? `${r.no}、${r.name}` : `${r.no}${r.name}`);

/** `month`: the sheet's month N, whose months to date (1–N) head the year-to-date column. */
export function useSheetColumns(month: number): ColumnsType<KeyedRow> {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.sheet.column.${id}` }, values);
  const s = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.sheet.${id}` }, values);
  const monthsLabel = month === 1 ? s('monthsToDate.one') : s('monthsToDate', { month: String(month) });

  const text = (key: keyof SheetRow, width: number) => ({
    title: t(key as string),
    dataIndex: key as string,
    key: key as string,
    width,
  });
  const money = (key: keyof SheetRow, title: string) => ({
    title,
    dataIndex: key as string,
    key: key as string,
    width: 110,
    align: 'right' as const,
    render: (v: string | null) => formatMoney(v),
  });
  const rate = (key: keyof SheetRow) => ({
    title: t(key as string),
    dataIndex: key as string,
    key: key as string,
    width: 90,
    align: 'right' as const,
    render: (v: string | null) => formatRate(v),
  });

  const columns: ColumnsType<KeyedRow> = [
    {
      title: t('no'),
      dataIndex: 'no',
      key: 'no',
      width: 56,
      align: 'center',
      render: (v: string, r) => (r.kind === 'group' ? <strong>{groupTitle(r)}</strong> : v),
    },
    {
      title: t('name'),
      dataIndex: 'name',
      key: 'name',
      width: 200,
      render: (v: string, r) => {
        if (r.kind === 'subtotal') return s('subtotal', { name: r.groupName });
        if (r.kind === 'total') return s('total');
        return v;
      },
    },
    text('unitName', 160),
    text('constructionContent', 220),
    text('constructionYears', 96),
    money('totalInvestment', t('totalInvestment')),
    money('yearPlanInvestment', t('yearPlanInvestment')),
    money('monthInvestment', t('monthInvestment')),
    money('ytdInvestment', t('ytdInvestment', { months: monthsLabel })),
    rate('ytdPlanRate'),
    money('cumulativeInvestment', t('cumulativeInvestment')),
    rate('totalRate'),
    text('progressDesc', 220),
    text('issues', 200),
    text('responsibleLeader', 90),
    text('responsibleDeptName', 120),
    text('projectStatusName', 80),
  ];
  // A group's title is one cell across the row, as printed.
  return columns.map((c, i) => ({
    ...c,
    onCell: (r: KeyedRow) => (r.kind === 'group' ? { colSpan: i === 0 ? columns.length : 0, style: { textAlign: 'left' as const } } : {}),
  }));
}
