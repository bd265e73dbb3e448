//! 新增 / 修改 an enterprise's output target (a draft, or a target being revised): the enterprise (one of
//! the department's reporting enterprises still without a target, or the one the target has), the year's
//! figure, and how it is split into months. Last year's output and the growth are the server's: the
//! drawer only says what last year was. 平均 and 按季度节点 are split by the server; the grid previews
//! the months to the cent (the same arithmetic, components/MonthGrid/split.ts). 按上年同期结构 needs the
//! enterprise's approved months of last year, which only the server holds: the months show once saved.
//! 手工 takes the twelve months as typed, and they must add up to the year. With January merged into
//! February, January stays 0. The server checks everything again; a field it names shows the reason.
import { ProFormDependency, ProFormDigit, ProFormRadio, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Form, Typography } from 'antd';
import React, { useMemo } from 'react';
import { CrudDrawer, type CrudMode } from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import { cents, MonthGrid, splitByCheckpoints, splitEvenly, sumCents } from '@/components/MonthGrid';
import { SPLIT_MANUAL, SPLIT_MODES, SPLIT_QUARTERLY, type SplitMode, TARGET_STATUS } from '@/services/business/deptTarget';
import {
  getOutputTarget,
  monthsOf,
  type OutputTargetDetail,
  type OutputTargetSubmit,
  type PendingEnterprise,
  submitOutputTarget,
} from '@/services/business/outputTarget';
import DecimalField from '@/pages/investment/components/DecimalField';
import { useT } from '../columns';

export interface OutputTargetValues {
  enterpriseId?: string;
  annualTarget?: string;
  splitMode?: SplitMode;
  q1Share?: string | null;
  h1Share?: string | null;
  q3Share?: string | null;
  months?: string[];
  remark?: string;
}

const EMPTY_MONTHS = Array.from({ length: 12 }, () => '');
const empty = (v: unknown) => v === undefined || v === null || v === '';
const decimal = (v: unknown) => (empty(v) ? null : String(v));

/** A stored target as the form's values. */
export function targetValues(r: OutputTargetDetail): OutputTargetValues {
  return {
    enterpriseId: r.enterpriseId,
    annualTarget: r.annualTarget,
    splitMode: r.splitMode,
    q1Share: r.q1Share,
    h1Share: r.h1Share,
    q3Share: r.q3Share,
    months: monthsOf(r).map((m) => m ?? ''),
    remark: r.remark,
  };
}

/** The body of `outputTarget/submit`: the shares only for 按季度节点, the months only for 手工. */
export function toSubmit(v: OutputTargetValues, year: number, id?: string): OutputTargetSubmit {
  const mode = v.splitMode ?? '1';
  return {
    ...(id ? { id } : {}),
    targetYear: year,
    enterpriseId: String(v.enterpriseId),
    annualTarget: String(v.annualTarget),
    splitMode: mode,
    ...(mode === SPLIT_QUARTERLY ? { q1Share: decimal(v.q1Share), h1Share: decimal(v.h1Share), q3Share: decimal(v.q3Share) } : {}),
    ...(mode === SPLIT_MANUAL ? { months: (v.months ?? EMPTY_MONTHS).map((m) => decimal(m)) } : {}),
    remark: (v.remark ?? '').trim(),
  };
}

/** The server names a month `months` or `m01`…`m12`; both are the grid. */
const fieldNames = (field: string) => (/^months/.test(field) || /^m\d\d$/.test(field) ? 'months' : field);

interface FieldsProps {
  record?: OutputTargetDetail;
  pending: PendingEnterprise[];
  januaryMerged: boolean;
}

