//! /investment/trackProject (跟踪项目, domain-model §2.2.7): the working list of the dispatch meeting and
//! the monthly progress reports behind it (§2.2.6). 「跟踪项目」 lists every tracked project of the chosen
//! month (the previous one by default, kept in the URL) with the month's figures and whether it was
//! reported; a park clerk files the month's report from its row (or changes a draft or returned one)
//! and reads a project's reports. 「月报审核」 is the queue of reports: the clerk submits, the reviewer
//! approves — which also moves the project to the status the report proposes — or returns with an
//! opinion, row by row or for the selected rows; export downloads exactly what the filters show.
//! From a tracked project's row a clerk also raises an issue (上报问题) of the month and reads or fills
//! in its annual plan (年度计划); its highest open issue opens 「问题台账」 on the project's issues — the
//! ledger where issues are triaged, assigned, handled and struck off (components/IssueLedger).
//! Buttons by grant (menu `track_project`), review steps by the server's nextSteps, issue moves by the
//! issue's `actions`. The tab is kept in the URL (`?tab=review`, `?tab=issues`) with the filters a link
//! may set on it (`reportStatus`; `assigned`, `overdue`, `open`): the home page's to-dos open it so.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useCallback, useMemo, useRef, useState } from 'react';
import { type CrudAction, type CrudMode, CrudTable, type CrudTableHandle, type ExtraButton, hasButton, ImportDialog } from '@/components/Crud';
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
import { useReportColumns, useTrackedColumns } from './columns';
import IssueLedger, { ISSUE_URL_FILTERS } from './components/IssueLedger';
import PlanModal from './components/PlanModal';
import RaiseModal, { type RaiseTarget } from './components/RaiseModal';
import ReportDrawer, { TRACK_MENU } from './components/ReportDrawer';
import ReportHistory from './components/ReportHistory';
import { useDownload } from '@/utils/useDownload';
import { useQueryParams } from '@/utils/useQueryParams';

const TABS = ['tracked', 'review', 'issues'] as const;
type Tab = (typeof TABS)[number];
/** The review queue's filters a link may set (`?tab=review&reportStatus=1`). */
const REVIEW_URL_FILTERS = ['reportStatus'];
/** Every tab's filters in the URL: another tab starts without them. */
const TAB_FILTERS = [...REVIEW_URL_FILTERS, ...ISSUE_URL_FILTERS];
/** `report_status` keys a filler may still change: 草稿 and 已退回. */
const CHANGEABLE = ['0', '3'];

/** A report the filler may change: the server lets it be (re)submitted. */
const editable = (row: ProjectReportRecord) => !!row.nextSteps?.some((s) => s === 'submit' || s === 'resubmit');

/** A button the tracked list does not show (the built-in add, delete… belong to the reports). */
const NOT_HERE = { run: undefined };

