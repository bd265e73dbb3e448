//! The columns of 摸底分解 (domain-model §2.3.5): each survey (企业 | 属地 | 批次 | 上年产值 | 企业预计 | 预计增速 |
//! 园区核定 | 核定增速 | 状态), and the summary by department (部门 | 户数/已核定 | 上年产值 | 企业预计 | 预计增速 |
//! 园区核定 | 核定增速 | 部门目标 | 缺口). Figures go through components/Figures (万元 with two decimals, "—"
//! without one): the server computes, the screen formats. A growth below zero reads in red, and so does
//! a gap above zero: the verified figures fall short of the department's target by that much.
import type { ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import React, { useCallback, useMemo } from 'react';
import { type CrudColumn, useDict } from '@/components/Crud';
import { formatMoney, moneyColumn, NONE, trendOf } from '@/components/Figures';
import { ReviewStatusTag } from '@/components/Review';
import { depthTree, type TreeNode } from '@/components/StatTable';
import { type OutputSurveyRecord, SURVEY_ROUND_DICT, type SurveySummaryRow } from '@/services/business/outputSurvey';
import { YoyText } from '../report/columns';

export const MESSAGES = 'pages.output.survey';

/** The translator of this screen's messages. */
export function useT() {
  const intl = useIntl();
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any),
    [intl],
  );
}

/**
 * The label of a `survey_round` key. In Chinese the tenant's dictionary (a zone may call its rounds its
 * own way; the locale's names where it lacks a key); in another language the locale's, the dictionary's
 * words being Chinese.
 */
export function useRoundLabel(): (key: unknown) => string {
  const intl = useIntl();
  const { options } = useDict(SURVEY_ROUND_DICT);
  return useCallback(
    (key: unknown) => {
      const code = key === null || key === undefined ? '' : String(key);
      const fromDict = intl.locale.startsWith('zh') ? options.find((o) => o.value === code)?.label : undefined;
      if (fromDict) return fromDict;
      const id = `${MESSAGES}.round.${code}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : code || NONE;
    },
    [options, intl],
  );
}

/** A gap (缺口) in 万元: red when the verified figures fall short of the target, i.e. above zero. */
export const ShortfallText: React.FC<{ value: unknown }> = ({ value }) => {
  const short = trendOf(value) === 'ahead';
  return (
    <Typography.Text type={short ? 'danger' : undefined} data-short={short ? 'true' : undefined}>
      {formatMoney(value)}
    </Typography.Text>
  );
};

/** The list's columns; the round only when every round is listed (else the filter above says it). */
export function useSurveyColumns(everyRound: boolean): CrudColumn<OutputSurveyRecord>[] {
  const t = useT();
  const roundLabel = useRoundLabel();
  return useMemo(() => {
    const round: CrudColumn<OutputSurveyRecord>[] = everyRound
      ? [{ title: t('column.round'), dataIndex: 'surveyRound', width: 72, render: (_, row) => roundLabel(row.surveyRound) }]
      : [];
    const columns: CrudColumn<OutputSurveyRecord>[] = [
      { title: t('column.enterpriseName'), dataIndex: 'enterpriseName', width: 170, ellipsis: true, fixed: 'left' },
      { title: t('column.deptName'), dataIndex: 'deptName', width: 96, ellipsis: true, render: (_, row) => row.deptName || NONE },
      ...round,
      moneyColumn<OutputSurveyRecord>(t('column.lastYearOutput'), 'lastYearOutput', { width: 100 }),
      moneyColumn<OutputSurveyRecord>(t('column.expectedOutput'), 'expectedOutput', { width: 100 }),
      { title: t('column.expectedGrowth'), dataIndex: 'expectedGrowth', align: 'right', width: 86, render: (_, row) => <YoyText value={row.expectedGrowth} /> },
      moneyColumn<OutputSurveyRecord>(t('column.verifiedOutput'), 'verifiedOutput', { width: 100 }),
      { title: t('column.verifiedGrowth'), dataIndex: 'verifiedGrowth', align: 'right', width: 86, render: (_, row) => <YoyText value={row.verifiedGrowth} /> },
      { title: t('column.status'), dataIndex: 'reportStatus', width: 84, render: (_, row) => <ReviewStatusTag value={row.reportStatus} /> },
      // one tick away in the column settings, so that the status stays in view on a 1440 px screen
      { ...moneyColumn<OutputSurveyRecord>(t('column.newCapacityOutput'), 'newCapacityOutput', { width: 120 }), optional: true },
      { title: t('column.submitTime'), dataIndex: 'submitTime', width: 160, optional: true, render: (_, row) => row.submitTime || NONE },
      { title: t('column.reviewOpinion'), dataIndex: 'reviewOpinion', width: 160, ellipsis: true, optional: true, render: (_, row) => row.reviewOpinion || NONE },
    ];
    // the filters stand above the list
    return columns.map((c) => ({ ...c, search: false }));
  }, [t, roundLabel, everyRound]);
}

/** A line of the summary as the tree shows it. */
export type SummaryNode = TreeNode<SurveySummaryRow>;

/** The flat rows of the summary as a tree by depth, and the total apart. */
export const summaryTree = (rows: SurveySummaryRow[], total?: SurveySummaryRow) => depthTree<SurveySummaryRow>(total ? [...rows, total] : rows);

export function useSummaryColumns(): ProColumns<SummaryNode>[] {
  const t = useT();
  return useMemo(
    () => [
      { title: t('summary.column.dept'), dataIndex: 'deptName', key: 'dept', width: 190, fixed: 'left', ellipsis: true },
      {
        title: t('summary.column.surveys'),
        dataIndex: 'surveys',
        key: 'surveys',
        align: 'right',
        width: 100,
        render: (_, row) => `${row.surveys} / ${row.approved}`,
      },
      moneyColumn<SummaryNode>(t('column.lastYearOutput'), 'lastYearOutput', { key: 'lastYearOutput', width: 115 }),
      moneyColumn<SummaryNode>(t('column.expectedOutput'), 'expectedOutput', { key: 'expectedOutput', width: 115 }),
      { title: t('column.expectedGrowth'), dataIndex: 'expectedGrowth', key: 'expectedGrowth', align: 'right', width: 90, render: (_, row) => <YoyText value={row.expectedGrowth} /> },
      moneyColumn<SummaryNode>(t('column.verifiedOutput'), 'verifiedOutput', { key: 'verifiedOutput', width: 115 }),
      { title: t('column.verifiedGrowth'), dataIndex: 'verifiedGrowth', key: 'verifiedGrowth', align: 'right', width: 90, render: (_, row) => <YoyText value={row.verifiedGrowth} /> },
      moneyColumn<SummaryNode>(t('summary.column.target'), 'target', { key: 'target', width: 115, tooltip: t('summary.column.target.help') }),
      {
        title: t('summary.column.gap'),
        dataIndex: 'gap',
        key: 'gap',
        align: 'right',
        width: 115,
        tooltip: t('summary.column.gap.help'),
        render: (_, row) => <ShortfallText value={row.gap} />,
      },
    ],
    [t],
  );
}
