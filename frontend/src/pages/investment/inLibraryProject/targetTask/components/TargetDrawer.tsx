//! 新增 / 修改 a department target (a draft, or a target being revised): the department, the indicator,
//! the year's figure with the growth and last year's actual beside it, and how the year is split into
//! months. 平均 and 按季度节点 are split by the server; the grid previews its months to the cent (the same
//! arithmetic, components/MonthGrid/split.ts). 按上年同期结构 needs last year's monthly actuals, which only
//! the server holds: the months are shown once saved. 手工 takes the twelve months as typed, and they
//! must add up to the year. The server checks everything again; a field it names shows the reason.
import { ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Form, Typography } from 'antd';
import React, { useMemo } from 'react';
import { CrudDrawer, type CrudMode, ProFormDeptTreeSelect, ProFormDictSelect } from '@/components/Crud';
import { cents, MonthGrid, splitByCheckpoints, splitEvenly, sumCents } from '@/components/MonthGrid';
import {
  getTarget,
  monthsOf,
  SPLIT_MANUAL,
  SPLIT_MODES,
  SPLIT_QUARTERLY,
  type SplitMode,
  submitTarget,
  TARGET_STATUS,
  type TargetDetail,
  type TargetSubmit,
} from '@/services/business/deptTarget';
import DecimalField from '../../../components/DecimalField';
import { useT, useUnit } from '../columns';

export const INDICATOR_DICT = 'target_indicator';

