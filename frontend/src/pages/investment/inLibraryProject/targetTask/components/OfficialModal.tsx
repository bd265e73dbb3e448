//! An official figure (domain-model §2.3.4): a department's 1–N月 cumulative value of an indicator the
//! platform does not measure, as the statistics office published it — 快报 first, 正式 later. A figure
//! is one per department, month, indicator and source, and saving it again replaces it: changing one
//! keeps those four and changes the value.
import { Form, Input, InputNumber, Select } from 'antd';
import React from 'react';
import { ActionModal, DeptTreeSelect, useDict } from '@/components/Crud';
import { formatPeriod, type Period, PeriodPicker } from '@/components/Period';
import { type OfficialRecord, submitOfficial } from '@/services/business/deptTarget';
import { decimalInputText } from '../../../components/DecimalField';
import { useT } from '../columns';

/** `data_source` keys typed in here: 2 统计快报, 3 统计正式 (1 企业汇总 is the platform's own). */
const TYPED_SOURCES = ['2', '3'];
/** 规上工业增加值增速 is a rate and may fall below zero; the other figures may not. */
const RATE_INDICATOR = '13';

interface Values {
  deptId?: string;
  period?: Period;
  indicatorCode?: string;
  dataSource?: string;
  indicatorValue?: string;
  remark?: string;
}

export interface OfficialModalProps {
  /** the figure changed; a new one without */
  record?: OfficialRecord;
  /** the month a new figure starts with */
  period: Period;
  /** the indicators typed in here, from `target_indicator` */
  indicators: API.DictOption[];
  onClose: (changed: boolean) => void;
}

/** The month of a figure being changed: part of what the figure is, so not changed here. */
const PeriodText: React.FC<{ value?: Period }> = ({ value }) => {
  const t = useT();
  return <span>{value ? t('official.periodText', { year: value.year, month: value.month }) : null}</span>;
};

const OfficialModal: React.FC<OfficialModalProps> = ({ record, period, indicators, onClose }) => {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const sources = useDict('data_source');
  const indicator = Form.useWatch('indicatorCode', form);
  const editing = !!record;
  const initial: Values = record
    ? {
        deptId: record.deptId,
        period: { year: record.periodYear, month: record.periodMonth },
        indicatorCode: record.indicatorCode,
        dataSource: record.dataSource,
        indicatorValue: record.indicatorValue,
        remark: record.remark,
      }
    : { period, indicatorCode: indicators[0]?.value, dataSource: TYPED_SOURCES[0] };
  const required = (key: string) => [{ required: true, message: t(`official.rule.${key}`) }];

  return (
    <ActionModal<Values>
      open
      title={t(editing ? 'official.edit' : 'official.add')}
      form={form}
      width={560}
      submit={(v) =>
        submitOfficial({
          deptId: String(v.deptId),
          period: formatPeriod(v.period!),
          indicatorCode: String(v.indicatorCode),
          dataSource: String(v.dataSource),
          indicatorValue: String(v.indicatorValue),
          remark: (v.remark ?? '').trim(),
        })
      }
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="official-form" initialValues={initial} preserve={false}>
        <Form.Item name="indicatorCode" label={t('field.indicatorCode')} rules={required('indicatorCode')}>
          <Select options={indicators} disabled={editing} />
        </Form.Item>
        <Form.Item name="period" label={t('official.period')} extra={t('official.periodHelp')} rules={required('period')}>
          {editing ? <PeriodText /> : <PeriodPicker value={initial.period!} onChange={() => undefined} />}
        </Form.Item>
        <Form.Item name="deptId" label={t('field.deptId')} rules={required('deptId')}>
          <DeptTreeSelect disabled={editing} />
        </Form.Item>
        <Form.Item name="dataSource" label={t('official.dataSource')} rules={required('dataSource')}>
          <Select loading={sources.loading} options={sources.options.filter((o) => TYPED_SOURCES.includes(o.value))} disabled={editing} />
        </Form.Item>
        <Form.Item name="indicatorValue" label={t('official.value')} rules={required('indicatorValue')}>
          <InputNumber<string>
            stringMode
            precision={4}
            min={indicator === RATE_INDICATOR ? undefined : '0'}
            formatter={decimalInputText}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default OfficialModal;
