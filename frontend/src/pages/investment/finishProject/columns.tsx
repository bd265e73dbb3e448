//! The columns and filters of 已完成项目 (domain-model §2.2.8): the projects that reached 竣工, 投产 or
//! 达产 with what they achieved — the investment made against the plan, the days of completion,
//! production and full capacity, how long construction took, and the output realised against the output
//! expected at full capacity. The investment made is the completion's actual total once recorded, else
//! the cumulative figure of the monthly reports; a rate without its base shows "—".
//!
//! The filters are the completion year (first), the park with everything below it, the type, the
//! industry and the status (竣工/投产/达产 only). The type, the days of acceptance and full capacity and
//! whether the enterprise is above scale are one tick away in the column settings; the project's name stays in place when the figures scroll sideways.
import { useIntl } from '@umijs/max';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { type CrudColumn, dictColumn, TREE_SELECT_DEFAULTS, useDeptTree, useDict } from '@/components/Crud';
import { moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { FINISHED_STATUSES, FULL_CAPACITY, type FinishedProjectRecord } from '@/services/business/finished';
import { parkColumn } from '../components/projectColumns';
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
      parkColumn<Row>(t('deptName'), depts, { order: 8 }),
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
      moneyColumn<Row>(t('actualInvestment'), 'actualInvestment', { width: zh ? 140 : 160 }),
      rateColumn<Row>(t('investmentCompletion'), 'investmentCompletion', { width: zh ? 100 : 130 }),
      dayColumn('actualStartDate'),
      dayColumn('actualCompletionDate'),
      dayColumn('acceptanceDate', { optional: true } as Partial<CrudColumn<Row>>),
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
      moneyColumn<Row>(t('actualAnnualOutput'), 'actualAnnualOutput', { width: zh ? 130 : 170 }),
      rateColumn<Row>(t('outputRealisation'), 'outputRealisation', { width: zh ? 100 : 150 }),
      {
        title: t('enteredAboveScale'),
        dataIndex: 'enteredAboveScale',
        search: false,
        optional: true,
        width: zh ? 90 : 130,
        render: (_, row) => row.enteredAboveScaleName || NONE,
      },
      {
        title: t('projectStatus'),
        dataIndex: 'projectStatus',
        ...dictColumn(statuses.options.filter((o) => FINISHED_STATUSES.includes(o.value))),
        // a proposal waiting for review shows beside the status, so a reviewer finds it on the list
        render: (_, row) => (
          <Space size={4} wrap>
            {row.projectStatusName || row.projectStatus}
            {row.proposedStatus === FULL_CAPACITY ? <Tag color="processing">{t('proposed')}</Tag> : null}
          </Space>
        ),
        width: zh ? 130 : 150,
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
