//! /outputValue/report (产值填报, domain-model §2.3.1): every enterprise's output for the chosen month (the
//! previous one by default, kept in the URL) — the enterprises that owe a report and have not filed (未填)
//! included — with 1–N月累计, last year's and the YoY change, and above them how many of those owing a
//! report have reported (应报 / 已报 / 未报) per department. A park clerk fills in a month from its row
//! and submits it; the reviewer approves (also many at once), returns with an opinion or un-approves with
//! a reason; export downloads exactly what the filters show, 导出全年 the same for every month of the
//! chosen month's year so far; 催报 sends the parks of the month's missing enterprises a notice (and the
//! enterprises a text, when asked); the committee locks a reported month.
//! Import (导入) takes many enterprises' months from one sheet — the template, or the export of the
//! month's 未填 enterprises with their figures typed in — and lands them as drafts to submit from here.
//! 转为问题 raises a report's 生产经营困难/诉求 as an issue of one of the enterprise's projects (from its row
//! or the view drawer), for whoever may raise issues (跟踪项目's `issue` button, `track_project_issue`).
//! Buttons by grant (menu `output_report`), review steps by the server's nextSteps. A link may open the
//! list on a month and a status (`?period=2026-10&reportStatus=unreported`, the home page's to-dos).
import { PageContainer, type ProFormInstance } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Checkbox, Input, Modal, Space } from 'antd';
import React, { useCallback, useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, type ExtraButton, hasButton, ImportDialog } from '@/components/Crud';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import { useReviewActions } from '@/components/Review';
import {
  type CompletenessView,
  exportOutputReports,
  exportOutputYear,
  getOutputCompleteness,
  listOutputReports,
  lockOutputMonth,
  MISSING,
  type OutputReportQuery,
  type OutputReportRecord,
  outputReview,
  remindMissing,
  removeOutputReports,
  unlockOutputMonth,
} from '@/services/business/outputReport';
import RaiseModal, { type OutputDifficulty } from '@/pages/investment/trackProject/components/RaiseModal';
import { TRACK_MENU } from '@/pages/investment/trackProject/components/ReportDrawer';
import { showSuccessToast, showWarning } from '@/utils/requestMessages';
import { useDownload } from '@/utils/useDownload';
import { useOutputColumns } from './columns';
import Completeness from './components/Completeness';
import OutputReportDrawer, { OUTPUT_MENU, type OutputTarget } from './components/OutputReportDrawer';

/** `report_status` keys a filler may still change: 草稿 and 已退回. */
const CHANGEABLE = ['0', '3'];
/** A button the list does not show as such. */
const NOT_HERE = { run: undefined };
/** The service the import dialog adds `/export-template` and `/import` to, and the screen's words. */
const IMPORT_BASE = '/outputValue';
const MESSAGES = 'pages.output.report';
/** The list filters a link may set, beside the month (`?period=2026-10&reportStatus=1`). */
const URL_FILTERS = ['reportStatus'];

/** 转为问题 applies to a filed report that names a difficulty. */
const hasDifficulty = (row: Pick<OutputReportRecord, 'id' | 'problems'>) => !!row.id && !!row.problems?.trim();
const difficultyOf = (row: OutputReportRecord): OutputDifficulty => ({
  reportId: row.id,
  enterpriseName: row.enterpriseName,
  period: row.period,
  problems: row.problems,
});

