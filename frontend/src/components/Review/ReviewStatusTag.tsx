//! A filing's `report_status` as a coloured tag, and the list column that shows and filters by it. In
//! Chinese the label is the tenant's `report_status` dictionary (a zone may word its statuses its own
//! way; the locale's names where it lacks a key); in another language it is the locale's: the four
//! statuses are the platform's workflow, and the dictionary's words are Chinese.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React, { useCallback } from 'react';
import { useDict } from '@/components/Crud';
import { NONE } from '@/components/Figures';

export const REPORT_STATUS_DICT = 'report_status';
const CODES = ['0', '1', '2', '3'];

/** 草稿 grey, 待审核 blue, 已通过 green, 已退回 red (the filler has something to fix). */
const COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' };

/** The label of a `report_status` key. */
export function useReviewStatusLabel(): (code: unknown) => string {
  const intl = useIntl();
  const { options } = useDict(REPORT_STATUS_DICT);
  return useCallback(
    (code: unknown) => {
      const key = code === null || code === undefined ? '' : String(code);
      const fromDict = intl.locale.startsWith('zh') ? options.find((o) => o.value === key)?.label : undefined;
      if (fromDict) return fromDict;
      const id = `component.review.status.${key}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : key || NONE;
    },
    [options, intl],
  );
}

export const ReviewStatusTag: React.FC<{ value: unknown }> = ({ value }) => {
  const label = useReviewStatusLabel();
  if (value === null || value === undefined || value === '') return <>{NONE}</>;
  return <Tag color={COLORS[String(value)] ?? 'default'}>{label(value)}</Tag>;
};

/** A `reportStatus` column: the tag in the cells, a select of the four statuses in the search form. */
export function reviewStatusColumn<T>(intl: ReturnType<typeof useIntl>, title: React.ReactNode, dataIndex = 'reportStatus'): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType: 'select',
    valueEnum: Object.fromEntries(CODES.map((c) => [c, { text: intl.formatMessage({ id: `component.review.status.${c}` }) }])),
    width: 100,
    render: (_, row) => <ReviewStatusTag value={(row as Record<string, unknown>)[dataIndex]} />,
  };
}
