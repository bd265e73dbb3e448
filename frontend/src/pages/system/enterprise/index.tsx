//! /system/enterprise: the zone's enterprise register. The department tree on the left narrows the
//! list to a sub-park (and everything below it); the search form filters by name, credit code and the
//! dictionary fields; add, edit and view open a drawer; import takes an Excel file (with a row-by-row
//! report when refused) and export downloads exactly what the filters show. Buttons by grant.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import {
  type CrudAction,
  type CrudColumn,
  type CrudMode,
  CrudTable,
  type CrudTableHandle,
  dictColumn,
  type DictStatus,
  TREE_SELECT_DEFAULTS,
  useDeptTree,
  useDict,
} from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import {
  type EnterpriseQuery,
  type EnterpriseRecord,
  exportEnterprises,
  listEnterprises,
  NO,
  removeEnterprises,
  YES,
} from '@/services/business/enterprise';
import { blobErrorMessage } from '@/utils/files';
import { showError, showSuccessToast } from '@/utils/requestMessages';
import { DICT, useIndustryTree } from './components/dicts';
import EnterpriseDrawer from './components/EnterpriseDrawer';
import ImportModal from './components/ImportModal';

const STATUS_BADGES: Record<string, DictStatus> = { '1': 'Success', '2': 'Warning', '3': 'Error', '4': 'Processing', '5': 'Default', '6': 'Default' };

const EnterpriseList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.enterprise.${key}` }, values as any);
  const field = (f: string) => t(`field.${f}`);
  const table = useRef<CrudTableHandle>(null);
  // the register is kept by park: the panel offers the parks (管委会 and 属地单位)
  const depts = useDeptTree('park');
  const industries = useIndustryTree();
  const companyTypes = useDict(DICT.companyType);
  const chains = useDict(DICT.leadingIndustry);
  const categories = useDict(DICT.statCategory);
  const scales = useDict(DICT.enterpriseScale);
  const levels = useDict(DICT.specializedLevel);
  const statuses = useDict(DICT.operatingStatus);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string; deptId?: string }>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // At 1440 px the list shows who the enterprise is, where, in which trade and whether it produces;
  // the rest is one tick away in the column settings.
  const columns: CrudColumn<EnterpriseRecord>[] = useMemo(() => {
    const yesNo = { [YES]: { text: t('yes') }, [NO]: { text: t('no') } };
    return [
      {
        title: field('enterpriseName'),
        dataIndex: 'enterpriseName',
        sorter: true,
        fixed: 'left',
        width: 170,
        ellipsis: true,
        render: (_, row) => (
          <span>
            {row.enterpriseName}
            {row.shortName ? <Typography.Text type="secondary">（{row.shortName}）</Typography.Text> : null}
          </span>
        ),
      },
      { title: t('field.creditCode.short'), dataIndex: 'creditCode', sorter: true, copyable: true, width: 200 },
      { title: field('deptId'), dataIndex: 'deptName', search: false, ellipsis: true, width: 100 },
      {
        title: field('industryCode'),
        dataIndex: 'industryCode',
        valueType: 'treeSelect',
        fieldProps: { ...TREE_SELECT_DEFAULTS, treeDefaultExpandAll: false, treeData: industries.options },
        render: (_, row) => row.industryName || row.industryCode,
        ellipsis: true,
        width: 110,
      },
      { title: field('operatingStatus'), dataIndex: 'operatingStatus', ...dictColumn(statuses.options, (v) => STATUS_BADGES[v]), width: 100 },
      { title: field('companyType'), dataIndex: 'companyType', ...dictColumn(companyTypes.options), ellipsis: true, width: 140, optional: true },
      { title: field('statCategory'), dataIndex: 'statCategory', ...dictColumn(categories.options), width: 110, optional: true },
      { title: field('isAboveScale'), dataIndex: 'isAboveScale', valueType: 'select', valueEnum: yesNo, width: 100, optional: true },
      {
        title: field('lastYearOutput'),
        dataIndex: 'lastYearOutput',
        search: false,
        sorter: true,
        align: 'right',
        width: 130,
        optional: true,
        render: (_, row) => formatMoney(row.lastYearOutput),
      },
      { title: field('contactName'), dataIndex: 'contactName', search: false, width: 100, optional: true },
      { title: field('contactPhone'), dataIndex: 'contactPhone', search: false, width: 140, optional: true },
      // Filters only: these fields are in the drawer, not worth a column.
      { title: field('leadingIndustry'), dataIndex: 'leadingIndustry', hideInTable: true, ...dictColumn(chains.options) },
      { title: field('enterpriseScale'), dataIndex: 'enterpriseScale', hideInTable: true, ...dictColumn(scales.options) },
      { title: field('specializedLevel'), dataIndex: 'specializedLevel', hideInTable: true, ...dictColumn(levels.options) },
      { title: field('isHighTech'), dataIndex: 'isHighTech', hideInTable: true, valueType: 'select', valueEnum: yesNo },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intl, industries.options, companyTypes.options, chains.options, categories.options, scales.options, levels.options, statuses.options]);

  /** Downloads exactly the rows on screen: CrudTable hands every action the query it last listed. */
  const runExport = async (query: EnterpriseQuery) => {
    setExporting(true);
    try {
      await exportEnterprises(query, t('exportName'));
      showSuccessToast(t('exported'));
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const actions: Record<string, CrudAction<EnterpriseRecord>> = {
    // A new enterprise starts in the sub-park picked in the tree.
    add: { needs: 'none', run: ({ query }) => setDrawer({ mode: 'add', deptId: (query as EnterpriseQuery).deptId }) },
    edit: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    import: { needs: 'none', run: () => setImporting(true) },
    export: { needs: 'none', run: ({ query }) => (exporting ? undefined : void runExport(query as EnterpriseQuery)) },
  };

  return (
    <PageContainer>
      <CrudTable<EnterpriseRecord>
        ref={table}
        menuCode="enterprise"
        columns={columns}
        list={(query) => listEnterprises(query as EnterpriseQuery)}
        remove={(ids) => removeEnterprises(ids)}
        actions={actions}
        filterPanel={{ title: t('deptTree'), param: 'deptId', options: depts.options, loading: depts.loading }}
        tableProps={{ search: { labelWidth: 'auto', defaultCollapsed: true } }}
      />
      {drawer ? (
        <EnterpriseDrawer
          mode={drawer.mode}
          id={drawer.id}
          deptId={drawer.deptId}
          onClose={(changed) => {
            setDrawer(undefined);
            if (changed) table.current?.reload();
          }}
        />
      ) : null}
      <ImportModal
        open={importing}
        onClose={(imported) => {
          setImporting(false);
          if (imported) table.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default EnterpriseList;