export interface TargetValues {
  deptId?: string;
  indicatorCode?: string;
  annualTarget?: string;
  targetGrowth?: string | null;
  lastYearActual?: string | null;
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
export function targetValues(r: TargetDetail): TargetValues {
  return {
    deptId: r.deptId,
    indicatorCode: r.indicatorCode,
    annualTarget: r.annualTarget,
    targetGrowth: r.targetGrowth,
    lastYearActual: r.lastYearActual,
    splitMode: r.splitMode,
    q1Share: r.q1Share,
    h1Share: r.h1Share,
    q3Share: r.q3Share,
    months: monthsOf(r).map((m) => m ?? ''),
    remark: r.remark,
  };
}

/** The body of `target/submit`: the shares only for 按季度节点, the months only for 手工. */
export function toSubmit(v: TargetValues, year: number, id?: string): TargetSubmit {
  const mode = v.splitMode ?? '1';
  return {
    ...(id ? { id } : {}),
    targetYear: year,
    deptId: String(v.deptId),
    indicatorCode: String(v.indicatorCode),
    annualTarget: String(v.annualTarget),
    targetGrowth: decimal(v.targetGrowth),
    lastYearActual: decimal(v.lastYearActual),
    splitMode: mode,
    ...(mode === SPLIT_QUARTERLY ? { q1Share: decimal(v.q1Share), h1Share: decimal(v.h1Share), q3Share: decimal(v.q3Share) } : {}),
    ...(mode === SPLIT_MANUAL ? { months: (v.months ?? EMPTY_MONTHS).map((m) => decimal(m)) } : {}),
    remark: (v.remark ?? '').trim(),
  };
}

/** The server names a month `months` or `m01`…`m12`; both are the grid. */
const fieldNames = (field: string) => (/^months/.test(field) || /^m\d\d$/.test(field) ? 'months' : field);

/** The fields; they follow the split mode and the annual figure as they change. */
const TargetFields: React.FC<{ record?: TargetDetail; indicators: API.DictOption[] }> = ({ record, indicators }) => {
  const t = useT();
  const form = Form.useFormInstance<TargetValues>();
  const mode = Form.useWatch('splitMode', form) as SplitMode | undefined;
  const annual = Form.useWatch('annualTarget', form);
  const indicator = Form.useWatch('indicatorCode', form);
  const [q1, h1, q3] = [Form.useWatch('q1Share', form), Form.useWatch('h1Share', form), Form.useWatch('q3Share', form)];
  const unit = useUnit(indicators.find((o) => o.value === indicator)?.label);

  // What the server will store for 平均 and 按季度节点; nothing to show until the figures allow a split.
  const preview = useMemo(() => {
    if (mode === '1') return splitEvenly(annual);
    if (mode === SPLIT_QUARTERLY && !empty(q1) && !empty(h1) && !empty(q3)) return splitByCheckpoints(annual, { firstQuarter: q1, firstHalf: h1, firstThreeQuarters: q3 });
    return undefined;
  }, [mode, annual, q1, h1, q3]);
  const previewMonths = preview && 'months' in preview ? preview.months : undefined;

  const share = (name: 'q1Share' | 'h1Share' | 'q3Share', label: string, after?: 'q1Share' | 'h1Share') => (
    <ProFormDigit
      name={name}
      label={label}
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
      {record?.targetStatus === TARGET_STATUS.revising && record.revisionReason ? (
        <Col span={24}>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('revising', { reason: record.revisionReason })} />
        </Col>
      ) : null}
      <ProFormDeptTreeSelect name="deptId" label={t('field.deptId')} rules={[{ required: true, message: t('rule.deptId') }]} />
      <ProFormDictSelect
        name="indicatorCode"
        label={t('field.indicatorCode')}
        code={INDICATOR_DICT}
        fieldProps={{ allowClear: false }}
        rules={[{ required: true, message: t('rule.indicatorCode') }]}
      />
      <DecimalField
        name="annualTarget"
        label={t('field.annualTarget')}
        unit={unit || undefined}
        rules={[{ required: true, message: t('rule.annualTarget') }]}
      />
      <ProFormDigit
        name="targetGrowth"
        label={t('field.targetGrowth')}
        min={-100}
        fieldProps={{ precision: 2, stringMode: true, suffix: '%', style: { width: '100%' } } as any}
      />
      <DecimalField name="lastYearActual" label={t('field.lastYearActual')} unit={unit || undefined} />
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
          {share('q1Share', t('field.q1Share'))}
          {share('h1Share', t('field.h1Share'), 'q1Share')}
          {share('q3Share', t('field.q3Share'), 'h1Share')}
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
            <MonthGrid annual={annual} checkpoints={!empty(q1) && !empty(h1) && !empty(q3) ? { firstQuarter: q1, firstHalf: h1, firstThreeQuarters: q3 } : undefined} />
          </Form.Item>
        ) : (
          <Form.Item label={t('field.months')} extra={mode === '2' ? t('split.lastYearHelp') : t('split.previewHelp')}>
            {mode === '2' ? (
              record?.splitMode === '2' ? (
                <MonthGrid value={monthsOf(record).map((m) => m ?? '')} annual={record.annualTarget} readOnly />
              ) : (
                <Typography.Text type="secondary">{t('split.lastYearPending')}</Typography.Text>
              )
            ) : previewMonths ? (
              <MonthGrid key={previewMonths.join()} value={previewMonths} annual={annual} readOnly />
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
  /** the indicator a new target starts with */
  indicatorCode: string;
  indicators: API.DictOption[];
  onClose: (changed: boolean) => void;
}

const TargetDrawer: React.FC<TargetDrawerProps> = ({ mode, id, year, indicatorCode, indicators, onClose }) => {
  const t = useT();
  return (
    <CrudDrawer<TargetDetail, TargetValues>
      mode={mode}
      id={id}
      name="target-form"
      title={mode === 'add' ? t('drawer.add', { year }) : t('drawer.edit')}
      size={960}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={getTarget}
      toValues={targetValues}
      initialValues={{ indicatorCode, splitMode: '1', months: EMPTY_MONTHS }}
      fieldNames={fieldNames}
      submit={(values, record) => submitTarget(toSubmit(values, record?.targetYear ?? year, record?.id))}
      onClose={onClose}
    >
      {({ record }) => <TargetFields record={record} indicators={indicators} />}
    </CrudDrawer>
  );
};

export default TargetDrawer;
