//! 问题台账: the issues of the tracked projects (domain-model §2.2.7), filtered like `projectIssue/list`,
//! optionally of one project (opened from the tracked list). Every row button comes from the issue's
//! `actions` — what the server lets this person do to it now: 交办, the moves of `act` (接收, 退回研判,
//! 办理进展, 办结, 销号, 驳回, 关闭, 调整等级), and 修改 / 删除 while it waits for triage; 查看 opens the issue
//! with its history. 接收 and 销号 also work on the selected rows (those that allow it). Export downloads
//! what the filters show, or the open issues as the dispatch meeting's agenda. A link may set the flags
//! 本单位承办, 逾期 and 未销号 (`?assigned=Y&overdue=Y`, the home page's 本单位逾期问题).
import { useIntl } from '@umijs/max';
import { Space, Tag } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, type ExtraButton, useCrudConfirm } from '@/components/Crud';
import {
  type ActAction,
  exportIssues,
  type IssueAction,
  listIssues,
  type ProjectIssueQuery,
  type ProjectIssueRecord,
  removeIssues,
} from '@/services/business/projectIssue';
import { showWarning } from '@/utils/requestMessages';
import { useIssueColumns } from '../columns';
import AssignModal from './AssignModal';
import IssueActModal from './IssueActModal';
import IssueDrawer from './IssueDrawer';
import RaiseModal from './RaiseModal';
import { TRACK_MENU } from './ReportDrawer';
import { useDownload } from '@/utils/useDownload';

/** The row buttons, in the order a row shows them; each shows only where the issue's `actions` has it. */
const ROW_ACTIONS: IssueAction[] = ['assign', 'accept', 'progress', 'resolve', 'confirm', 'refuse', 'reject', 'relevel', 'close', 'edit', 'remove'];
/** The moves that work on the selected rows too, with the menu button that brings them. */
const BATCH: { action: ActAction; grantedBy: string }[] = [
  { action: 'accept', grantedBy: 'handle' },
  { action: 'confirm', grantedBy: 'assign' },
];
/** The menu's own buttons that belong to the monthly reports, not to the ledger. */
const NOT_HERE = { run: undefined };
const REPORT_BUTTONS = ['add', 'edit', 'delete', 'import', 'submit', 'approve', 'return', 'issue', 'assign', 'handle'];

/** The filters a link may set on the ledger. */
export const ISSUE_URL_FILTERS = ['assigned', 'overdue', 'open'];

const alias = (action: IssueAction) => `issue-${action}`;
const batchAlias = (action: ActAction) => `issue-batch-${action}`;
const allows = (row: ProjectIssueRecord, action: IssueAction) => !!row.actions?.includes(action);

export interface IssueLedgerProps {
  /** only the issues of this project */
  project?: { id: string; name: string };
  onClearProject: () => void;
}

