//! /outputValue/annualOutputBreakdown (年度产值分解, domain-model §2.3.3): the committee breaks a
//! department's annual 规上工业总产值 target (issued in 目标任务) down to its reporting enterprises — by hand
//! or 按上年结构分解 (shared by last year's output, overwriting drafts) — splits each into months and issues
//! it (下达); the park confirms it (确认); 调整 reopens one with a reason and keeps the earlier version.
//! Above the targets: the department's target, Σ its enterprises', what is left 待落实 (red when the
//! enterprises hold more) and how many reporting enterprises have none; below them, those enterprises.
//! The year and the department are in the URL (`?year=2025&deptId=…`), the department by default the
//! top of the tenant's tree. Buttons by grant (menu `annual_output_breakdown`), lifecycle steps by the
//! server's `nextSteps`; 导出 downloads exactly what the list shows. 导入 takes many enterprises' targets
//! from one sheet and lands them as drafts, split as the drawer splits them, to check and issue here.
import { PageContainer } from '@ant-design/pro-components';
import { Space, Table, Typography } from 'antd';
import React, { useCallback, useMemo, useRef, useState } from 'react';
import {
  type CrudAction,
  type CrudActionContext,
  CrudTable,
  type CrudTableHandle,
  DeptTreeSelect,
  type ExtraButton,
  failureMessage,
  fieldErrorOf,
  hasButton,
  ImportDialog,
  menuButtons,
  onRow,
  onToolbar,
  treeTitle,
  useCrudConfirm,
  useDeptTree,
} from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import { YearPicker } from '@/components/Period';
import { ReviseModal, useTargetActions } from '@/components/Targets';
import {
  confirmOutputTargets,
  exportOutputTargets,
  generateOutputTargets,
  listOutputTargets,
  type OutputBreakdown,
  type OutputTargetRecord,
  type PendingEnterprise,
  releaseOutputTargets,
  removeOutputTargets,
  reviseOutputTarget,
} from '@/services/business/outputTarget';
import { showError, showWarning } from '@/utils/requestMessages';
import { useDownload } from '@/utils/useDownload';
import { useQueryParams } from '@/utils/useQueryParams';
import { MESSAGES, totalCell, useT, useTargetColumns } from './columns';
import BreakdownSummary from './components/BreakdownSummary';
import PendingPanel from './components/PendingPanel';
import TargetDrawer from './components/TargetDrawer';
import TargetView from './components/TargetView';

export const BREAKDOWN_MENU = 'annual_output_breakdown';

/** The service the import dialog adds `/export-template` and `/import` to. */
const IMPORT_BASE = '/outputTarget';

/** The buttons CrudTable runs itself, and the rows those on its toolbar act on. */
const BUILT_IN_NEEDS: Record<string, CrudAction<unknown>['needs']> = { add: 'none', edit: 'one', view: 'one', delete: 'some' };

/**
 * Whether the table has a selection column (a toolbar button acting on chosen rows) and an actions
 * column (a row button), as CrudTable decides them: the 合计 row leaves a cell for each.
 */
function tableChrome<T>(buttons: API.MenuButton[], actions: Record<string, CrudAction<T>>) {
  // a page's `run` (even an undefined one) replaces the built-in handler
  const handled = (b: API.MenuButton) => {
    const own = actions[b.alias];
    return own && 'run' in own ? !!own.run : b.alias in BUILT_IN_NEEDS;
  };
  const needs = (b: API.MenuButton) => actions[b.alias]?.needs ?? BUILT_IN_NEEDS[b.alias] ?? 'some';
  return {
    selectable: buttons.some((b) => onToolbar(b) && handled(b) && needs(b) !== 'none'),
    withActions: buttons.some((b) => onRow(b) && b.alias !== 'add' && handled(b)),
  };
}

/** `?year=&deptId=`: the year (this one without it) and the department chosen (none without it), and
 * a setter that replaces them in the URL, keeping the other parameters. */
function useBreakdownParams(): [{ year: number; deptId?: string }, (change: { year?: number; deptId?: string }) => void] {
  const [params, set] = useQueryParams();
  const year = Number(params.get('year'));
  const deptId = params.get('deptId') || undefined;
  const value = useMemo(() => ({ year: Number.isInteger(year) && year > 1900 ? year : new Date().getFullYear(), deptId }), [year, deptId]);
  return [value, set];
}

