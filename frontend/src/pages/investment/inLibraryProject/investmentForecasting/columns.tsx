//! The columns of 投资预测: the department summary (a statistics tree: target, 1–N月完成, the expected
//! year and its rate, the gap red while short and green once covered, the accuracy of last month's
//! forecasts, the trend), the projects of the month (plan, done, expected with a tag where the figure is
//! the fallback, the deviation) and the month's forecasts with their review status. Figures go through
//! components/Figures ("—" without one); amounts are 万元, said once above each table.
import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Space, Tag, Tooltip, Typography } from 'antd';
import React, { useMemo } from 'react';
import type { CrudColumn } from '@/components/Crud';
import { formatMoney, formatPoints, gapColumn, moneyColumn, NONE, rateColumn, trendOf } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import { ReviewStatusTag, reviewStatusColumn } from '@/components/Review';
import { depthTree, type TreeNode } from '@/components/StatTable';
import type { ForecastDeptRow, ForecastProjectRow, ForecastRecord } from '@/services/business/forecast';

export const MESSAGES = 'pages.investment.forecast';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/** `1–3月`, `1月`: the months 已完成 covers. */
export function useMonthsLabel(month: number): string {
  const t = useT();
  const monthLabel = useMonthLabel();
  return month === 1 ? monthLabel(1) : t('toDate', { month });
}

/** A row of the summary tree. */
export type SummaryNode = TreeNode<ForecastDeptRow>;

/** The flat rows of the summary as a tree, and the total apart (StatTable's `depthTree`). */
export const summaryTree = (rows: ForecastDeptRow[]) => depthTree<ForecastDeptRow>(rows);

/** 缺口 = target − expected: short (positive) is what the committee must chase, so it is red; covered
 * (zero or negative, expected to exceed) green. The opposite sign of a schedule gap, hence not GapText. */
export const ShortfallText: React.FC<{ value: unknown }> = ({ value }) => {
  const trend = trendOf(value);
  if (!trend) return <>{NONE}</>;
  const short = trend === 'ahead';
  return (
    <Typography.Text type={short ? 'danger' : 'success'} data-gap={short ? 'short' : 'covered'}>
      {formatMoney(value)}
    </Typography.Text>
  );
};

/** The projects of a department counted at the fallback, with why on hover. */
export const FlaggedMark: React.FC<{ count: number }> = ({ count }) => {
  const t = useT();
  if (!count) return null;
  return (
    <Tooltip title={t('flagged.tip')}>
      <Tag color="warning" icon={<ExclamationCircleOutlined />} data-testid="flagged" style={{ marginInlineEnd: 0 }}>
        {t('flagged.count', { count })}
      </Tag>
    </Tooltip>
  );
};

/** The department summary, narrow enough to sit beside the menu at 1440 px. */
export function useSummaryColumns(month: number, onDept?: (row: SummaryNode) => void): ProColumns<SummaryNode>[] {
  const t = useT();
  const months = useMonthsLabel(month);
  return useMemo(
    () => [
      {
        title: t('column.dept'),
        dataIndex: 'deptName',
        key: 'deptName',
        width: 150,
        ellipsis: true,
        // a department opens its projects; 合计 and the removed departments have none to open
        render: (_, row) =>
          onDept && row.deptId && row.kind === 'dept' ? (
            <Typography.Link onClick={() => onDept(row)} title={t('summary.openProjects')}>
              {row.deptName}
            </Typography.Link>
          ) : (
            row.deptName
          ),
      },
      {
        title: t('column.projects'),
        dataIndex: 'projects',
        key: 'projects',
        width: 130,
        render: (_, row) => (
          <Space size={6}>
            <span>{row.projects ?? NONE}</span>
            <FlaggedMark count={row.flagged} />
          </Space>
        ),
      },
      moneyColumn<SummaryNode>(t('column.annualTarget'), 'annualTarget', { width: 110 }),
      moneyColumn<SummaryNode>(t('column.ytd', { months }), 'ytd', { width: 110 }),
      moneyColumn<SummaryNode>(t('column.expectedYear'), 'expectedYear', { width: 110 }),
      rateColumn<SummaryNode>(t('column.expectedRate'), 'expectedRate', { width: 100 }),
      moneyColumn<SummaryNode>(t('column.gap'), 'gap', { width: 110, render: (_, row) => <ShortfallText value={row.gap} /> }),
      {
        ...rateColumn<SummaryNode>(t('column.accuracy'), 'accuracy', { width: 110 }),
        // signed: +8% means the month came in above what was forecast, −20% below
        render: (_, row) => {
          const text = formatPoints(row.accuracy);
          return text === NONE ? NONE : `${text}%`;
        },
        tooltip: t('column.accuracyTip'),
      },
      { ...moneyColumn<SummaryNode>(t('column.trend'), 'trend', { width: 110 }), tooltip: t('column.trendTip', { month }) },
    ],
    [t, months, month, onDept],
  );
}

