//! The columns and filters of the two lists of 跟踪项目 (domain-model §2.2.7): the tracked projects with
//! the month's figures and whether the month was reported, and the monthly reports under review.
//!
//! The tracked list shows every column §2.2.7 names but the planned total, which is one tick away in the
//! column settings, as the submitter, the time and the opinion of a report are; the project's name and
//! the row's links stay in place when a narrow screen scrolls the figures sideways.
import { useIntl } from '@umijs/max';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useMemo } from 'react';
import { type CrudColumn, dictColumn, TREE_SELECT_DEFAULTS, useDeptTree, useDict } from '@/components/Crud';
import { formatRate, moneyColumn } from '@/components/Figures';
import type { Period } from '@/components/Period';
import { ReviewStatusTag, reviewStatusColumn } from '@/components/Review';
import { NO, YES } from '@/services/business/project';
import type { ProjectReportRecord, TrackedProjectRecord } from '@/services/business/projectReport';
import { PROJECT_DICT } from '../components/projectDicts';

/** The statuses a tracked project can be in: 已签约, 前期手续, 在建, 竣工, 停缓建. */
export const TRACKED_STATUSES = ['30', '40', '50', '60', '90'];

function useDeptColumn<T extends { deptName: string }>(title: string): CrudColumn<T> {
  const depts = useDeptTree('park');
  return useMemo(
    () => ({
      title,
      dataIndex: 'deptId',
      valueType: 'treeSelect',
      fieldProps: { ...TREE_SELECT_DEFAULTS, loading: depts.loading, treeData: depts.options },
      render: (_, row) => row.deptName,
      width: 100,
      ellipsis: true,
    }),
    [title, depts.loading, depts.options],
  );
}

