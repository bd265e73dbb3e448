//! /investment/trackProject (跟踪项目, domain-model §2.2.7): the working list of the dispatch meeting and
//! the monthly progress reports behind it (§2.2.6). 「跟踪项目」 lists every tracked project of the chosen
//! month (the previous one by default, kept in the URL) with the month's figures and whether it was
//! reported; a park clerk files the month's report from its row (or changes a draft or returned one)
//! and reads a project's reports. 「月报审核」 is the queue of reports: the clerk submits, the reviewer
//! approves — which also moves the project to the status the report proposes — or returns with an
//! opinion, row by row or for the selected rows; export downloads exactly what the filters show.
//! Buttons by grant (menu `track_project`), review steps by the server's nextSteps.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, type CrudMode, CrudTable, type CrudTableHandle, type ExtraButton } from '@/components/Crud';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import { useReviewActions } from '@/components/Review';
import {
  exportReports,
  listReports,
  listTrackedProjects,
  type ProjectReportQuery,
  type ProjectReportRecord,
  removeReports,
  reportReview,
  type TrackedProjectRecord,
} from '@/services/business/projectReport';
import { blobErrorMessage } from '@/utils/files';
import { showError, showSuccessToast } from '@/utils/requestMessages';
import { useReportColumns, useTrackedColumns } from './columns';
import ReportDrawer, { TRACK_MENU } from './components/ReportDrawer';
import ReportHistory from './components/ReportHistory';

type Tab = 'tracked' | 'review';
/** `report_status` keys a filler may still change: 草稿 and 已退回. */
const CHANGEABLE = ['0', '3'];

/** A report the filler may change: the server lets it be (re)submitted. */
const editable = (row: ProjectReportRecord) => !!row.nextSteps?.some((s) => s === 'submit' || s === 'resubmit');

/** A button the tracked list does not show (the built-in add, delete… belong to the reports). */
const NOT_HERE = { run: undefined };

const TrackProject: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.trackProject.${key}` });
  const [tab, setTab] = useState<Tab>('tracked');
  const [period, setPeriod] = usePeriodParam();
  const trackedTable = useRef<CrudTableHandle>(null);
  const reportTable = useRef<CrudTableHandle>(null);
  const trackedColumns = useTrackedColumns(period);
  const reportColumns = useReportColumns();
  const review = useReviewActions<ProjectReportRecord>(reportReview, TRACK_MENU);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string; project?: TrackedProjectRecord }>();
  const [history, setHistory] = useState<TrackedProjectRecord>();
  const [exporting, setExporting] = useState(false);

  const reload = () => (tab === 'tracked' ? trackedTable : reportTable).current?.reload();

  /** Downloads exactly the reports on screen: CrudTable hands every action the query it last listed. */
  const runExport = async (query: ProjectReportQuery) => {
    setExporting(true);
    try {
      await exportReports(query, t('exportName'));
      showSuccessToast(t('exported'));
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // 填报月报 of a month not yet reported comes with the grant to add a report.
  const trackedButtons: ExtraButton[] = useMemo(
    () => [{ alias: 'fill', name: t('fill'), grantedBy: 'add', place: 'row' }],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  const trackedActions: Record<string, CrudAction<TrackedProjectRecord>> = {
    add: NOT_HERE,
    delete: NOT_HERE,
    fill: { needs: 'one', hidden: (row) => !!row.monthReportId, run: ({ rows }) => setDrawer({ mode: 'add', project: rows[0] }) },
    edit: {
      needs: 'one',
      label: () => t('fill'),
      hidden: (row) => !row.monthReportId || !CHANGEABLE.includes(row.monthReportStatus),
      run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].monthReportId!, project: rows[0] }),
    },
    view: { needs: 'one', label: () => t('viewReports'), run: ({ rows }) => setHistory(rows[0]) },
  };

  const reportActions: Record<string, CrudAction<ProjectReportRecord>> = {
    ...review.actions,
    // reports are filed from the tracked list, for a project and a month
    add: NOT_HERE,
    edit: { needs: 'one', hidden: (row) => !editable(row), run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => !CHANGEABLE.includes(row.reportStatus) },
    export: { needs: 'none', run: ({ query }) => (exporting ? undefined : void runExport(query as ProjectReportQuery)) },
  };

  return (
    <PageContainer
      tabList={[
        { key: 'tracked', tab: t('tab.tracked') },
        { key: 'review', tab: t('tab.review') },
      ]}
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as Tab)}
    >
      {tab === 'tracked' ? (
        <CrudTable<TrackedProjectRecord>
          ref={trackedTable}
          menuCode={TRACK_MENU}
          settingsKey={`${TRACK_MENU}:tracked`}
          headerTitle={<PeriodPicker value={period} onChange={setPeriod} />}
          columns={trackedColumns}
          list={(query) => listTrackedProjects(query)}
          actions={trackedActions}
          extraButtons={trackedButtons}
          tableProps={{ params: { period: formatPeriod(period) }, search: { labelWidth: 'auto', defaultCollapsed: true } }}
        />
      ) : (
        <CrudTable<ProjectReportRecord>
          ref={reportTable}
          menuCode={TRACK_MENU}
          settingsKey={`${TRACK_MENU}:review`}
          columns={reportColumns}
          list={(query) => listReports(query as ProjectReportQuery)}
          remove={(ids) => removeReports(ids)}
          actions={reportActions}
          extraButtons={review.extraButtons}
          tableProps={{ search: { labelWidth: 'auto', defaultCollapsed: true } }}
        />
      )}
      {review.holder}
      {drawer ? (
        <ReportDrawer
          mode={drawer.mode}
          id={drawer.id}
          project={drawer.project}
          onClose={(changed) => {
            setDrawer(undefined);
            if (changed) reload();
          }}
        />
      ) : null}
      {history ? (
        <ReportHistory
          project={history}
          onClose={(changed) => {
            setHistory(undefined);
            if (changed) reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
};

export default TrackProject;
