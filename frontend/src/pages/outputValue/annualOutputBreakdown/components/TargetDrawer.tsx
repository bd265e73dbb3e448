//! 新增 / 修改 an enterprise's output target (a draft, or a target being revised): the enterprise (one of
//! the department's reporting enterprises still without a target, or the one the target has), the year's
//! figure, and how it is split into months (components/Targets). Last year's output and the growth are
//! the server's: the drawer only says what last year was. 按上年同期结构 needs the enterprise's approved
//! months of last year, which only the server holds. With January merged into February, January stays
//! 0. The server checks everything again; a field it names shows the reason.
import { ProFormDependency, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Typography } from 'antd';
import React, { useMemo } from 'react';
import { CrudDrawer, type CrudMode } from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import { EMPTY_MONTHS, empty, monthFieldNames, RevisingAlert, SplitFields, type TargetFormValues, targetFormValues, targetSubmitBody } from '@/components/Targets';
import { TARGET_STATUS } from '@/services/business/deptTarget';
import { getOutputTarget, type OutputTargetDetail, type OutputTargetSubmit, type PendingEnterprise, submitOutputTarget } from '@/services/business/outputTarget';
import DecimalField from '@/pages/investment/components/DecimalField';
import { useT } from '../columns';

export interface OutputTargetValues extends TargetFormValues {
  enterpriseId?: string;
}

/** A stored target as the form's values. */
export function targetValues(r: OutputTargetDetail): OutputTargetValues {
  return { enterpriseId: r.enterpriseId, ...targetFormValues(r) };
}

/** The body of `outputTarget/submit` (the shares only for 按季度节点, the months only for 手工). */
export function toSubmit(v: OutputTargetValues, year: number, id?: string): OutputTargetSubmit {
  return { enterpriseId: String(v.enterpriseId), ...targetSubmitBody(v, year, id) };
}

interface FieldsProps {
  record?: OutputTargetDetail;
  pending: PendingEnterprise[];
  januaryMerged: boolean;
}

/** The fields; last year's output follows the enterprise chosen. */
const TargetFields: React.FC<FieldsProps> = ({ record, pending, januaryMerged }) => {
  const t = useT();
  const revising = record?.targetStatus === TARGET_STATUS.revising;

  // the department's enterprises without a target, and the one the target has
  const enterprises = useMemo(() => {
    const list = pending.map((p) => ({ value: p.enterpriseId, label: p.enterpriseName, lastYear: p.lastYearOutput }));
    if (record && !list.some((o) => o.value === record.enterpriseId)) {
      list.unshift({ value: record.enterpriseId, label: record.enterpriseName, lastYear: record.lastYearOutput });
    }
    return list;
  }, [pending, record]);

  return (
    <>
      <RevisingAlert t={t} record={record} />
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
      <SplitFields t={t} record={record} mergeJanuary={januaryMerged} />
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
      fieldNames={monthFieldNames}
      submit={(values, record) => submitOutputTarget(toSubmit(values, record?.targetYear ?? year, record?.id))}
      onClose={onClose}
    >
      {({ record }) => <TargetFields record={record} pending={pending} januaryMerged={januaryMerged} />}
    </CrudDrawer>
  );
};

export default TargetDrawer;
