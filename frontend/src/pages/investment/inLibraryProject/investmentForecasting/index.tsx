//! /investment/inLibraryProject/investmentForecasting (投资预测, domain-model §2.2.5b): each month a park
//! states what every library project expects to complete this month, quarter and year; the committee
//! reviews the forecasts and reads whether the zone will hit its annual investment targets. 「汇总」 is the
//! department view (target, 1–N月完成, expected year, rate, gap, accuracy, trend); 「项目明细」 the projects
//! with their plan, what they did and what is expected, where a forecast is filed for a project;
//! 「预测填报」 the month's forecasts through review. The period picked is the month forecast, the current
//! month unless the link names one (a forecast looks ahead; the other dispatch screens open on the
//! latest closed month). Each tab exports what it shows; the import lands rows as drafts of the month's
//! forecasts. Buttons by grant (menu `investment_forecasting`), review steps by the server's `nextSteps`.
import { PageContainer } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, type CrudMode, CrudTable, type CrudTableHandle, DeptTreeSelect, type ExtraButton, hasButton, ImportDialog } from '@/components/Crud';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import { useReviewActions } from '@/components/Review';
import {
  exportForecastProjects,
  exportForecasts,
  FORECAST_BASE,
  type ForecastProjectRow,
  type ForecastRecord,
  forecastReview,
  listForecastProjects,
  listForecasts,
  removeForecasts,
} from '@/services/business/forecast';
import { useDownload } from '@/utils/useDownload';
import { MESSAGES, useForecastColumns, useProjectColumns, useT } from './columns';
import ForecastDrawer, { FORECAST_MENU, type ForecastProject } from './components/ForecastDrawer';
import SummaryPanel from './components/SummaryPanel';

type Tab = 'summary' | 'projects' | 'forecasts';
const TABS: Tab[] = ['summary', 'projects', 'forecasts'];

/** A button this list does not offer where the menu lists it. */
const NOT_HERE = { run: undefined };

/** `report_status` 草稿 and 已退回: the filler's, so it may change or go. */
const CHANGEABLE = ['0', '3'];

