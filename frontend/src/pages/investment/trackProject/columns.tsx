//! The columns and filters of the two lists of 跟踪项目 (domain-model §2.2.7): the tracked projects with
//! the month's figures and whether the month was reported, and the monthly reports under review.
//!
//! The tracked list shows the columns §2.2.7 names that a dispatch meeting reads: the year's plan, the
//! month, the year so far and its share of the plan (the share of the year gone in its tooltip), whether
//! the month was reported, the highest open issue and the warning colour (why, in its tooltip). The
//! planned total, the key node, the cumulative figure and the responsible leader are one tick away in the
//! column settings, as the submitter, the time and the opinion of a report are, so that the list stays
//! about as wide as a 1440 px screen; the project's name and the row's links stay in place when a narrow
//! screen scrolls the figures sideways. The issues of the ledger have their own columns here too.
import { useIntl } from '@umijs/max';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useMemo } from 'react';
import { type CrudColumn, dictColumn, TREE_SELECT_DEFAULTS, useDeptTree, useDict } from '@/components/Crud';
import { formatRate, moneyColumn } from '@/components/Figures';
import { type Period, periodLabel } from '@/components/Period';
import { ReviewStatusTag, reviewStatusColumn } from '@/components/Review';
import { NO, YES } from '@/services/business/project';
import { type ProjectReportRecord, type TrackedProjectRecord, WARNINGS } from '@/services/business/projectReport';
import type { ProjectIssueRecord } from '@/services/business/projectIssue';
import { PROJECT_DICT } from '../components/projectDicts';
import { ISSUE_DICT, IssueLevelTag, WarningDot } from './components/issueTags';

/** The statuses a tracked project can be in: 已签约, 前期手续, 在建, 竣工, 停缓建. */
export const TRACKED_STATUSES = ['30', '40', '50', '60', '90'];
/** `report_status` 已通过: 已报 says it all. */
const APPROVED = '2';

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

/** A filter "issue level ≥": each level of `issue_level` as "that level or higher". */
function levelAtLeast<T>(intl: ReturnType<typeof useIntl>, title: string, dataIndex: string, levels: API.DictOption[]): CrudColumn<T> {
  const option = (level: string) => intl.formatMessage({ id: 'pages.investment.trackProject.minIssueLevel.option' }, { level });
  return { title, dataIndex, hideInTable: true, valueType: 'select', valueEnum: Object.fromEntries(levels.map((o) => [o.value, { text: option(o.label) }])) };
}

