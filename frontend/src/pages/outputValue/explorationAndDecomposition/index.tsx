//! /outputValue/explorationAndDecomposition (摸底分解, domain-model §2.3.5): at the turn of the year (年初) or
//! mid-year (年中) each enterprise states the output it expects for the year, quarter by quarter, and what
//! drives it (new capacity from projects going into production, orders, risks). A park clerk files the
//! surveys and submits them; the park's reviewer verifies each (审核: 园区核定产值 and 通过, or 退回 with an
//! opinion; 反审核 with a reason; many at once keeps the figures). Above the list, the round's figures by
//! department against each department's target and the gap still to cover; from there the committee runs
//! 生成分解, which proposes the year's enterprise targets of 年度产值分解 from the verified figures. The
//! year, round, department, status and enterprise name are in the URL. Buttons by grant (menu
//! `exploration_decomposition`; 生成分解 with the grant to add enterprise targets), review steps by the
//! server's `nextSteps`; 导出 downloads the summary and every survey the filters find. 导入 takes many
//! enterprises' surveys from one sheet and lands them as drafts, to submit for verification as usual.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Input, Select, Space, Typography } from 'antd';
import React, { useCallback, useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, DeptTreeSelect, hasButton, ImportDialog } from '@/components/Crud';
import { YearPicker } from '@/components/Period';
import { allows, useReviewActions } from '@/components/Review';
import {
  exportOutputSurveys,
  getSurveySummary,
  listOutputSurveys,
  type OutputSurveyQuery,
  type OutputSurveyRecord,
  removeOutputSurveys,
  SURVEY_ROUNDS,
  type SurveySummary as Summary,
  surveyReview,
} from '@/services/business/outputSurvey';
import { useDownload } from '@/utils/useDownload';
import { useQueryParams } from '@/utils/useQueryParams';
import { MESSAGES, useRoundLabel, useSurveyColumns, useT } from './columns';
import GenerateModal from './components/GenerateModal';
import SurveyDrawer from './components/SurveyDrawer';
import SurveySummary from './components/SurveySummary';
import VerifyModal from './components/VerifyModal';

export const SURVEY_MENU = 'exploration_decomposition';
/** 生成分解 makes draft targets of 年度产值分解: it comes with that menu's grant to add them. */
const BREAKDOWN_MENU = 'annual_output_breakdown';

/** `report_status` keys a filler may still change: 草稿 and 已退回. */
const CHANGEABLE = ['0', '3'];
/** The round filter's value for every round. */
const ALL_ROUNDS = 'all';
/** A button of the menu this screen does not offer as such (退回 is in the verification dialog). */
const NOT_HERE = { run: undefined };
/** The service the import dialog adds `/export-template` and `/import` to. */
const IMPORT_BASE = '/outputSurvey';

/** The screen's filters, from `?year=&round=&deptId=&reportStatus=&enterpriseName=`: this calendar year
 * and the 年初 round without them. */
function useSurveyFilters() {
  const [params, set] = useQueryParams();
  const yearText = Number(params.get('year'));
  const year = Number.isInteger(yearText) && yearText > 1900 ? yearText : new Date().getFullYear();
  const roundText = params.get('round');
  const round = roundText === ALL_ROUNDS || SURVEY_ROUNDS.includes(roundText as any) ? roundText! : SURVEY_ROUNDS[0];
  const deptId = params.get('deptId') || undefined;
  const reportStatus = params.get('reportStatus') || undefined;
  const enterpriseName = params.get('enterpriseName') || undefined;
  const query: OutputSurveyQuery = useMemo(
    () => ({ surveyYear: year, surveyRound: round === ALL_ROUNDS ? undefined : round, deptId, reportStatus, enterpriseName }),
    [year, round, deptId, reportStatus, enterpriseName],
  );
  return { year, round, query, set };
}