const TrackProject: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.trackProject.${key}` });
  const [params, setParams] = useQueryParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'tracked';
  const setTab = useCallback(
    (next: Tab) => setParams({ tab: next === 'tracked' ? undefined : next, ...Object.fromEntries(TAB_FILTERS.map((k) => [k, undefined])) }),
    [setParams],
  );
  const [period, setPeriod] = usePeriodParam();
  const trackedTable = useRef<CrudTableHandle>(null);
  const reportTable = useRef<CrudTableHandle>(null);
  const [issueProject, setIssueProject] = useState<{ id: string; name: string }>();
  const openIssues = useCallback((row: TrackedProjectRecord) => {
    setIssueProject({ id: row.id, name: row.projectName });
    setTab('issues');
  }, [setTab]);
  const trackedColumns = useTrackedColumns(period, openIssues);
  const reportColumns = useReportColumns();
  const review = useReviewActions<ProjectReportRecord>(reportReview, TRACK_MENU);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string; project?: TrackedProjectRecord }>();
  const [history, setHistory] = useState<TrackedProjectRecord>();
  const [raising, setRaising] = useState<RaiseTarget>();
  const [planning, setPlanning] = useState<TrackedProjectRecord>();
  const [importing, setImporting] = useState(false);
  const download = useDownload(t('exportFailed'));

  const reload = () => (tab === 'tracked' ? trackedTable : reportTable).current?.reload();
  /** Closes a drawer or dialog, and reloads the list when it changed something. */
  const closeThen = (close: () => void) => (changed: boolean) => {
    close();
    if (changed) reload();
  };

  /** Downloads exactly the reports on screen: CrudTable hands every action the query it last listed. */
  const runExport = (query: ProjectReportQuery) => download.run(() => exportReports(query, t('exportName')), t('exported'));

  // 填报月报 of a month not yet reported comes with the grant to add a report; the annual plans with
  // the grant to see (saving one needs `edit`).
  const trackedButtons: ExtraButton[] = useMemo(
    () => [
      { alias: 'fill', name: t('fill'), grantedBy: 'add', place: 'row' },
      { alias: 'plan', name: t('plan.action'), grantedBy: 'view', place: 'row' },
    ],
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
    issue: {
      needs: 'one',
      // the seed calls the button 上报问题; the shared label of the alias is another word
      label: () => t('issue.action.raise'),
      run: ({ rows }) =>
        setRaising({ projectId: rows[0].id, projectName: rows[0].projectName, period: rows[0].period || formatPeriod(period), reportId: rows[0].monthReportId }),
    },
    plan: { needs: 'one', run: ({ rows }) => setPlanning(rows[0]) },
    import: { needs: 'none', run: () => setImporting(true) },
  };

  const reportActions: Record<string, CrudAction<ProjectReportRecord>> = {
    ...review.actions,
    // reports are filed from the tracked list, for a project and a month
    add: NOT_HERE,
    edit: { needs: 'one', hidden: (row) => !editable(row), run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => !CHANGEABLE.includes(row.reportStatus) },
    export: { needs: 'none', run: ({ query }) => void runExport(query as ProjectReportQuery) },
    import: { needs: 'none', run: () => setImporting(true) },
  };

  return (
    <PageContainer
      tabList={[
        { key: 'tracked', tab: t('tab.tracked') },
        { key: 'review', tab: t('tab.review') },
        { key: 'issues', tab: t('tab.issues') },
      ]}
      tabActiveKey={tab}
      onTabChange={(key) => {
        // a project's issues are shown when opened from its row; the tab itself shows them all
        setIssueProject(undefined);
        setTab(key as Tab);
      }}
    >
      {tab === 'issues' ? <IssueLedger project={issueProject} onClearProject={() => setIssueProject(undefined)} /> : null}
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
          rowButtonLimit={2}
          tableProps={{ params: { period: formatPeriod(period) }, search: { labelWidth: 'auto', defaultCollapsed: true } }}
        />
      ) : null}
      {tab === 'review' ? (
        <CrudTable<ProjectReportRecord>
          ref={reportTable}
          menuCode={TRACK_MENU}
          settingsKey={`${TRACK_MENU}:review`}
          columns={reportColumns}
          list={(query) => listReports(query as ProjectReportQuery)}
          remove={(ids) => removeReports(ids)}
          actions={reportActions}
          extraButtons={review.extraButtons}
          urlFilters={REVIEW_URL_FILTERS}
          tableProps={{ search: { labelWidth: 'auto', defaultCollapsed: true } }}
        />
      ) : null}
      {review.holder}
      {drawer ? (
        <ReportDrawer
          mode={drawer.mode}
          id={drawer.id}
          project={drawer.project}
          onClose={closeThen(() => setDrawer(undefined))}
        />
      ) : null}
      {raising ? (
        <RaiseModal
          target={raising}
          onClose={closeThen(() => setRaising(undefined))}
        />
      ) : null}
      {planning ? (
        <PlanModal
          project={planning}
          year={period.year}
          editable={hasButton(TRACK_MENU, 'edit')}
          onClose={closeThen(() => setPlanning(undefined))}
        />
      ) : null}
      <ImportDialog
        open={importing}
        onClose={closeThen(() => setImporting(false))}
        base="/projectReport"
        messages="pages.investment.trackProject"
        testId="report-import"
      />
      {history ? (
        <ReportHistory
          project={history}
          onClose={closeThen(() => setHistory(undefined))}
        />
      ) : null}
    </PageContainer>
  );
};

export default TrackProject;