const OutputReport: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `${MESSAGES}.${key}` }, values as any);
  const [period, setPeriod] = usePeriodParam();
  const table = useRef<CrudTableHandle>(null);
  const columns = useOutputColumns(period);
  const review = useReviewActions<OutputReportRecord>(outputReview, OUTPUT_MENU);
  const [drawer, setDrawer] = useState<{
    mode: 'edit' | 'view';
    target: OutputTarget;
  }>();
  const [importing, setImporting] = useState(false);
  const [raising, setRaising] = useState<OutputDifficulty>();
  // issues are raised with 跟踪项目's button: the row offers it to whoever holds it (and sees the reports)
  const mayRaise = hasButton(TRACK_MENU, 'issue');
  const [summary, setSummary] = useState<{
    data?: CompletenessView;
    loading: boolean;
  }>({ loading: true });
  const searchForm = useRef<ProFormInstance>(undefined);
  /** the page's rows by enterprise (the table's key): removal goes by report id */
  const reportIds = useRef(new Map<string, string>());
  const download = useDownload(t('exportFailed'));
  const periodText = formatPeriod(period);

  const loadSummary = useCallback(
    (query: OutputReportQuery) => {
      setSummary((s) => ({ ...s, loading: true }));
      const { current: _c, size: _s, reportStatus: _r, decline: _d, ...scope } = query;
      getOutputCompleteness({ ...scope, period: periodText }).then(
        (res) =>
          setSummary({
            data: res?.success ? res.data : undefined,
            loading: false,
          }),
        () => setSummary({ loading: false }),
      );
    },
    [periodText],
  );

  // the list reloads the summary with it
  const reload = () => table.current?.reload();
  const closeThen = (changed: boolean) => {
    setDrawer(undefined);
    if (changed) reload();
  };
  /** Imported months are drafts: the list shows them at once (the summary reloads with it, though a draft
   * is not 已报 until it is submitted). */
  const closeImport = (imported: boolean) => {
    setImporting(false);
    if (imported) reload();
  };

  const lockButtons = useMemo(() => {
    if (!hasButton(OUTPUT_MENU, 'approve') || !summary.data) return null;
    const locked = summary.data.locked;
    const run = () => {
      if (!locked) {
        Modal.confirm({
          title: t('lock.confirm', { period: periodText }),
          content: t('lock.explain'),
          onOk: async () => {
            const res = await lockOutputMonth(periodText);
            if (res?.success) reload();
          },
        });
        return;
      }
      let reason = '';
      Modal.confirm({
        title: t('unlock.confirm', { period: periodText }),
        content: (
          <Input.TextArea maxLength={500} placeholder={t('unlock.reason')} onChange={(e) => (reason = e.target.value)} data-testid="output-unlock-reason" />
        ),
        onOk: async () => {
          const res = await unlockOutputMonth(periodText, reason);
          if (!res?.success) throw new Error('refused');
          reload();
        },
      });
    };
    return (
      <Button onClick={run} data-testid="output-lock">
        {t(locked ? 'unlock.action' : 'lock.action')}
      </Button>
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary.data, periodText, intl]);

  /** 催报: a notice to the parks of the month's missing enterprises of the filters shown, texts optional. */
  const remind = (query: OutputReportQuery) => {
    const missing = summary.data?.total.missing ?? 0;
    if (!missing) {
      showWarning(t('remind.none', { period: periodText }));
      return;
    }
    let sms = false;
    Modal.confirm({
      title: t('remind.confirm', { period: periodText }),
      content: (
        <Space direction="vertical">
          <span>{t('remind.explain', { missing })}</span>
          <Checkbox onChange={(e) => (sms = e.target.checked)} data-testid="output-remind-sms">
            {t('remind.sms')}
          </Checkbox>
        </Space>
      ),
      onOk: async () => {
        const res = await remindMissing({ ...query, period: periodText }, sms);
        if (!res?.success || !res.data) throw new Error('refused');
        const r = res.data;
        const texts = sms && !r.smsError ? t('remind.texted', { texted: r.texted, withoutPhone: r.withoutPhone }) : '';
        showSuccessToast(t('remind.done', { notices: r.notices, enterprises: r.enterprises }) + texts);
        if (sms && r.smsError) showWarning(t('remind.smsFailed', { reason: r.smsError }));
      },
    });
  };

  const extraButtons: ExtraButton[] = useMemo(
    () => [
      { alias: 'fill', name: t('fill'), grantedBy: 'add', place: 'row' },
      { alias: 'exportYear', name: t('exportYear', { year: period.year }), grantedBy: 'export', place: 'toolbar', source: 'export' },
      ...(mayRaise ? [{ alias: 'raiseIssue', name: t('raiseIssue'), grantedBy: 'view', place: 'row' } satisfies ExtraButton] : []),
      ...review.extraButtons,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, review.extraButtons, period.year, mayRaise],
  );

  const actions: Record<string, CrudAction<OutputReportRecord>> = {
    ...review.actions,
    // months are filled from their enterprise's row
    add: NOT_HERE,
    fill: {
      needs: 'one',
      hidden: (row) => !!row.id,
      run: ({ rows }) =>
        setDrawer({
          mode: 'edit',
          target: { enterpriseId: rows[0].enterpriseId, period: periodText },
        }),
    },
    edit: {
      needs: 'one',
      hidden: (row) => !row.id || !CHANGEABLE.includes(row.reportStatus),
      run: ({ rows }) => setDrawer({ mode: 'edit', target: { id: rows[0].id } }),
    },
    view: {
      needs: 'one',
      hidden: (row) => !row.id,
      run: ({ rows }) => setDrawer({ mode: 'view', target: { id: rows[0].id } }),
    },
    delete: {
      hidden: (row) => !row.id || !CHANGEABLE.includes(row.reportStatus),
    },
    raiseIssue: {
      needs: 'one',
      hidden: (row) => !hasDifficulty(row),
      run: ({ rows }) => setRaising(difficultyOf(rows[0])),
    },
    export: {
      needs: 'none',
      run: ({ query }) => void download.run(() => exportOutputReports({ ...(query as OutputReportQuery), period: periodText }, t('exportName')), t('exported')),
    },
    exportYear: {
      needs: 'none',
      run: ({ query }) =>
        void download.run(
          () => exportOutputYear(query as OutputReportQuery, period.year, t('exportYearName', { year: period.year })),
          t('exported'),
        ),
    },
    import: { needs: 'none', run: () => setImporting(true) },
    remind: { needs: 'none', run: ({ query }) => remind(query as OutputReportQuery) },
  };

  return (
    <PageContainer
      extra={
        <Space>
          <PeriodPicker value={period} onChange={setPeriod} />
          {lockButtons}
        </Space>
      }
    >
      <Completeness
        data={summary.data}
        loading={summary.loading}
        onShowMissing={() => {
          searchForm.current?.setFieldsValue({ reportStatus: MISSING });
          searchForm.current?.submit();
        }}
      />
      <CrudTable<OutputReportRecord>
        ref={table}
        menuCode={OUTPUT_MENU}
        headerTitle={<span style={{ fontWeight: 'normal', fontSize: 14 }}>{t('unitLine')}</span>}
        rowKey="enterpriseId"
        columns={columns}
        list={async (query) => {
          const q = { ...(query as OutputReportQuery), period: periodText };
          const { current: _c, size: _s, ...kept } = q;
          // the summary counts within the same department, industry and 规上 filters, and follows every change
          loadSummary(kept);
          const res = await listOutputReports(q);
          reportIds.current = new Map((res?.data?.records ?? []).map((r) => [r.enterpriseId, r.id]));
          return res;
        }}
        remove={(ids) => removeOutputReports(ids.map((e) => reportIds.current.get(e) ?? '').filter(Boolean))}
        actions={actions}
        extraButtons={extraButtons}
        rowButtonLimit={2}
        // a link (the home page's to-dos) may open the month on one status: 待审核, 已退回, 未报
        urlFilters={URL_FILTERS}
        tableProps={{
          formRef: searchForm,
          params: { period: periodText },
          search: { labelWidth: 'auto', defaultCollapsed: true },
          scroll: { x: 'max-content' },
        }}
      />
      {review.holder}
      <ImportDialog open={importing} onClose={closeImport} base={IMPORT_BASE} messages={MESSAGES} testId="output-import" />
      {drawer ? (
        <OutputReportDrawer
          mode={drawer.mode}
          target={drawer.target}
          onClose={closeThen}
          onRaiseIssue={mayRaise ? (record) => hasDifficulty(record) && setRaising(difficultyOf(record)) : undefined}
        />
      ) : null}
      {/* the issue goes to the ledger: nothing on this list changes */}
      {raising ? <RaiseModal difficulty={raising} onClose={() => setRaising(undefined)} /> : null}
    </PageContainer>
  );
};

export default OutputReport;