const InvestmentForecasting: React.FC = () => {
  const t = useT();
  const [tab, setTab] = useState<Tab>('summary');
  const [period, setPeriod] = usePeriodParam({ default: 'current' });
  const [dept, setDept] = useState<string>();
  const projectsTable = useRef<CrudTableHandle>(null);
  const forecastsTable = useRef<CrudTableHandle>(null);
  const projectColumns = useProjectColumns(period.month);
  const forecastColumns = useForecastColumns();
  const review = useReviewActions<ForecastRecord>(forecastReview, FORECAST_MENU);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string; project?: ForecastProject }>();
  const [importing, setImporting] = useState(false);
  const download = useDownload(t('exportFailed'));

  /** Closes the drawer; a change shows in the list it was opened from. */
  const closeDrawer = (changed: boolean) => {
    setDrawer(undefined);
    if (changed) (tab === 'projects' ? projectsTable : forecastsTable).current?.reload();
  };

  /** Closes the import; imported drafts show in the list it was opened from. */
  const closeImport = (imported: boolean) => {
    setImporting(false);
    if (imported) (tab === 'projects' ? projectsTable : forecastsTable).current?.reload();
  };

  // 填报预测 of a project without a forecast this month comes with the grant to add one.
  const projectButtons: ExtraButton[] = useMemo(() => [{ alias: 'fill', name: t('action.fill'), grantedBy: 'add', place: 'row' }], [t]);

  const projectActions: Record<string, CrudAction<ForecastProjectRow>> = {
    add: NOT_HERE,
    delete: NOT_HERE,
    // CrudTable hands every action the query it last listed: the export is exactly the rows on screen
    export: {
      needs: 'none',
      run: ({ query }) =>
        void download.run(
          () => exportForecastProjects({ period: String(query.period), deptId: query.deptId as string | undefined }, t('export.projectsName')),
          t('export.done'),
        ),
    },
    import: { needs: 'none', run: () => setImporting(true) },
    submit: NOT_HERE,
    approve: NOT_HERE,
    return: NOT_HERE,
    fill: {
      needs: 'one',
      hidden: (row) => !!row.forecastId,
      run: ({ rows }) => setDrawer({ mode: 'add', project: { projectId: rows[0].projectId, projectName: rows[0].projectName, deptName: rows[0].deptName } }),
    },
    edit: {
      needs: 'one',
      label: () => t('action.edit'),
      hidden: (row) => !row.forecastId || !CHANGEABLE.includes(row.forecastStatus),
      run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].forecastId! }),
    },
    view: { needs: 'one', label: () => t('action.view'), hidden: (row) => !row.forecastId, run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].forecastId! }) },
  };

  const forecastActions: Record<string, CrudAction<ForecastRecord>> = {
    ...review.actions,
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    edit: { needs: 'one', hidden: (row) => !CHANGEABLE.includes(row.reportStatus), run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => !CHANGEABLE.includes(row.reportStatus) },
    export: {
      needs: 'none',
      run: ({ query }) =>
        void download.run(
          () => exportForecasts({ period: String(query.period), reportStatus: query.reportStatus as string | undefined }, t('export.forecastsName')),
          t('export.done'),
        ),
    },
    import: { needs: 'none', run: () => setImporting(true) },
  };

  return (
    <PageContainer
      tabList={TABS.map((key) => ({ key, tab: t(`tab.${key}`) }))}
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as Tab)}
      extra={<PeriodPicker value={period} onChange={setPeriod} />}
    >
      {tab === 'summary' ? (
        <SummaryPanel
          period={period}
          canExport={hasButton(FORECAST_MENU, 'export')}
          onDept={(d) => {
            setDept(d.deptId);
            setTab('projects');
          }}
        />
      ) : null}
      {tab === 'projects' ? (
        <CrudTable<ForecastProjectRow>
          ref={projectsTable}
          menuCode={FORECAST_MENU}
          settingsKey={`${FORECAST_MENU}:projects`}
          rowKey="projectId"
          headerTitle={
            <Space wrap size="middle">
              <DeptTreeSelect
                aria-label={t('column.dept')}
                data-testid="dept-filter"
                value={dept}
                onChange={(v) => setDept(v as string | undefined)}
                placeholder={t('filter.dept')}
                allowClear
                style={{ width: 220 }}
              />
              <Typography.Text type="secondary">{t('unitLine')}</Typography.Text>
            </Space>
          }
          columns={projectColumns}
          list={(q) => listForecastProjects({ period: String(q.period), deptId: q.deptId as string | undefined })}
          actions={projectActions}
          extraButtons={projectButtons}
          rowButtonLimit={3}
          tableProps={{ params: { period: formatPeriod(period), deptId: dept }, search: false, pagination: false }}
        />
      ) : null}
      {tab === 'forecasts' ? (
        <CrudTable<ForecastRecord>
          ref={forecastsTable}
          menuCode={FORECAST_MENU}
          settingsKey={`${FORECAST_MENU}:forecasts`}
          headerTitle={<Typography.Text type="secondary">{t('unitLine')}</Typography.Text>}
          columns={forecastColumns}
          list={(q) => listForecasts({ period: String(q.period), reportStatus: q.reportStatus as string | undefined })}
          remove={(ids) => removeForecasts(ids)}
          actions={forecastActions}
          extraButtons={review.extraButtons}
          rowButtonLimit={3}
          tableProps={{ params: { period: formatPeriod(period) }, search: { labelWidth: 'auto' }, pagination: false }}
        />
      ) : null}
      {review.holder}
      <ImportDialog open={importing} onClose={closeImport} base={FORECAST_BASE} messages={MESSAGES} testId="forecast-import" />
      {drawer ? <ForecastDrawer mode={drawer.mode} id={drawer.id} period={period} project={drawer.project} onClose={closeDrawer} /> : null}
    </PageContainer>
  );
};

export default InvestmentForecasting;
