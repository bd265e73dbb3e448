//! /investment/inLibraryProject/report (报表, domain-model §2.2.5c): the fixed-format monthly dispatch
//! sheet "XX经开区 YYYY年1–N月重点项目推进情况表" printed for the meeting and sent upward. The server
//! groups, sums and rates the rows (approved reports only); the page renders them as on paper, exports
//! the same rows (导出), prints them on A4 landscape (打印), and lets the committee lock the month so
//! that later corrections do not change what was presented (锁定 / 解锁 with a reason). Buttons by
//! grant (menu `in_library_report`).
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { DownloadOutlined, LockOutlined, PrinterOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionModal, DeptTreeSelect, DictSelect, hasButton } from '@/components/Crud';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import {
  type DeptBasis,
  type DispatchSheet,
  exportDispatchSheet,
  getDispatchSheet,
  type GroupBy,
  lockMonth,
  type SheetQuery,
  unlockMonth,
} from '@/services/business/dispatchSheet';
import { useDownload } from '@/utils/useDownload';
import { type KeyedRow, useSheetColumns } from './columns';
import { PRINT_CSS } from './print';

const MENU = 'in_library_report';
/** The most a reason to unlock may say (the server keeps 500). */
const MAX_REASON = 500;

type Filters = Omit<SheetQuery, 'period'>;