/** Says why the server refused a step: a refusal naming a field is not shown by the request layer. */
function sayRefusal(e: unknown) {
  const fe = fieldErrorOf(e);
  if (fe) showError(fe.reason);
  else if ((e as any)?.response?.data?.data && failureMessage(e)) showError(failureMessage(e)!);
}

const AnnualOutputBreakdown: React.FC = () => {
  const t = useT();
  const [params, setParams] = useBreakdownParams();
  const depts = useDeptTree('park');
  // without one in the URL, the top of the tenant's tree: the zone whose target is broken down
  const deptId = params.deptId ?? depts.options[0]?.value;
  const year = params.year;
  const ready = !!params.deptId || !depts.loading;
  const deptName = deptId ? treeTitle(depts.options, deptId) : undefined;

  const [breakdown, setBreakdown] = useState<OutputBreakdown>();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const januaryMerged = !!breakdown?.januaryMerged;
  const columns = useTargetColumns(januaryMerged);
  const [confirm, confirmHolder] = useCrudConfirm();
  const table = useRef<CrudTableHandle>(null);
  const [drawer, setDrawer] = useState<{ mode: 'add' | 'edit'; id?: string; enterpriseId?: string }>();
  const [viewing, setViewing] = useState<string>();
  const [revising, setRevising] = useState<OutputTargetRecord>();
  const [pendingOpen, setPendingOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const pendingPanel = useRef<HTMLDivElement>(null);
  const download = useDownload(t('exportFailed'));

  /** The list of the table; the rest of the answer (totals, the department's target, the enterprises
   * without one) goes to the summary. A reply overtaken by a newer one is not shown. */
  const list = async (query: Record<string, unknown>) => {
    const mine = ++latest.current;
    setLoading(true);
    try {
      const res = await listOutputTargets({ year: Number(query.year), deptId: query.deptId ? String(query.deptId) : undefined });
      if (mine === latest.current) setBreakdown(res?.success ? res.data : undefined);
      return { ...res, data: res?.data?.records ?? [] };
    } catch (e) {
      if (mine === latest.current) setBreakdown(undefined);
      throw e;
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  };

  const reload = () => table.current?.reload();
  const closeThen = (close: () => void) => (changed: boolean) => {
    close();
    if (changed) reload();
  };

  // 修改, 查看, 删除 and the lifecycle steps, by the target's status and the server's `nextSteps`; a
  // refused step naming a field is said here
  const lifecycle = useTargetActions<OutputTargetRecord>(
    t,
    confirm,
    {
      issue: (ids) => releaseOutputTargets(ids).catch((e) => void sayRefusal(e)),
      confirm: (ids) => confirmOutputTargets(ids).catch((e) => void sayRefusal(e)),
    },
    { edit: (id) => setDrawer({ mode: 'edit', id }), view: setViewing, revise: setRevising },
  );

  /** 按上年结构分解 of the department shown, after asking (it overwrites drafts); says what it made. */
  const generate = ({ reload: done }: CrudActionContext<OutputTargetRecord>) => {
    if (!deptId) {
      showWarning(t('generate.noDept'));
      return;
    }
    confirm({
      title: t('action.generate'),
      content: t('generate.confirm', { dept: deptName ?? '', year }),
      call: async () => {
        try {
          const res = await generateOutputTargets({ targetYear: year, deptId });
          if (!res?.success) return res;
          const { created, updated, skipped, shared } = res.data;
          return { ...res, msg: t('generate.done', { created, updated, skipped, shared: formatMoney(shared) }) };
        } catch (e) {
          sayRefusal(e);
          return undefined;
        }
      },
      onDone: done,
    });
  };

  // 调整 comes with the grant to issue; 按上年结构分解 makes drafts, so with the grant to add.
  const extraButtons: ExtraButton[] = useMemo(
    () => [
      { alias: 'generate', name: t('action.generate'), grantedBy: 'add', place: 'toolbar' },
      { alias: 'revise', name: t('action.revise'), grantedBy: 'release', place: 'row' },
    ],
    [t],
  );

  const actions: Record<string, CrudAction<OutputTargetRecord>> = {
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    generate: { needs: 'none', run: generate },
    ...lifecycle,
    export: {
      needs: 'none',
      run: () => void download.run(() => exportOutputTargets({ year, deptId }, t('exportName')), t('exported')),
    },
    import: { needs: 'none', run: () => setImporting(true) },
  };

  const { selectable, withActions } = tableChrome(menuButtons(BREAKDOWN_MENU, extraButtons), actions);
  const offset = selectable ? 1 : 0;
  const totals = breakdown?.totals;
  const totalRow = () =>
    totals ? (
      <Table.Summary>
        <Table.Summary.Row data-testid="breakdown-total" style={{ fontWeight: 600 }}>
          {selectable ? <Table.Summary.Cell index={0} /> : null}
          {columns.map((c, i) => (
            <Table.Summary.Cell key={String(c.key)} index={i + offset} align={c.align}>
              {totalCell(String(c.key), totals, t('column.total'))}
            </Table.Summary.Cell>
          ))}
          {withActions ? <Table.Summary.Cell index={columns.length + offset} /> : null}
        </Table.Summary.Row>
      </Table.Summary>
    ) : undefined;

  /** Opens the enterprises without a target, below the table, and brings them into view. */
  const showPending = () => {
    setPendingOpen(true);
    requestAnimationFrame(() => pendingPanel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };

  const canAdd = hasButton(BREAKDOWN_MENU, 'add');
  const addFor = useCallback((p: PendingEnterprise) => setDrawer({ mode: 'add', enterpriseId: p.enterpriseId }), []);

  return (
    <PageContainer
      extra={
        <Space wrap>
          <DeptTreeSelect
            fit="park"
            aria-label={t('filter.dept')}
            data-testid="breakdown-dept"
            value={deptId}
            allowClear={false}
            onChange={(v) => setParams({ deptId: v ? String(v) : undefined })}
            placeholder={t('filter.dept')}
            style={{ width: 200 }}
          />
          <YearPicker value={year} onChange={(y) => setParams({ year: y })} />
        </Space>
      }
    >
      {confirmHolder}
      <BreakdownSummary data={breakdown} loading={loading} hasDept={!!deptId} onShowPending={showPending} />
      {ready ? (
        <CrudTable<OutputTargetRecord>
          ref={table}
          menuCode={BREAKDOWN_MENU}
          headerTitle={
            <Space size="middle" wrap>
              <span data-testid="breakdown-title">{deptName ? t('titleOf', { dept: deptName, year }) : t('title', { year })}</span>
              <Typography.Text type="secondary">{t('unitLine')}</Typography.Text>
            </Space>
          }
          columns={columns}
          list={list}
          remove={(ids) =>
            removeOutputTargets(ids).catch((e) => {
              sayRefusal(e);
              throw e;
            })
          }
          actions={actions}
          extraButtons={extraButtons}
          tableProps={{
            params: { year, deptId },
            // the server answers the whole breakdown (the 合计 row is all of it): a zone's few hundred
            // enterprises are paged here, fifty to a page
            pagination: { defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200] },
            // the 合计 row is laid out column by column: every column stays
            options: { density: false, reload: true, setting: false, fullScreen: false },
            summary: totalRow,
          }}
        />
      ) : null}
      {januaryMerged ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="breakdown-note">
          {t('note.januaryMerged')}
        </Typography.Paragraph>
      ) : null}
      <div ref={pendingPanel}>
        {breakdown ? (
          <PendingPanel year={year} pending={breakdown.pending} open={pendingOpen} onOpenChange={setPendingOpen} onAdd={canAdd ? addFor : undefined} />
        ) : null}
      </div>
      {drawer ? (
        <TargetDrawer
          mode={drawer.mode}
          id={drawer.id}
          year={year}
          enterpriseId={drawer.enterpriseId}
          pending={breakdown?.pending ?? []}
          januaryMerged={januaryMerged}
          onClose={closeThen(() => setDrawer(undefined))}
        />
      ) : null}
      {/* imported targets are drafts: the list, its 合计 and the summary show them at once */}
      <ImportDialog open={importing} onClose={closeThen(() => setImporting(false))} base={IMPORT_BASE} messages={MESSAGES} testId="breakdown-import" />
      {viewing ? <TargetView id={viewing} januaryMerged={januaryMerged} onClose={() => setViewing(undefined)} /> : null}
      {revising ? (
        <ReviseModal
          t={t}
          name="output-target-revise"
          confirm={t('revise.confirm', { enterprise: revising.enterpriseName, version: revising.version })}
          revise={(reason) => reviseOutputTarget(revising.id, reason)}
          onClose={closeThen(() => setRevising(undefined))}
        />
      ) : null}
    </PageContainer>
  );
};

export default AnnualOutputBreakdown;