const IssueLedger: React.FC<IssueLedgerProps> = ({ project, onClearProject }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  const table = useRef<CrudTableHandle>(null);
  const columns = useIssueColumns();
  const [confirm, confirmHolder] = useCrudConfirm();
  const [viewing, setViewing] = useState<string>();
  const [assigning, setAssigning] = useState<ProjectIssueRecord>();
  const [editing, setEditing] = useState<ProjectIssueRecord>();
  const [acting, setActing] = useState<{ action: ActAction; rows: ProjectIssueRecord[]; skipped: number; seq: number }>();
  const download = useDownload(t('exportFailed'));
  const seq = useRef(0);

  const reload = () => table.current?.reload();
  const closeThen = (set: (v: undefined) => void) => (changed: boolean) => {
    set(undefined);
    if (changed) reload();
  };

  const startAct = (action: ActAction, rows: ProjectIssueRecord[]) => {
    const allowed = rows.filter((r) => allows(r, action));
    if (!allowed.length) {
      showWarning(t('act.noneAllowed', { action: t(`action.${action}`) }));
      return;
    }
    seq.current += 1;
    setActing({ action, rows: allowed, skipped: rows.length - allowed.length, seq: seq.current });
  };

  /** Downloads exactly the issues on screen (CrudTable hands every action the query it last listed),
   * or the open ones among them as the meeting's agenda. */
  const runExport = (query: ProjectIssueQuery, agenda: boolean) =>
    download.run(() => exportIssues(query, t(agenda ? 'agendaName' : 'exportName'), agenda), t(agenda ? 'agendaExported' : 'exported'));

  // Every issue move is offered to whoever sees the ledger and shown where the server allows it; the
  // batch moves to whoever holds their button; the agenda to whoever may export.
  const extraButtons: ExtraButton[] = useMemo(
    () => [
      ...ROW_ACTIONS.map((a): ExtraButton => ({ alias: alias(a), name: t(`action.${a}`), grantedBy: 'view', place: 'row' })),
      ...BATCH.map(({ action, grantedBy }): ExtraButton => ({ alias: batchAlias(action), name: t(`batch.${action}`), grantedBy, place: 'toolbar' })),
      { alias: 'issue-agenda', name: t('agenda'), grantedBy: 'export', place: 'toolbar', source: 'export' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  const rowAction = (action: IssueAction): CrudAction<ProjectIssueRecord> => {
    const base = { needs: 'one' as const, label: () => t(`action.${action}`), hidden: (row: ProjectIssueRecord) => !allows(row, action) };
    switch (action) {
      case 'assign':
        return { ...base, run: ({ rows }) => setAssigning(rows[0]) };
      case 'edit':
        return { ...base, run: ({ rows }) => setEditing(rows[0]) };
      case 'remove':
        return {
          ...base,
          danger: true,
          run: ({ rows }) =>
            confirm({
              title: t('remove.title'),
              content: t('remove.content', { no: rows[0].issueNo || rows[0].description }),
              danger: true,
              call: () => removeIssues([rows[0].id]),
              onDone: reload,
            }),
        };
      default:
        return { ...base, run: ({ rows }) => startAct(action, rows) };
    }
  };

  const actions: Record<string, CrudAction<ProjectIssueRecord>> = {
    ...Object.fromEntries(REPORT_BUTTONS.map((b) => [b, NOT_HERE])),
    ...Object.fromEntries(ROW_ACTIONS.map((a) => [alias(a), rowAction(a)])),
    ...Object.fromEntries(BATCH.map(({ action }) => [batchAlias(action), { needs: 'some' as const, run: ({ rows }: { rows: ProjectIssueRecord[] }) => startAct(action, rows) }])),
    view: { needs: 'one', run: ({ rows }) => setViewing(rows[0].id) },
    export: { needs: 'none', run: ({ query }) => void runExport(query as ProjectIssueQuery, false) },
    'issue-agenda': { needs: 'none', run: ({ query }) => void runExport(query as ProjectIssueQuery, true) },
  };

  return (
    <>
      {confirmHolder}
      <CrudTable<ProjectIssueRecord>
        ref={table}
        menuCode={TRACK_MENU}
        settingsKey={`${TRACK_MENU}:issues`}
        headerTitle={
          project ? (
            <Space>
              <Tag closable onClose={onClearProject} data-testid="issue-project-filter">
                {t('projectFilter', { name: project.name })}
              </Tag>
            </Space>
          ) : undefined
        }
        columns={columns}
        list={(query) => listIssues(query as ProjectIssueQuery)}
        actions={actions}
        extraButtons={extraButtons}
        urlFilters={ISSUE_URL_FILTERS}
        tableProps={{ params: project ? { projectId: project.id } : {}, search: { labelWidth: 'auto', defaultCollapsed: true } }}
      />
      {viewing ? <IssueDrawer id={viewing} onClose={() => setViewing(undefined)} /> : null}
      {assigning ? <AssignModal issue={assigning} onClose={closeThen(setAssigning)} /> : null}
      {editing ? <RaiseModal issue={editing} onClose={closeThen(setEditing)} /> : null}
      {acting ? (
        <IssueActModal key={acting.seq} action={acting.action} rows={acting.rows} skipped={acting.skipped} onClose={closeThen(setActing)} />
      ) : null}
    </>
  );
};

export default IssueLedger;