const ReportSheet: React.FC = () => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.sheet.${id}` }, values);
  const [period, setPeriod] = usePeriodParam();
  const [filters, setFilters] = useState<Filters>({ groupBy: 'dept', deptBasis: 'report' });
  const [sheet, setSheet] = useState<DispatchSheet>();
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<'lock' | 'unlock'>();
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const download = useDownload(t('exportFailed'));
  const query: SheetQuery = useMemo(() => ({ period: formatPeriod(period), ...filters }), [period, filters]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await getDispatchSheet(query);
      setSheet(res.data);
    } catch {
      // the request layer has said why
      setSheet(undefined);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = useSheetColumns(period.month);
  const rows: KeyedRow[] = useMemo(() => (sheet?.rows ?? []).map((r, i) => ({ ...r, key: String(i) })), [sheet]);
  const set = (patch: Filters) => setFilters((f) => ({ ...f, ...patch }));
  const locked = !!sheet?.locked;

  const toolbar = (
    <Space wrap className="dispatch-sheet-no-print">
      {hasButton(MENU, 'export') ? (
        <Button
          icon={<DownloadOutlined />}
          loading={download.busy}
          onClick={() => void download.run(() => exportDispatchSheet(query, t('exportName')), t('exported'))}
        >
          {t('export')}
        </Button>
      ) : null}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('print')}
      </Button>
      {!locked && sheet && hasButton(MENU, 'lock') ? (
        <Button icon={<LockOutlined />} onClick={() => setDialog('lock')}>
          {t('lock')}
        </Button>
      ) : null}
      {locked && hasButton(MENU, 'unlock') ? (
        <Button danger icon={<UnlockOutlined />} onClick={() => setDialog('unlock')}>
          {t('unlock')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <PageContainer extra={<PeriodPicker value={period} onChange={setPeriod} />} className="dispatch-sheet-page">
      <style>{PRINT_CSS}</style>
      <Card className="dispatch-sheet-no-print" size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <DeptTreeSelect
            allowClear
            placeholder={t('filter.dept')}
            style={{ width: 200 }}
            value={filters.deptId}
            onChange={(v) => set({ deptId: v as string | undefined })}
          />
          <DictSelect code="project_type" placeholder={t('filter.projectType')} style={{ width: 180 }} value={filters.projectType} onChange={(v) => set({ projectType: v })} />
          <DictSelect code="project_level" placeholder={t('filter.projectLevel')} style={{ width: 140 }} value={filters.projectLevel} onChange={(v) => set({ projectLevel: v })} />
          <DictSelect code="project_status" placeholder={t('filter.projectStatus')} style={{ width: 140 }} value={filters.projectStatus} onChange={(v) => set({ projectStatus: v })} />
          <Select
            allowClear
            placeholder={t('filter.isKeyProject')}
            style={{ width: 140 }}
            value={filters.isKeyProject}
            onChange={(v) => set({ isKeyProject: v })}
            options={['Y', 'N'].map((k) => ({ value: k, label: t(`key.${k}`) }))}
          />
          <Select
            allowClear
            placeholder={t('filter.investmentBand')}
            style={{ width: 160 }}
            value={filters.investmentBand}
            onChange={(v) => set({ investmentBand: v })}
            options={['1', '2', '3', '4', '5', '6'].map((k) => ({ value: k, label: t(`band.${k}`) }))}
          />
          <Radio.Group
            optionType="button"
            value={filters.groupBy}
            onChange={(e) => set({ groupBy: e.target.value as GroupBy })}
            options={(['dept', 'type'] as const).map((k) => ({ value: k, label: t(`groupBy.${k}`) }))}
          />
          {filters.groupBy === 'dept' ? (
            <Radio.Group
              optionType="button"
              value={filters.deptBasis}
              onChange={(e) => set({ deptBasis: e.target.value as DeptBasis })}
              options={(['report', 'current'] as const).map((k) => ({ value: k, label: t(`deptBasis.${k}`) }))}
            />
          ) : null}
        </Space>
      </Card>
      {locked ? (
        <Alert
          className="dispatch-sheet-no-print"
          type="info"
          showIcon
          icon={<LockOutlined />}
          style={{ marginBottom: 12 }}
          title={t('lockedNote', { name: sheet!.lockedByName, time: sheet!.lockedTime })}
        />
      ) : null}
      <Card size="small" className="dispatch-sheet-paper" extra={toolbar}>
        <div className="dispatch-sheet-heading">
          <Typography.Title level={4} style={{ textAlign: 'center', margin: 0 }} data-testid="sheet-title">
            {sheet?.title ?? ''}
            {locked ? (
              <Tag color="blue" icon={<LockOutlined />} style={{ marginLeft: 8, verticalAlign: 'middle' }} data-testid="sheet-locked">
                {t('locked')}
              </Tag>
            ) : null}
          </Typography.Title>
          <div style={{ textAlign: 'right' }}>{t('unit')}</div>
        </div>
        <Table<KeyedRow>
          size="small"
          bordered
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => `dispatch-sheet-${r.kind}`}
          onRow={(r) =>
            r.kind === 'subtotal' || r.kind === 'total' || r.kind === 'group'
              ? ({ 'data-kind': r.kind, style: { fontWeight: 600, background: r.kind === 'total' ? '#d9d9d9' : '#f2f2f2' } } as any)
              : ({ 'data-kind': r.kind } as any)
          }
        />
      </Card>
      <ActionModal<undefined>
        open={dialog === 'lock'}
        title={t('lock')}
        submit={() => lockMonth(query.period)}
        onClose={(changed) => {
          setDialog(undefined);
          if (changed) void load();
        }}
      >
        <Typography.Paragraph>{t('lockConfirm', { period: query.period })}</Typography.Paragraph>
      </ActionModal>
      <ActionModal<{ reason: string }>
        open={dialog === 'unlock'}
        title={t('unlock')}
        form={reasonForm}
        okButtonProps={{ danger: true }}
        submit={({ reason }) => unlockMonth(query.period, reason.trim())}
        onClose={(changed) => {
          setDialog(undefined);
          if (changed) void load();
        }}
      >
        <Typography.Paragraph>{t('unlockConfirm', { period: query.period })}</Typography.Paragraph>
        <Form form={reasonForm} layout="vertical" name="sheet-unlock" preserve={false}>
          <Form.Item name="reason" label={t('unlockReason')} rules={[{ required: true, whitespace: true, message: t('unlockReasonRequired') }]}>
            <Input.TextArea rows={3} showCount maxLength={MAX_REASON} />
          </Form.Item>
        </Form>
      </ActionModal>
    </PageContainer>
  );
};

export default ReportSheet;