/** The tracked projects with the figures of `period`; `onIssues` opens the ledger on a project's issues. */
export function useTrackedColumns(period: Period, onIssues?: (row: TrackedProjectRecord) => void): CrudColumn<TrackedProjectRecord>[] {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.${key}` }, values as any);
  const dept = useDeptColumn<TrackedProjectRecord>(t('column.deptName'));
  const types = useDict(PROJECT_DICT.projectType);
  const statuses = useDict(PROJECT_DICT.projectStatus);
  const levels = useDict(PROJECT_DICT.projectLevel);
  const issueLevels = useDict(ISSUE_DICT.level);

  return useMemo(() => {
    const zh = intl.locale.startsWith('zh');
    const reported = {
      [YES]: { text: t('reported.Y') },
      [NO]: { text: t('reported.N') },
    };
    return [
      { title: t('column.projectName'), dataIndex: 'projectName', fixed: 'left', width: zh ? 160 : 180, ellipsis: true },
      {
        title: t('column.warning'),
        dataIndex: 'warning',
        width: zh ? 80 : 100,
        // red first: the filter is how a leader finds the projects to worry about
        valueType: 'select',
        valueEnum: Object.fromEntries([...WARNINGS].reverse().map((w) => [w, { text: t(`warning.${w}`) }])),
        fieldProps: { mode: 'multiple' },
        search: { transform: (colours: string[] | string) => ({ warning: [colours].flat().join(',') }) },
        render: (_, row) => <WarningDot warning={row.warning} name={row.warning ? t(`warning.${row.warning}`) : undefined} reasons={row.warningReasons} />,
      },
      { ...dept, width: 90 },
      {
        title: t('column.projectStatus'),
        dataIndex: 'projectStatus',
        ...dictColumn(statuses.options.filter((o) => TRACKED_STATUSES.includes(o.value))),
        render: (_, row) => row.projectStatusName || row.projectStatus,
        width: zh ? 80 : 90,
      },
      { title: t('column.currentStage'), dataIndex: 'currentStageName', search: false, width: 100, ellipsis: true, optional: true },
      moneyColumn<TrackedProjectRecord>(t('column.totalInvestment'), 'totalInvestment', { width: 130, optional: true } as Partial<
        CrudColumn<TrackedProjectRecord>
      >),
      moneyColumn<TrackedProjectRecord>(t('column.yearPlanInvestment'), 'yearPlanInvestment', { width: zh ? 110 : 130 }),
      moneyColumn<TrackedProjectRecord>(t('column.monthInvestment'), 'monthInvestment', { width: zh ? 110 : 130 }),
      moneyColumn<TrackedProjectRecord>(t('column.ytdInvestment', { month: period.month }), 'ytdInvestment', { width: zh ? 120 : 150 }),
      {
        title: t('column.ytdPlanRate'),
        dataIndex: 'ytdPlanRate',
        search: false,
        align: 'right',
        width: zh ? 90 : 110,
        render: (_, row) => (
          <Tooltip title={row.timeProgress ? t('timeProgress', { rate: formatRate(row.timeProgress) }) : undefined}>
            <span data-testid="ytd-plan-rate">{formatRate(row.ytdPlanRate)}</span>
          </Tooltip>
        ),
      },
      moneyColumn<TrackedProjectRecord>(t('column.cumulativeInvestment'), 'cumulativeInvestment', { width: zh ? 120 : 150, optional: true } as Partial<
        CrudColumn<TrackedProjectRecord>
      >),
      {
        // whether the month was reported, and where its report stands
        title: t('column.reported'),
        dataIndex: 'reported',
        valueType: 'select',
        valueEnum: reported,
        width: zh ? 120 : 150,
        render: (_, row) => (
          <Space size={4}>
            {row.reported === YES ? <Tag color="success">{t('reported.Y')}</Tag> : <Tag color="warning">{t('reported.N')}</Tag>}
            {row.monthReportStatus && row.monthReportStatus !== APPROVED ? <ReviewStatusTag value={row.monthReportStatus} /> : null}
          </Space>
        ),
      },
      {
        title: t('column.topIssueLevel'),
        dataIndex: 'topIssueLevel',
        search: false,
        width: zh ? 100 : 120,
        render: (_, row) => {
          if (!row.openIssueCount) return <Typography.Text type="secondary">—</Typography.Text>;
          const tag = (
            <IssueLevelTag level={row.topIssueLevel} name={row.topIssueLevelName}>
              {row.openIssueCount > 1 ? ` ×${row.openIssueCount}` : ''}
            </IssueLevelTag>
          );
          return (
            <Tooltip title={t('openIssues', { count: row.openIssueCount, overdue: row.overdueIssueCount ?? 0 })}>
              {onIssues ? (
                <Typography.Link data-testid="open-issues" onClick={() => onIssues(row)}>
                  {tag}
                </Typography.Link>
              ) : (
                tag
              )}
            </Tooltip>
          );
        },
      },
      { title: t('column.responsibleLeader'), dataIndex: 'responsibleLeader', width: 90, ellipsis: true, optional: true },
      // Filters only.
      { title: t('column.projectType'), dataIndex: 'projectType', hideInTable: true, ...dictColumn(types.options) },
      { title: t('column.projectLevel'), dataIndex: 'projectLevel', hideInTable: true, ...dictColumn(levels.options) },
      {
        title: t('column.hasOpenIssue'),
        dataIndex: 'hasOpenIssue',
        hideInTable: true,
        valueType: 'select',
        valueEnum: { [YES]: { text: t('hasOpenIssue.Y') } },
      },
      levelAtLeast<TrackedProjectRecord>(intl, t('column.minIssueLevel'), 'minIssueLevel', issueLevels.options),
    ] as CrudColumn<TrackedProjectRecord>[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, dept, period.month, types.options, statuses.options, levels.options, issueLevels.options, onIssues]);
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
        render: (_, row) => periodLabel(intl, row.period),
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

const STATUS_COLORS: Record<string, string | undefined> = { '10': 'gold', '20': 'blue', '30': 'cyan', '40': 'lime', '50': 'green', '60': undefined };

/** The issues of the ledger, with the filters of `projectIssue/list`. */
export function useIssueColumns(): CrudColumn<ProjectIssueRecord>[] {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` });
  const dept = useDeptColumn<ProjectIssueRecord>(t('field.deptName'));
  const allDepts = useDeptTree();
  const levels = useDict(ISSUE_DICT.level);
  const types = useDict(ISSUE_DICT.type);
  const statuses = useDict(ISSUE_DICT.status);

  return useMemo(() => {
    const zh = intl.locale.startsWith('zh');
    const yes = { [YES]: { text: t('filter.yes') } };
    return [
      { title: t('field.issueNo'), dataIndex: 'issueNo', search: false, width: zh ? 110 : 120, ellipsis: true },
      { title: t('field.projectName'), dataIndex: 'projectName', width: zh ? 150 : 170, ellipsis: true },
      { title: t('field.description'), dataIndex: 'description', search: false, width: 200, ellipsis: true },
      {
        title: t('field.issueLevel'),
        dataIndex: 'issueLevel',
        ...dictColumn(levels.options),
        width: zh ? 90 : 110,
        render: (_, row) => <IssueLevelTag level={row.issueLevel} name={row.issueLevelName} />,
      },
      {
        title: t('field.issueType'),
        dataIndex: 'issueType',
        ...dictColumn(types.options),
        render: (_, row) => row.issueTypeName || row.issueType,
        width: 110,
        ellipsis: true,
        optional: true,
      },
      { title: t('field.raisedByDeptName'), dataIndex: 'raisedByDeptName', search: false, width: 110, ellipsis: true, optional: true },
      {
        title: t('field.responsibleDeptName'),
        dataIndex: 'responsibleDeptId',
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, loading: allDepts.loading, treeData: allDepts.options },
        render: (_, row) => row.responsibleDeptName || '—',
        width: 110,
        ellipsis: true,
      },
      { title: t('field.deadline'), dataIndex: 'deadline', search: false, width: 100, render: (_, row) => row.deadline || '—' },
      {
        title: t('field.issueStatus'),
        dataIndex: 'issueStatus',
        ...dictColumn(statuses.options),
        width: zh ? 90 : 100,
        render: (_, row) => (
          <Tag color={STATUS_COLORS[row.issueStatus]} style={{ marginInlineEnd: 0 }}>
            {row.issueStatusName || row.issueStatus}
          </Tag>
        ),
      },
      {
        title: t('field.overdueDays'),
        dataIndex: 'overdueDays',
        search: false,
        align: 'right',
        width: zh ? 80 : 110,
        render: (_, row) =>
          row.overdueDays > 0 ? (
            <Typography.Text type="danger" strong data-overdue="true">
              {row.overdueDays}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      // Filters only.
      { ...dept, hideInTable: true },
      {
        title: t('field.raisedPeriod'),
        dataIndex: 'raisedPeriod',
        valueType: 'dateMonth',
        hideInTable: true,
        search: { transform: (value: unknown) => ({ raisedPeriod: dayjs(value as string).format('YYYY-MM') }) },
      },
      levelAtLeast<ProjectIssueRecord>(intl, t('filter.minLevel'), 'minLevel', levels.options),
      { title: t('filter.open'), dataIndex: 'open', hideInTable: true, valueType: 'select', valueEnum: yes },
      { title: t('filter.overdue'), dataIndex: 'overdue', hideInTable: true, valueType: 'select', valueEnum: yes },
      // the issues the person's own department is responsible for or co-operates on
      { title: t('filter.assigned'), dataIndex: 'assigned', hideInTable: true, valueType: 'select', valueEnum: yes },
    ] as CrudColumn<ProjectIssueRecord>[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, dept, allDepts.loading, allDepts.options, levels.options, types.options, statuses.options]);
}
