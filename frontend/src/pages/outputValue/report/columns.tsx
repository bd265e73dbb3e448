//! The columns and filters of 产值填报 (domain-model §2.3.1): 企业名称, 属地, 行业, 本月产值, 1–N月累计,
//! 上年同期累计, 同比, 状态 (未填 included), 提交时间 and whether it came late; the filters are the
//! department (with its subtree), the industry (with its sub-classes), 规上, the status (未填 and 未报 beside
//! the review statuses) and "YoY below 0".
import { useIntl } from '@umijs/max';
import { Tag, Tooltip, Typography } from 'antd';
import React, { useMemo } from 'react';
import { type CrudColumn, TREE_SELECT_DEFAULTS, useDeptTree } from '@/components/Crud';
import { formatRate, moneyColumn, rateColumn } from '@/components/Figures';
import { type Period } from '@/components/Period';
import { ReviewStatusTag } from '@/components/Review';
import { MISSING, type OutputReportRecord } from '@/services/business/outputReport';
import { useIndustryTree } from '@/pages/system/enterprise/components/dicts';

/** The status filter's key for 未报: every enterprise owing the month that has not reported it — not filed
 * (`none`), a draft or returned (`/outputValue/list` reads it; the home page's 本月未报企业 links to it). */
export const UNREPORTED = 'unreported';

/** A YoY rate, red when the year so far fell below last year's. */
export const YoyText: React.FC<{ value: string | null | undefined }> = ({ value }) => {
  const down = !!value && value.startsWith('-');
  return (
    <Typography.Text type={down ? 'danger' : undefined} data-decline={down ? 'true' : undefined}>
      {formatRate(value)}
    </Typography.Text>
  );
};

export function useOutputColumns(period: Period): CrudColumn<OutputReportRecord>[] {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.output.report.${key}` }, values as any);
  const depts = useDeptTree('park');
  const industries = useIndustryTree();
  return useMemo(() => {
    const zh = intl.locale.startsWith('zh');
    const toDate = period.month === 1 ? t('column.ytdJan') : t('column.ytd', { month: period.month });
    const statuses = ['0', '1', '2', '3'].map((c) => [c, { text: intl.formatMessage({ id: `component.review.status.${c}` }) }]);
    return [
      {
        title: t('column.enterpriseName'),
        dataIndex: 'enterpriseName',
        width: 160,
        ellipsis: true,
        fixed: 'left',
      },
      {
        title: t('column.deptName'),
        dataIndex: 'deptId',
        valueType: 'treeSelect',
        fieldProps: {
          ...TREE_SELECT_DEFAULTS,
          loading: depts.loading,
          treeData: depts.options,
        },
        render: (_, row) => row.deptName || '—',
        width: 90,
        ellipsis: true,
      },
      {
        title: t('column.industry'),
        dataIndex: 'industryCode',
        valueType: 'treeSelect',
        fieldProps: {
          ...TREE_SELECT_DEFAULTS,
          treeData: industries.options,
          loading: industries.loading,
        },
        render: (_, row) => row.industryName || row.industryCode || '—',
        width: 110,
        ellipsis: true,
      },
      {
        title: t('column.aboveScale'),
        dataIndex: 'aboveScale',
        valueType: 'select',
        valueEnum: { Y: { text: t('yes') }, N: { text: t('no') } },
        hideInTable: true,
      },
      moneyColumn<OutputReportRecord>(t('column.monthOutput'), 'monthOutput', { width: 100 }),
      moneyColumn<OutputReportRecord>(toDate, 'ytdOutput', { width: 105 }),
      moneyColumn<OutputReportRecord>(t('column.lastYearYtd', { month: period.month }), 'lastYearYtdOutput', { width: zh ? 110 : 105 }),
      {
        title: <Tooltip title={t('column.yoy.help')}>{t('column.yoy')}</Tooltip>,
        dataIndex: 'yoy',
        search: false,
        align: 'right',
        width: 85,
        render: (_, row) => <YoyText value={row.yoy} />,
      },
      // the enterprise's target in force (年度产值分解) and 1–N月 against it, one tick away in the column settings
      { ...moneyColumn<OutputReportRecord>(t('column.annualTarget'), 'annualTarget', { width: 105 }), optional: true },
      {
        ...rateColumn<OutputReportRecord>(<Tooltip title={t('column.completion.help')}>{t('column.completion')}</Tooltip>, 'completion', { width: 95 }),
        optional: true,
      },
      {
        title: t('column.status'),
        dataIndex: 'reportStatus',
        valueType: 'select',
        valueEnum: Object.fromEntries([[MISSING, { text: t('status.missing') }], [UNREPORTED, { text: t('status.unreported') }], ...statuses]),
        width: zh ? 130 : 145,
        render: (_, row) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {row.reportStatus ? (
              <ReviewStatusTag value={row.reportStatus} />
            ) : (
              <Tag color="red" data-testid="output-missing" style={{ marginInlineEnd: 0 }}>
                {t('status.missing')}
              </Tag>
            )}
            {row.isLate === 'Y' ? (
              <Tooltip title={t('late.help', { time: row.submitTime })}>
                <Tag color="orange" style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
                  {t('late')}
                </Tag>
              </Tooltip>
            ) : null}
          </span>
        ),
      },
      // the time waits in the column settings, so that the status stays in view on a 1440 px screen
      { title: t('column.submitTime'), dataIndex: 'submitTime', search: false, width: 160, optional: true, render: (_, row) => row.submitTime || '—' },
      {
        title: t('column.reviewOpinion'),
        dataIndex: 'reviewOpinion',
        search: false,
        width: 150,
        ellipsis: true,
        optional: true,
      },
      {
        title: t('column.decline'),
        dataIndex: 'decline',
        valueType: 'select',
        valueEnum: { Y: { text: t('filter.decline') } },
        hideInTable: true,
      },
    ] as CrudColumn<OutputReportRecord>[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, period.month, depts.loading, depts.options, industries.loading, industries.options]);
}
