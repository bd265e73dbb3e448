//! The columns and filters of the 技术改造 list (domain-model §2.2.4): the 技改 projects with their
//! renovation type, planned and equipment investment, what they invested this year (and, once annual
//! plans exist, its share of the year's plan), whether they ask for the subsidy, and where they stand
//! in the library review and the project lifecycle. The filters are the name, the enterprise, the park
//! (with everything below it), the renovation type, the status and the year.
//!
//! At 1440 px the Chinese list fits without scrolling sideways: the park (a park clerk's own) and the
//! subsidy flag are one tick away in the column settings, and the money headers are as wide as it takes
//! to break before their unit ("计划总投资 / (万元)"), never inside it.
import { useIntl } from '@umijs/max';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { type CrudColumn, dictColumn, useDeptTree, useDict } from '@/components/Crud';
import { EnterpriseSelect } from '@/components/EnterpriseSelect';
import { moneyColumn, NONE, rateColumn } from '@/components/Figures';
import { reviewStatusColumn } from '@/components/Review';
import type { RenovationRecord } from '@/services/business/renovation';
import { parkColumn } from '../../components/projectColumns';
import { PROJECT_DICT } from '../../components/projectDicts';

type Row = RenovationRecord;

export function useRenovationColumns(): CrudColumn<Row>[] {
  const intl = useIntl();
  const depts = useDeptTree('park');
  const kinds = useDict(PROJECT_DICT.renovationType);
  const statuses = useDict(PROJECT_DICT.projectStatus);

  return useMemo(() => {
    const t = (key: string) => intl.formatMessage({ id: `pages.investment.technicalRenovation.column.${key}` });
    const zh = intl.locale.startsWith('zh');
    return [
      { title: t('projectName'), dataIndex: 'projectName', fixed: 'left', width: zh ? 160 : 180, ellipsis: true, sorter: true, order: 10 },
      {
        title: t('enterpriseName'),
        dataIndex: 'enterpriseId',
        // the picker searches names, short names and credit codes
        renderFormItem: () => <EnterpriseSelect />,
        render: (_, row) => row.enterpriseName || NONE,
        width: zh ? 140 : 150,
        ellipsis: true,
        order: 9,
      },
      parkColumn<Row>(t('deptName'), depts, { order: 8, optional: true }),
      {
        title: t('renovationType'),
        dataIndex: 'renovationType',
        ...dictColumn(kinds.options),
        render: (_, row) => row.renovationTypeName || NONE,
        width: zh ? 120 : 140,
        ellipsis: true,
        order: 7,
      },
      moneyColumn<Row>(t('totalInvestment'), 'totalInvestment', { width: zh ? 110 : 120, sorter: true }),
      moneyColumn<Row>(t('equipmentInvestment'), 'equipmentInvestment', { width: zh ? 88 : 100 }),
      moneyColumn<Row>(t('ytdInvestment'), 'ytdInvestment', { width: zh ? 136 : 150 }),
      rateColumn<Row>(t('yearPlanRate'), 'yearPlanRate', { width: zh ? 90 : 110 }),
      {
        title: t('subsidyApplied'),
        dataIndex: 'subsidyAppliedName',
        search: false,
        optional: true,
        width: zh ? 80 : 90,
        render: (_, row) => row.subsidyAppliedName || NONE,
      },
      {
        title: t('projectStatus'),
        dataIndex: 'projectStatus',
        ...dictColumn(statuses.options),
        render: (_, row) => row.projectStatusName || row.projectStatus,
        width: zh ? 80 : 110,
        order: 6,
      },
      { ...reviewStatusColumn<Row>(intl, t('libraryStatus'), 'libraryStatus'), width: zh ? 80 : 100, order: 5 },
      // Filters only.
      {
        title: t('year'),
        dataIndex: 'year',
        valueType: 'dateYear',
        hideInTable: true,
        order: 4,
        search: { transform: (value: unknown) => ({ year: dayjs(value as string).format('YYYY') }) },
      },
    ] as CrudColumn<Row>[];
  }, [intl, depts.loading, depts.options, kinds.options, statuses.options]);
}
