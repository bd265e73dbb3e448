//! 新增 / 修改 a department target (a draft, or a target being revised): the department, the indicator,
//! the year's figure with the growth and last year's actual beside it, and how the year is split into
//! months (components/Targets: 按上年同期结构 splits by last year's monthly actuals, which only the
//! server holds). The server checks everything again; a field it names shows the reason.
import { ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import React from 'react';
import { CrudDrawer, type CrudMode, ProFormDeptTreeSelect, ProFormDictSelect } from '@/components/Crud';
import { decimal, EMPTY_MONTHS, monthFieldNames, RevisingAlert, SplitFields, type TargetFormValues, targetFormValues, targetSubmitBody } from '@/components/Targets';
import { getTarget, submitTarget, type TargetDetail, type TargetSubmit } from '@/services/business/deptTarget';
import DecimalField from '../../../components/DecimalField';
import { useT, useUnit } from '../columns';

export const INDICATOR_DICT = 'target_indicator';

export interface TargetValues extends TargetFormValues {
  deptId?: string;
  indicatorCode?: string;
  targetGrowth?: string | null;
  lastYearActual?: string | null;
}

/** A stored target as the form's values. */
export function targetValues(r: TargetDetail): TargetValues {
  return {
    deptId: r.deptId,
    indicatorCode: r.indicatorCode,
    targetGrowth: r.targetGrowth,
    lastYearActual: r.lastYearActual,
    ...targetFormValues(r),
  };
}

/** The body of `target/submit` (the shares only for 按季度节点, the months only for 手工). */
export function toSubmit(v: TargetValues, year: number, id?: string): TargetSubmit {
  return {
    deptId: String(v.deptId),
    indicatorCode: String(v.indicatorCode),
    targetGrowth: decimal(v.targetGrowth),
    lastYearActual: decimal(v.lastYearActual),
    ...targetSubmitBody(v, year, id),
  };
}

/** The fields; the unit follows the indicator chosen. */
const TargetFields: React.FC<{ record?: TargetDetail; indicators: API.DictOption[] }> = ({ record, indicators }) => {
  const t = useT();
  const form = Form.useFormInstance<TargetValues>();
  const indicator = Form.useWatch('indicatorCode', form);
  const unit = useUnit(indicators.find((o) => o.value === indicator)?.label);

  return (
    <>
      <RevisingAlert t={t} record={record} />
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
      <SplitFields t={t} record={record} />
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
      fieldNames={monthFieldNames}
      submit={(values, record) => submitTarget(toSubmit(values, record?.targetYear ?? year, record?.id))}
      onClose={onClose}
    >
      {({ record }) => <TargetFields record={record} indicators={indicators} />}
    </CrudDrawer>
  );
};

export default TargetDrawer;
