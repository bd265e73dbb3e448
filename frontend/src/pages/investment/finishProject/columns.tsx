//! The columns and filters of 已完成项目 (domain-model §2.2.8): the projects that reached 竣工, 投产 or
//! 达产 with what they achieved — the investment made against the plan, the days of completion,
//! production and full capacity, how long construction took and the output expected at full capacity.
//! The output actually realised (and its rate) comes with the output-value module.
//!
//! The filters are the completion year (first), the park with everything below it, the type, the
//! industry and the status (竣工/投产/达产 only). The type and the day of full capacity are one tick away
//! in the column settings; the project's name stays in place when the figures scroll sideways.
import { useIntl } from '@umijs/max';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { type CrudColumn, dictColumn, TREE_SELECT_DEFAULTS, useDeptTree, useDict } from '@/components/Crud';
import { moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { FINISHED_STATUSES, type FinishedProjectRecord } from '@/services/business/project';
import { PROJECT_DICT, useIndustryTree } from '../components/projectDicts';

type Row = FinishedProjectRecord;

/** A day as the server sends it, "—" when there is none. */
const day = (value: string | null | undefined) => value || NONE;

export function useFinishedColumns(): CrudColumn<Row>[] {
  const intl = useIntl();
  const depts = useDeptTree('park');
  const industries = useIndustryTree();
  const types = useDict(PROJECT_DICT.projectType);
  const statuses = useDict(PROJECT_DICT.projectStatus);

  return useMemo(() => {
    const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.column.${key}` });
    const zh = intl.locale.startsWith('zh');
    const dayColumn = (key: keyof Row, extra?: Partial<CrudColumn<Row>>): CrudColumn<Row> => ({
      title: t(key as string),
      dataIndex: key as string,
      search: false,
      width: zh ? 110 : 120,
      render: (_, row) => day(row[key] as string),
      ...extra,
    });
    return [
      { title: t('projectName'), dataIndex: 'projectName', fixed: 'left', width: zh ? 200 : 180, ellipsis: true, order: 9 },
      { title: t('enterpriseName'), dataIndex: 'enterpriseName', search: false, width: 160, ellipsis: true },
      {
        title: t('deptName'),
        dataIndex: 'deptId',
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, loading: depts.loading, treeData: depts.options },
        render: (_, row) => row.deptName || NONE,
        width: 100,
        ellipsis: true,
        order: 8,
      },
      {
        title: t('projectType'),
        dataIndex: 'projectType',
        ...dictColumn(types.options),
        render: (_, row) => row.projectTypeName || row.projectType || NONE,
        width: 170,
        ellipsis: true,
        optional: true,
        order: 7,
      },
      moneyColumn<Row>(t('totalInvestment'), 'totalInvestment', { width: zh ? 130 : 150 }),
      moneyColumn<Row>(t('cumulativeInvestment'), 'cumulativeInvestment', { width: zh ? 140 : 160 }),
      rateColumn<Row>(t('investmentCompletion'), 'investmentCompletion', { width: zh ? 100 : 130 }),
      dayColumn('actualStartDate'),
      dayColumn('actualCompletionDate'),
      dayColumn('productionDate'),
      dayColumn('fullCapacityDate', { optional: true } as Partial<CrudColumn<Row>>),
      {
        title: t('constructionMonths'),
        dataIndex: 'constructionMonths',
        search: false,
        align: 'right',
        width: zh ? 110 : 150,
        render: (_, row) => row.constructionMonths ?? NONE,
      },
      moneyColumn<Row>(t('expectedAnnualOutput'), 'expectedAnnualOutput', { width: zh ? 160 : 190 }),
      {
        title: t('projectStatus'),
        dataIndex: 'projectStatus',
        ...dictColumn(statuses.options.filter((o) => FINISHED_STATUSES.includes(o.value))),
        render: (_, row) => row.projectStatusName || row.projectStatus,
        width: zh ? 90 : 110,
        order: 5,
      },
      // Filters only.
      {
        title: t('completionYear'),
        dataIndex: 'completionYear',
        valueType: 'dateYear',
        hideInTable: true,
        order: 10,
        search: { transform: (value: unknown) => ({ completionYear: dayjs(value as string).format('YYYY') }) },
      },
      {
        title: t('industryCode'),
        dataIndex: 'industryCode',
        hideInTable: true,
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, treeDefaultExpandAll: false, loading: industries.loading, treeData: industries.options },
        order: 6,
      },
    ] as CrudColumn<Row>[];
  }, [intl, depts.loading, depts.options, industries.loading, industries.options, types.options, statuses.options]);
}