/** 按计划估算 under a fallback figure (its own line: the column stays as narrow as the figures). */
const FallbackTag: React.FC = () => {
  const t = useT();
  return (
    <div>
      <Tooltip title={t('flagged.tip')}>
        <Tag color="warning" data-testid="fallback" style={{ marginInlineEnd: 0, marginTop: 2 }}>
          {t('flagged.tag')}
        </Tag>
      </Tooltip>
    </div>
  );
};

/** The projects of the month. */
export function useProjectColumns(month: number): CrudColumn<ForecastProjectRow>[] {
  const t = useT();
  const months = useMonthsLabel(month);
  return useMemo(
    () => [
      // the widths leave room for the row links at 1440 px beside the menu
      { title: t('column.projectName'), dataIndex: 'projectName', width: 180, ellipsis: true, search: false },
      { title: t('column.dept'), dataIndex: 'deptName', width: 120, ellipsis: true, search: false },
      moneyColumn<ForecastProjectRow>(t('column.yearPlan'), 'yearPlan', { width: 110 }),
      moneyColumn<ForecastProjectRow>(t('column.ytd', { months }), 'ytd', { width: 110 }),
      moneyColumn<ForecastProjectRow>(t('column.expectedYear'), 'expectedYear', {
        width: 120,
        render: (_, row) => (
          <>
            {formatMoney(row.expectedYear)}
            {row.flagged ? <FallbackTag /> : null}
          </>
        ),
      }),
      // below plan reads red, above green, as a schedule gap does
      { ...gapColumn<ForecastProjectRow>(t('column.deviation'), 'deviation', { width: 100 }), tooltip: t('column.deviationTip') },
      {
        title: t('column.forecastStatus'),
        dataIndex: 'forecastStatus',
        width: 100,
        search: false,
        render: (_, row) => (row.forecastId ? <ReviewStatusTag value={row.forecastStatus} /> : <Tag>{t('status.none')}</Tag>),
      },
    ],
    [t, months],
  );
}

/** The month's forecasts: the status beside the project, the figures, who filed it. */
export function useForecastColumns(): CrudColumn<ForecastRecord>[] {
  const t = useT();
  const intl = useIntl();
  return useMemo(
    () => [
      { title: t('column.projectName'), dataIndex: 'projectName', width: 200, ellipsis: true, search: false },
      { title: t('column.dept'), dataIndex: 'deptName', width: 120, ellipsis: true, search: false },
      reviewStatusColumn<ForecastRecord>(intl, t('column.reportStatus')) as CrudColumn<ForecastRecord>,
      // the form's long labels would wrap in a header: 预计本月 / 预计本季度 / 预计全年 say the same under the unit line
      moneyColumn<ForecastRecord>(t('column.expectedMonth'), 'expectedMonthInvestment', { width: 110 }),
      moneyColumn<ForecastRecord>(t('column.expectedQuarter'), 'expectedQuarterInvestment', { width: 110 }),
      moneyColumn<ForecastRecord>(t('column.expectedYear'), 'expectedYearInvestment', { width: 110 }),
      { title: t('field.expectedStartDate'), dataIndex: 'expectedStartDate', width: 110, search: false, optional: true, render: (_, row) => row.expectedStartDate || NONE },
      {
        title: t('field.expectedProductionDate'),
        dataIndex: 'expectedProductionDate',
        width: 110,
        search: false,
        optional: true,
        render: (_, row) => row.expectedProductionDate || NONE,
      },
      { title: t('column.submitUser'), dataIndex: 'submitUserName', width: 90, search: false, render: (_, row) => row.submitUserName || NONE },
      { title: t('column.submitTime'), dataIndex: 'submitTime', width: 160, search: false, optional: true, render: (_, row) => row.submitTime || NONE },
    ],
    [t, intl],
  );
}
