//! /investment/inLibraryProject/targetTask (目标任务, domain-model §2.2.5a): the committee sets each
//! department's annual target of an indicator, splits it into months and issues it (下达); the department
//! confirms it (确认); a mid-year revision (调整) reopens it with a reason and keeps the earlier version.
//! 「完成情况」 shows, for the chosen indicator and 1–N月, each department's target against what it
//! achieved — the basis of the monthly ranking at the dispatch meeting. 「目标管理」 lists the year's
//! targets of the indicator; 「官方数据」 holds the figures the bureau types in for the indicators the
//! platform does not measure. The period's year is the target year. Buttons by grant (menu
//! `target_task`), lifecycle steps by the server's `nextSteps`; official figures are kept with `edit`.
//! 导出 (`export`) downloads what the tab shows: the completion rows, or the targets with their months
//! in the layout 导入 (`import`) reads back; imported targets are drafts, issued ones never overwritten.
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Select, Space } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, type ExtraButton, hasButton, ImportDialog, useCrudConfirm, useDict } from '@/components/Crud';
import { PeriodPicker, usePeriodParam } from '@/components/Period';
import { ReviseModal, useTargetActions } from '@/components/Targets';
import { useDownload } from '@/utils/useDownload';
import {
  confirmTargets,
  DEFAULT_INDICATOR,
  type DeptBasis,
  exportTargets,
  listOfficial,
  listTargets,
  OFFICIAL_INDICATORS,
  type OfficialRecord,
  releaseTargets,
  removeOfficial,
  removeTargets,
  reviseTarget,
  TARGET_IMPORT_BASE,
  type TargetQuery,
  type TargetRecord,
} from '@/services/business/deptTarget';
import { isCount, MESSAGES, useOfficialColumns, useT, useTargetColumns } from './columns';
import CompletionPanel from './components/CompletionPanel';
import OfficialModal from './components/OfficialModal';
import TargetDrawer, { INDICATOR_DICT } from './components/TargetDrawer';
import TargetView from './components/TargetView';

export const TARGET_MENU = 'target_task';

type Tab = 'completion' | 'targets' | 'official';

/** A button this screen does not offer where it is listed. */
const NOT_HERE = { run: undefined };