const ExplorationAndDecomposition: React.FC = () => {
  const t = useT();
  const intl = useIntl();
  const roundLabel = useRoundLabel();
  const { year, round, query, set } = useSurveyFilters();
  const columns = useSurveyColumns(round === ALL_ROUNDS);
  const review = useReviewActions<OutputSurveyRecord>(surveyReview, SURVEY_MENU);
  const table = useRef<CrudTableHandle>(null);
  const [drawer, setDrawer] = useState<{ mode: 'add' | 'edit' | 'view'; id?: string }>();
  const [verifying, setVerifying] = useState<{ record: OutputSurveyRecord; done: () => void }>();
  const [generating, setGenerating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [summary, setSummary] = useState<{ data?: Summary; loading: boolean }>({ loading: true });
  const latestSummary = useRef(0);
  const download = useDownload(t('exportFailed'));

  /** The summary of the list's year, round and department; a reply overtaken by a newer one is dropped. */
  const loadSummary = useCallback((q: OutputSurveyQuery) => {
    const mine = ++latestSummary.current;
    if (!q.surveyRound) {
      setSummary({ loading: false });
      return;
    }
    setSummary((s) => ({ ...s, loading: true }));
    getSurveySummary({ surveyYear: q.surveyYear, surveyRound: q.surveyRound, deptId: q.deptId }).then(
      (res) => mine === latestSummary.current && setSummary({ data: res?.success ? res.data : undefined, loading: false }),
      () => mine === latestSummary.current && setSummary({ loading: false }),
    );
  }, []);

  const reload = () => table.current?.reload();
  const closeThen = (close: () => void) => (changed: boolean) => {
    close();
    if (changed) reload();
  };

  const canApprove = hasButton(SURVEY_MENU, 'approve');
  const canReturn = hasButton(SURVEY_MENU, 'return');

  const actions: Record<string, CrudAction<OutputSurveyRecord>> = {
    ...review.actions,
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    edit: {
      needs: 'one',
      hidden: (row) => !CHANGEABLE.includes(row.reportStatus),
      run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }),
    },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => !CHANGEABLE.includes(row.reportStatus) },
    // one survey is verified with its figure (审核: 通过 or 退回); many at once keep theirs
    approve: {
      ...review.actions.approve,
      label: () => t('action.verify'),
      run: (ctx) => {
        const [only] = ctx.rows;
        if (ctx.rows.length === 1 && allows(only, 'approve')) {
          setVerifying({ record: only, done: ctx.reload });
          return undefined;
        }
        return review.actions.approve.run!(ctx);
      },
    },
    // whoever may approve returns from the verification dialog
    return: canApprove ? NOT_HERE : review.actions.return,
    export: {
      needs: 'none',
      run: () => void download.run(() => exportOutputSurveys(query, t('exportName')), t('exported')),
    },
    import: { needs: 'none', run: () => setImporting(true) },
  };

  const statuses = ['0', '1', '2', '3'].map((c) => ({ value: c, label: intl.formatMessage({ id: `component.review.status.${c}` }) }));
  const rounds = [{ value: ALL_ROUNDS, label: t('filter.allRounds') }, ...SURVEY_ROUNDS.map((r) => ({ value: r, label: roundLabel(r) }))];

  return (
    <PageContainer
      extra={
        <Space wrap>
          <DeptTreeSelect
            fit="park"
            aria-label={t('filter.dept')}
            data-testid="survey-dept"
            value={query.deptId}
            allowClear
            onChange={(v) => set({ deptId: v ? String(v) : undefined })}
            placeholder={t('filter.allDepts')}
            style={{ width: 200 }}
          />
          <Select
            aria-label={t('filter.round')}
            data-testid="survey-round"
            value={round}
            options={rounds}
            onChange={(v: string) => set({ round: v })}
            style={{ width: intl.locale.startsWith('zh') ? 110 : 140 }}
          />
          <YearPicker value={year} onChange={(y) => set({ year: y })} />
        </Space>
      }
    >
      <SurveySummary
        data={summary.data}
        loading={summary.loading}
        year={year}
        round={query.surveyRound}
        onGenerate={hasButton(BREAKDOWN_MENU, 'add') ? () => setGenerating(true) : undefined}
      />
      <CrudTable<OutputSurveyRecord>
        ref={table}
        menuCode={SURVEY_MENU}
        headerTitle={
          <Space wrap>
            <Select
              aria-label={t('filter.status')}
              data-testid="survey-status"
              allowClear
              placeholder={t('filter.allStatuses')}
              value={query.reportStatus}
              options={statuses}
              onChange={(v?: string) => set({ reportStatus: v })}
              style={{ width: 130 }}
            />
            <Input.Search
              // a link or the back button may change the name: the box follows it
              key={query.enterpriseName ?? ''}
              aria-label={t('filter.enterpriseName')}
              data-testid="survey-name"
              allowClear
              defaultValue={query.enterpriseName}
              placeholder={t('filter.enterpriseName')}
              onSearch={(v) => set({ enterpriseName: v.trim() })}
              style={{ width: 220 }}
            />
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 14 }}>
              {t('unitLine')}
            </Typography.Text>
          </Space>
        }
        columns={columns}
        list={async (q) => {
          const filters = q as OutputSurveyQuery;
          // the summary follows every load of the list: a step taken on a survey changes it
          loadSummary(filters);
          return listOutputSurveys(filters);
        }}
        remove={removeOutputSurveys}
        actions={actions}
        extraButtons={review.extraButtons}
        tableProps={{
          params: { ...query },
          pagination: { defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200] },
        }}
      />
      {review.holder}
      {drawer ? <SurveyDrawer mode={drawer.mode} id={drawer.id} year={year} round={query.surveyRound} onClose={closeThen(() => setDrawer(undefined))} /> : null}
      {verifying ? (
        <VerifyModal
          record={verifying.record}
          canReturn={canReturn && allows(verifying.record, 'return')}
          onClose={(changed) => {
            const { done } = verifying;
            setVerifying(undefined);
            if (changed) done();
          }}
        />
      ) : null}
      {/* imported surveys are drafts: reloading the list reloads the summary too (it follows every load) */}
      <ImportDialog open={importing} onClose={closeThen(() => setImporting(false))} base={IMPORT_BASE} messages={MESSAGES} testId="survey-import" />
      {generating ? (
        <GenerateModal year={year} deptId={query.deptId} round={query.surveyRound} onClose={() => setGenerating(false)} />
      ) : null}
    </PageContainer>
  );
};

export default ExplorationAndDecomposition;