/** The tracked projects with the figures of `period`. */
export function useTrackedColumns(period: Period): CrudColumn<TrackedProjectRecord>[] {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.${key}` }, values as any);
  const dept = useDeptColumn<TrackedProjectRecord>(t('column.deptName'));
  const types = useDict(PROJECT_DICT.projectType);
  const statuses = useDict(PROJECT_DICT.projectStatus);
  const levels = useDict(PROJECT_DICT.projectLevel);

  return useMemo(() => {
    const zh = intl.locale.startsWith('zh');
    const reported = {
      [YES]: { text: t('reported.Y') },
      [NO]: { text: t('reported.N') },
    };
    return [
      { title: t('column.projectName'), dataIndex: 'projectName', fixed: 'left', width: 180, ellipsis: true },
      dept,
      {
        title: t('column.projectStatus'),
        dataIndex: 'projectStatus',
        ...dictColumn(statuses.options.filter((o) => TRACKED_STATUSES.includes(o.value))),
        render: (_, row) => row.projectStatusName || row.projectStatus,
        width: zh ? 80 : 90,
      },
      { title: t('column.currentStage'), dataIndex: 'currentStageName', search: false, width: 100, ellipsis: true },
      moneyColumn<TrackedProjectRecord>(t('column.totalInvestment'), 'totalInvestment', { width: 130, optional: true } as Partial<
        CrudColumn<TrackedProjectRecord>
      >),
      moneyColumn<TrackedProjectRecord>(t('column.monthInvestment'), 'monthInvestment', { width: zh ? 110 : 130 }),
      moneyColumn<TrackedProjectRecord>(t('column.ytdInvestment', { month: period.month }), 'ytdInvestment', { width: zh ? 120 : 150 }),
      moneyColumn<TrackedProjectRecord>(t('column.cumulativeInvestment'), 'cumulativeInvestment', { width: zh ? 120 : 150 }),
      {
        title: t('column.reported'),
        dataIndex: 'reported',
        valueType: 'select',
        valueEnum: reported,
        width: 100,
        render: (_, row) => (row.reported === YES ? <Tag color="success">{t('reported.Y')}</Tag> : <Tag color="warning">{t('reported.N')}</Tag>),
      },
      {
        title: t('column.monthReportStatus'),
        dataIndex: 'monthReportStatus',
        search: false,
        width: zh ? 80 : 110,
        render: (_, row) => <ReviewStatusTag value={row.monthReportStatus} />,
      },
      { title: t('column.responsibleLeader'), dataIndex: 'responsibleLeader', width: 90, ellipsis: true },
      // Filters only.
      { title: t('column.projectType'), dataIndex: 'projectType', hideInTable: true, ...dictColumn(types.options) },
      { title: t('column.projectLevel'), dataIndex: 'projectLevel', hideInTable: true, ...dictColumn(levels.options) },
    ] as CrudColumn<TrackedProjectRecord>[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, dept, period.month, types.options, statuses.options, levels.options]);
}

/** The period of a report as a person reads it: 2026年10月, Oct 2026. */
export function formatReportPeriod(intl: ReturnType<typeof useIntl>, period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  const y = intl.formatMessage({ id: 'component.period.year' }, { year });
  const m = intl.formatMessage({ id: 'component.period.month' }, { month });
  return intl.locale.startsWith('zh') ? `${y}${m}` : `${m} ${y}`;
}

/** The monthly reports, for review. */
export function useReportColumns(): CrudColumn<ProjectReportRecord>[] {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.report.${key}` });
  const dept = useDeptColumn<ProjectReportRecord>(t('field.deptName'));

  return useMemo(() => {
    const zh = intl.locale.startsWith('zh');
    return [
      { title: t('field.projectName'), dataIndex: 'projectName', fixed: 'left', width: zh ? 200 : 180, ellipsis: true },
      dept,
      {
        title: t('field.period'),
        dataIndex: 'period',
        valueType: 'dateMonth',
        width: zh ? 100 : 110,
        render: (_, row) => formatReportPeriod(intl, row.period),
        search: { transform: (value: unknown) => ({ period: dayjs(value as string).format('YYYY-MM') }) },
      },
      moneyColumn<ProjectReportRecord>(t('column.monthInvestment'), 'monthInvestment', { width: zh ? 120 : 130 }),
      moneyColumn<ProjectReportRecord>(t('column.ytdInvestment'), 'ytdInvestment', { width: zh ? 120 : 130 }),
      moneyColumn<ProjectReportRecord>(t('column.cumulativeInvestment'), 'cumulativeInvestment', { width: zh ? 120 : 150 }),
      {
        title: t('field.totalRate'),
        dataIndex: 'totalRate',
        search: false,
        align: 'right',
        width: zh ? 100 : 120,
        render: (_, row) =>
          row.overInvestment ? (
            <Tooltip title={t('overInvestment')}>
              <Typography.Text type="danger" data-over="true">
                {formatRate(row.totalRate)}
              </Typography.Text>
            </Tooltip>
          ) : (
            formatRate(row.totalRate)
          ),
      },
      {
        title: t('field.projectStatus'),
        dataIndex: 'projectStatusName',
        search: false,
        width: zh ? 130 : 150,
        render: (_, row) => (
          <Space size={4}>
            {row.projectStatusName || row.projectStatus}
            {row.proposesChange ? <Tag color="orange">{t('column.proposesChange')}</Tag> : null}
          </Space>
        ),
      },
      { ...reviewStatusColumn<ProjectReportRecord>(intl, t('field.reportStatus')), width: zh ? 90 : 110 },
      { title: t('field.submitUserName'), dataIndex: 'submitUserName', search: false, width: 100, optional: true },
      { title: t('field.submitTime'), dataIndex: 'submitTime', search: false, width: 170, optional: true },
      { title: t('field.reviewOpinion'), dataIndex: 'reviewOpinion', search: false, width: 150, ellipsis: true, optional: true },
    ] as CrudColumn<ProjectReportRecord>[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, dept]);
}