const TargetTask: React.FC = () => {
  const t = useT();
  const [tab, setTab] = useState<Tab>('completion');
  const [period, setPeriod] = usePeriodParam();
  const [indicator, setIndicator] = useState(DEFAULT_INDICATOR);
  // kept here, not in the tab: the basis chosen stays when a person looks at the targets and comes back
  const [deptBasis, setDeptBasis] = useState<DeptBasis>('filed');
  const indicators = useDict(INDICATOR_DICT);
  const indicatorLabel = indicators.options.find((o) => o.value === indicator)?.label;
  const officialIndicators = useMemo(() => indicators.options.filter((o) => OFFICIAL_INDICATORS.includes(o.value)), [indicators.options]);
  const targetColumns = useTargetColumns(isCount(indicatorLabel));
  const officialColumns = useOfficialColumns(officialIndicators);
  const [confirm, confirmHolder] = useCrudConfirm();
  const targetsTable = useRef<CrudTableHandle>(null);
  const officialTable = useRef<CrudTableHandle>(null);
  const [drawer, setDrawer] = useState<{ mode: 'add' | 'edit'; id?: string }>();
  const [viewing, setViewing] = useState<string>();
  const [revising, setRevising] = useState<TargetRecord>();
  const [official, setOfficial] = useState<{ record?: OfficialRecord }>();
  const [importing, setImporting] = useState(false);
  const download = useDownload(t('targets.exportFailed'));

  const closeThen = (close: () => void, table: React.RefObject<CrudTableHandle | null>) => (changed: boolean) => {
    close();
    if (changed) table.current?.reload();
  };

  // 修改, 查看, 删除 and the lifecycle steps, by the target's status and the server's `nextSteps`
  const lifecycle = useTargetActions<TargetRecord>(t, confirm, { issue: releaseTargets, confirm: confirmTargets }, {
    edit: (id) => setDrawer({ mode: 'edit', id }),
    view: setViewing,
    revise: setRevising,
  });

  // 调整 comes with the grant to issue (`target_task_release`): the committee revises what it issued.
  const targetButtons: ExtraButton[] = useMemo(() => [{ alias: 'revise', name: t('action.revise'), grantedBy: 'release', place: 'row' }], [t]);

  const targetActions: Record<string, CrudAction<TargetRecord>> = {
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    ...lifecycle,
    // the targets of the year and indicator shown, with their months: a file that imports back
    export: {
      needs: 'none',
      run: () => {
        const q: TargetQuery = { year: period.year, indicatorCode: indicator };
        void download.run(() => exportTargets(q, t('targets.exportName')), t('targets.exported'));
      },
    },
    // imported targets are drafts: they show on this list at once
    import: { needs: 'none', run: () => setImporting(true) },
  };

  // Official figures are kept by whoever may edit targets (`target_task_edit`).
  const officialButtons: ExtraButton[] = useMemo(
    () => [
      { alias: 'officialAdd', name: t('official.add'), grantedBy: 'edit', place: 'toolbar' },
      { alias: 'officialEdit', name: t('official.editShort'), grantedBy: 'edit', place: 'row' },
      { alias: 'officialRemove', name: t('official.remove'), grantedBy: 'edit', place: 'row' },
    ],
    [t],
  );

  const officialActions: Record<string, CrudAction<OfficialRecord>> = {
    add: NOT_HERE,
    edit: NOT_HERE,
    view: NOT_HERE,
    delete: NOT_HERE,
    release: NOT_HERE,
    confirm: NOT_HERE,
    revise: NOT_HERE,
    export: NOT_HERE,
    import: NOT_HERE,
    officialAdd: { needs: 'none', run: () => setOfficial({}) },
    officialEdit: { needs: 'one', run: ({ rows }) => setOfficial({ record: rows[0] }) },
    officialRemove: {
      needs: 'one',
      danger: true,
      run: ({ rows, reload }) =>
        confirm({
          title: t('official.remove'),
          content: t('official.removeConfirm', { dept: rows[0].deptName, indicator: rows[0].indicatorName }),
          danger: true,
          call: () => removeOfficial(rows.map((r) => r.id)),
          onDone: reload,
        }),
    },
  };

  const indicatorSelect = (
    <Select
      aria-label={t('field.indicatorCode')}
      data-testid="indicator"
      value={indicator}
      loading={indicators.loading}
      options={indicators.options}
      onChange={(v: string) => setIndicator(v)}
      style={{ width: 220 }}
      popupMatchSelectWidth={false}
    />
  );

  return (
    <PageContainer
      tabList={(['completion', 'targets', 'official'] as Tab[]).map((key) => ({ key, tab: t(`tab.${key}`) }))}
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as Tab)}
      extra={
        <Space wrap>
          {tab === 'official' ? null : indicatorSelect}
          <PeriodPicker value={period} onChange={setPeriod} />
        </Space>
      }
    >
      {confirmHolder}
      {tab === 'completion' ? (
        <CompletionPanel
          period={period}
          indicatorCode={indicator}
          indicatorLabel={indicatorLabel}
          deptBasis={deptBasis}
          onDeptBasis={setDeptBasis}
          canExport={hasButton(TARGET_MENU, 'export')}
        />
      ) : null}
      {tab === 'targets' ? (
        <CrudTable<TargetRecord>
          ref={targetsTable}
          menuCode={TARGET_MENU}
          settingsKey={`${TARGET_MENU}:targets`}
          headerTitle={t('targets.title', { year: period.year })}
          columns={targetColumns}
          list={(q) => listTargets({ year: Number(q.year), indicatorCode: q.indicatorCode as string })}
          remove={(ids) => removeTargets(ids)}
          actions={targetActions}
          extraButtons={targetButtons}
          rowButtonLimit={3}
          tableProps={{ params: { year: period.year, indicatorCode: indicator }, pagination: false }}
        />
      ) : null}
      {tab === 'official' ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('official.hint')} /> : null}
      {tab === 'official' ? (
        <CrudTable<OfficialRecord>
          ref={officialTable}
          menuCode={TARGET_MENU}
          settingsKey={`${TARGET_MENU}:official`}
          headerTitle={t('official.title', { year: period.year })}
          columns={officialColumns}
          list={(q) => listOfficial({ year: Number(q.year), indicatorCode: q.indicatorCode as string | undefined })}
          actions={officialActions}
          extraButtons={officialButtons}
          tableProps={{ params: { year: period.year }, search: { labelWidth: 'auto' } }}
        />
      ) : null}
      {drawer ? (
        <TargetDrawer
          mode={drawer.mode}
          id={drawer.id}
          year={period.year}
          indicatorCode={indicator}
          indicators={indicators.options}
          onClose={closeThen(() => setDrawer(undefined), targetsTable)}
        />
      ) : null}
      {viewing ? <TargetView id={viewing} onClose={() => setViewing(undefined)} /> : null}
      <ImportDialog
        open={importing}
        onClose={closeThen(() => setImporting(false), targetsTable)}
        base={TARGET_IMPORT_BASE}
        messages={MESSAGES}
        testId="target-import"
      />
      {revising ? (
        <ReviseModal
          t={t}
          name="target-revise"
          confirm={t('revise.confirm', { dept: revising.deptName, indicator: revising.indicatorName, version: revising.version })}
          revise={(reason) => reviseTarget(revising.id, reason)}
          onClose={closeThen(() => setRevising(undefined), targetsTable)}
        />
      ) : null}
      {official ? (
        <OfficialModal
          record={official.record}
          period={period}
          indicators={officialIndicators}
          onClose={closeThen(() => setOfficial(undefined), officialTable)}
        />
      ) : null}
    </PageContainer>
  );
};

export default TargetTask;
