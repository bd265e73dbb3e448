//! ProTable columns for figures, so that every list and statistics table aligns and colours them
//! alike: right-aligned, "—" when empty, a gap red when behind schedule and green when ahead.
import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import React from 'react';
import { formatMoney, formatPoints, formatRate, trendOf } from './format';

type Index = string | string[];

/** The value at `dataIndex` (a path for nested fields). */
export function valueAt(row: unknown, dataIndex: Index): unknown {
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), row);
}

/** A points figure coloured by what it means: behind (red), ahead (green). */
export const GapText: React.FC<{ value: unknown }> = ({ value }) => {
  const trend = trendOf(value);
  const type = trend === 'behind' ? 'danger' : trend === 'ahead' ? 'success' : undefined;
  return (
    <Typography.Text type={type} data-trend={trend}>
      {formatPoints(value)}
    </Typography.Text>
  );
};

function figureColumn<T>(title: React.ReactNode, dataIndex: Index, show: (value: unknown) => React.ReactNode, extra?: Partial<ProColumns<T>>): ProColumns<T> {
  return {
    title,
    dataIndex,
    align: 'right',
    search: false,
    width: 120,
    render: (_, row) => show(valueAt(row, dataIndex)),
    ...extra,
  };
}

/** An amount in 万元 (say so in the title or the table's unit line). */
export const moneyColumn = <T,>(title: React.ReactNode, dataIndex: Index, extra?: Partial<ProColumns<T>>) =>
  figureColumn<T>(title, dataIndex, formatMoney, extra);

/** A percentage (completion, year on year, share). */
export const rateColumn = <T,>(title: React.ReactNode, dataIndex: Index, extra?: Partial<ProColumns<T>>) =>
  figureColumn<T>(title, dataIndex, formatRate, extra);

/** A gap in percentage points (超/落后): red behind, green ahead. */
export const gapColumn = <T,>(title: React.ReactNode, dataIndex: Index, extra?: Partial<ProColumns<T>>) =>
  figureColumn<T>(title, dataIndex, (v) => <GapText value={v} />, extra);