/** The fields; they follow the split mode and the annual figure as they change. */
const TargetFields: React.FC<FieldsProps> = ({ record, pending, januaryMerged }) => {
  const t = useT();
  const form = Form.useFormInstance<OutputTargetValues>();
  const mode = Form.useWatch('splitMode', form) as SplitMode | undefined;
  const annual = Form.useWatch('annualTarget', form);
  const [q1, h1, q3] = [Form.useWatch('q1Share', form), Form.useWatch('h1Share', form), Form.useWatch('q3Share', form)];
  const revising = record?.targetStatus === TARGET_STATUS.revising;

  // the department's enterprises without a target, and the one the target has
  const enterprises = useMemo(() => {
    const list = pending.map((p) => ({ value: p.enterpriseId, label: p.enterpriseName, lastYear: p.lastYearOutput }));
    if (record && !list.some((o) => o.value === record.enterpriseId)) {
      list.unshift({ value: record.enterpriseId, label: record.enterpriseName, lastYear: record.lastYearOutput });
    }
    return list;
  }, [pending, record]);

  const checkpoints = !empty(q1) && !empty(h1) && !empty(q3) ? { firstQuarter: q1!, firstHalf: h1!, firstThreeQuarters: q3! } : undefined;
  // What the server will store for 平均 and 按季度节点; nothing to show until the figures allow a split.
  const preview = useMemo(() => {
    if (mode === '1') return splitEvenly(annual, januaryMerged);
    if (mode === SPLIT_QUARTERLY && checkpoints) return splitByCheckpoints(annual, checkpoints, januaryMerged);
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, annual, q1, h1, q3, januaryMerged]);
  const previewMonths = preview && 'months' in preview ? preview.months : undefined;

  const share = (name: 'q1Share' | 'h1Share' | 'q3Share', after?: 'q1Share' | 'h1Share') => (
    <ProFormDigit
      name={name}
      label={t(`field.${name}`)}
      colProps={{ xs: 24, md: 8 }}
      min={0}
      max={100}
      dependencies={after ? [after] : undefined}
      fieldProps={{ precision: 2, stringMode: true, suffix: '%', style: { width: '100%' } } as any}
      rules={[
        { required: true, message: t('rule.share') },
        ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
          validator: (_: unknown, v: unknown) =>
            after && !empty(v) && !empty(getFieldValue(after)) && Number(v) < Number(getFieldValue(after)) ? Promise.reject(new Error(t('rule.shareOrder'))) : Promise.resolve(),
        }),
      ]}
    />
  );

  return (
    <>
      {revising && record?.revisionReason ? (
        <Col span={24}>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('revising', { reason: record.revisionReason })} />
        </Col>
      ) : null}
      <ProFormSelect
        name="enterpriseId"
        label={t('field.enterpriseId')}
        colProps={{ xs: 24, md: 12 }}
        options={enterprises.map(({ value, label }) => ({ value, label }))}
        // a revision keeps its enterprise: the versions kept are that enterprise's
        disabled={revising}
        fieldProps={{ showSearch: { optionFilterProp: 'label' } }}
        rules={[{ required: true, message: t('rule.enterpriseId') }]}
      />
      <DecimalField
        name="annualTarget"
        label={t('field.annualTarget')}
        unit={t('unit.wan')}
        colProps={{ xs: 24, md: 12 }}
        rules={[{ required: true, message: t('rule.annualTarget') }]}
      />
      <ProFormDependency name={['enterpriseId']}>
        {({ enterpriseId }) => {
          const chosen = enterprises.find((o) => o.value === enterpriseId);
          if (!chosen) return null;
          return (
            <Col span={24} style={{ marginTop: -8, marginBottom: 16 }}>
              <Typography.Text type="secondary" data-testid="breakdown-last-year">
                {empty(chosen.lastYear) ? t('field.lastYearNone') : t('field.lastYearHint', { value: formatMoney(chosen.lastYear) })}
              </Typography.Text>
            </Col>
          );
        }}
      </ProFormDependency>
      <ProFormRadio.Group
        name="splitMode"
        label={t('field.splitMode')}
        colProps={{ span: 24 }}
        radioType="button"
        options={SPLIT_MODES.map((m) => ({ value: m, label: t(`split.${m}`) }))}
        rules={[{ required: true }]}
      />
      {mode === SPLIT_QUARTERLY ? (
        <>
          {share('q1Share')}
          {share('h1Share', 'q1Share')}
          {share('q3Share', 'h1Share')}
        </>
      ) : null}
      <Col span={24}>
        {mode === SPLIT_MANUAL ? (
          <Form.Item
            name="months"
            label={t('field.months')}
            dependencies={['annualTarget']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, months: string[] | undefined) =>
                  sumCents(months ?? []) === cents(getFieldValue('annualTarget')) ? Promise.resolve() : Promise.reject(new Error(t('rule.monthsSum'))),
              }),
            ]}
          >
            <MonthGrid annual={annual} mergeJanuary={januaryMerged} checkpoints={checkpoints} />
          </Form.Item>
        ) : (
          <Form.Item label={t('field.months')} extra={mode === '2' ? t('split.lastYearHelp') : t('split.previewHelp')}>
            {mode === '2' ? (
              record?.splitMode === '2' ? (
                <MonthGrid value={monthsOf(record).map((m) => m ?? '')} annual={record.annualTarget} mergeJanuary={januaryMerged} readOnly />
              ) : (
                <Typography.Text type="secondary">{t('split.lastYearPending')}</Typography.Text>
              )
            ) : previewMonths ? (
              <MonthGrid key={previewMonths.join()} value={previewMonths} annual={annual} mergeJanuary={januaryMerged} readOnly />
            ) : (
              <Typography.Text type="secondary">{t('split.previewPending')}</Typography.Text>
            )}
          </Form.Item>
        )}
      </Col>
      <ProFormTextArea name="remark" label={t('field.remark')} colProps={{ span: 24 }} fieldProps={{ rows: 2, maxLength: 500, showCount: true }} />
    </>
  );
};

export interface TargetDrawerProps {
  mode: Exclude<CrudMode, 'view'>;
  id?: string;
  /** the year of a new target (a stored one keeps its own) */
  year: number;
  /** the enterprise a new target starts with (新增目标 on an enterprise without one) */
  enterpriseId?: string;
  pending: PendingEnterprise[];
  januaryMerged: boolean;
  onClose: (changed: boolean) => void;
}

const TargetDrawer: React.FC<TargetDrawerProps> = ({ mode, id, year, enterpriseId, pending, januaryMerged, onClose }) => {
  const t = useT();
  return (
    <CrudDrawer<OutputTargetDetail, OutputTargetValues>
      mode={mode}
      id={id}
      name="output-target-form"
      title={mode === 'add' ? t('drawer.add', { year }) : t('drawer.edit')}
      size={960}
      colProps={{ xs: 24, md: 12 }}
      load={getOutputTarget}
      toValues={targetValues}
      initialValues={{ enterpriseId, splitMode: '1', months: EMPTY_MONTHS }}
      fieldNames={fieldNames}
      submit={(values, record) => submitOutputTarget(toSubmit(values, record?.targetYear ?? year, record?.id))}
      onClose={onClose}
    >
      {({ record }) => <TargetFields record={record} pending={pending} januaryMerged={januaryMerged} />}
    </CrudDrawer>
  );
};

export default TargetDrawer;
