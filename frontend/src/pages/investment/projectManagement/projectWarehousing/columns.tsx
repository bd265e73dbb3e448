//! The columns and filters of the 项目入库 list (domain-model §2.2.3): who files which project where,
//! how big it is, where it stands in the review and what the reviewer said. The filters are the name,
//! the park (with everything below it), type, source, industry, library status and the days submitted.
//!
//! At 1440 px the list shows the review's columns whole, without scrolling sideways: the status sits
//! next to the amount and the opinion beside it; the type, the project's own status and who submitted
//! when are one tick away in the column settings. English words are longer: a few widths follow the
//! language.
import type { ProSchemaValueEnumObj } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { useMemo } from 'react';
import { type CrudColumn, dictColumn, TREE_SELECT_DEFAULTS, useDeptTree, useDict } from '@/components/Crud';
import { moneyColumn } from '@/components/Figures';
import { reviewStatusColumn } from '@/components/Review';
import type { ProjectRecord } from '@/services/business/project';
import { PROJECT_DICT, useIndustryTree } from '../../components/projectDicts';

/** An approved project has left this list: its status is no filter here. */
const APPROVED = '2';

export function useProjectColumns(): CrudColumn<ProjectRecord>[] {
  const intl = useIntl();
  const depts = useDeptTree('park');
  const industries = useIndustryTree();
  const types = useDict(PROJECT_DICT.projectType);
  const sources = useDict(PROJECT_DICT.projectSource);

  return useMemo(() => {
    const field = (f: string) => intl.formatMessage({ id: `pages.investment.project.field.${f}` });
    const status = reviewStatusColumn<ProjectRecord>(intl, field('libraryStatus'), 'libraryStatus');
    const statusEnum = Object.fromEntries(Object.entries(status.valueEnum as ProSchemaValueEnumObj).filter(([key]) => key !== APPROVED));
    const zh = intl.locale.startsWith('zh');
    return [
      { title: field('projectName'), dataIndex: 'projectName', fixed: 'left', width: zh ? 210 : 180, ellipsis: true, sorter: true },
      { title: field('enterpriseId'), dataIndex: 'enterpriseName', search: false, width: zh ? 150 : 140, ellipsis: true },
      {
        title: field('deptId'),
        dataIndex: 'deptId',
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, loading: depts.loading, treeData: depts.options },
        render: (_, row) => row.deptName,
        width: 100,
        ellipsis: true,
      },
      {
        title: field('projectType'),
        dataIndex: 'projectType',
        ...dictColumn(types.options),
        render: (_, row) => row.projectTypeName || row.projectType,
        // 工业项目(新建/扩建) whole
        width: 170,
        ellipsis: true,
        optional: true,
      },
      moneyColumn<ProjectRecord>(intl.formatMessage({ id: 'pages.investment.project.column.totalInvestment' }), 'totalInvestment', {
        // narrow enough in English that the title breaks before its unit ("Investment / (10k CNY)")
        width: zh ? 140 : 120,
        sorter: true,
      }),
      { ...status, valueEnum: statusEnum, width: zh ? 90 : 110 },
      { title: field('reviewOpinion'), dataIndex: 'reviewOpinion', search: false, width: zh ? 150 : 140, ellipsis: true },
      { title: field('projectStatus'), dataIndex: 'projectStatusName', search: false, width: 110, optional: true },
      { title: field('submitUserName'), dataIndex: 'submitUserName', search: false, width: 100, optional: true },
      { title: field('submitTime'), dataIndex: 'submitTime', search: false, sorter: true, width: 170, optional: true },
      // Filters only.
      { title: field('projectSource'), dataIndex: 'projectSource', hideInTable: true, ...dictColumn(sources.options) },
      {
        title: field('industryCode'),
        dataIndex: 'industryCode',
        hideInTable: true,
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, treeDefaultExpandAll: false, loading: industries.loading, treeData: industries.options },
      },
      {
        title: field('submitTime'),
        dataIndex: 'submitTimeRange',
        hideInTable: true,
        valueType: 'dateRange',
        search: { transform: (value: [string, string]) => ({ submitTimeStart: value[0], submitTimeEnd: value[1] }) },
      },
    ];
  }, [intl, depts.options, depts.loading, industries.options, industries.loading, types.options, sources.options]);
}
