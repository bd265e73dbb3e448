//! 录入统计数据: a park's 1–N月 cumulative 规上工业总产值 (万元) for a month of the year shown, as the
//! statistics office published it — 快报 first, 正式 later. There is one figure per department, month and
//! source, and saving one again replaces it: changing a figure keeps those three and changes the value.
import { Alert, Form, Input, InputNumber, Select } from 'antd';
import React from 'react';
import { ActionModal, DeptTreeSelect } from '@/components/Crud';
import { formatPeriod, latestClosed } from '@/components/Period';
import { OFFICIAL_SOURCES, type ParkOfficialRecord, submitParkOfficial } from '@/services/business/parkOutput';
import { decimalInputText } from '../../../investment/components/DecimalField';
import { useMonthHeader, useT } from '../columns';

interface Values {
  deptId?: string;
  month?: number;
  dataSource?: string;
  indicatorValue?: string;
  remark?: string;
}

export interface OfficialEntryModalProps {
  year: number;
  /** the source a new figure starts with (the one the matrix shows) */
  dataSource: string;
  januaryMerged: boolean;
  /** the figure changed; a new one without */
  record?: ParkOfficialRecord;
  onClose: (changed: boolean) => void;
}

/** The month a new figure starts with: the latest closed one in the current year, else December. */
function firstMonth(year: number, januaryMerged: boolean): number {
  const closed = latestClosed(new Date(), januaryMerged);
  return closed.year === year ? closed.month : 12;
}

const OfficialEntryModal: React.FC<OfficialEntryModalProps> = ({ year, dataSource, januaryMerged, record, onClose }) => {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const header = useMonthHeader('cumulative', false);
  const editing = !!record;
  const months = Array.from({ length: 12 }, (_, i) => i + 1)
    // a merged January is no period of its own: 1–2月 is February's
    .filter((m) => !(januaryMerged && m === 1) || record?.periodMonth === 1)
    .map((m) => ({ value: m, label: header(m) }));
  const initial: Values = record
    ? { deptId: record.deptId, month: record.periodMonth, dataSource: record.dataSource, indicatorValue: record.indicatorValue, remark: record.remark }
    : { month: firstMonth(year, januaryMerged), dataSource };
  const required = (key: string) => [{ required: true, message: t(`entry.rule.${key}`) }];

  return (
    <ActionModal<Values>
      open
      title={t(editing ? 'entry.edit' : 'entry.add')}
      form={form}
      width={520}
      fieldNames={{ period: 'month' }}
      submit={(v) =>
        submitParkOfficial({
          deptId: String(v.deptId),
          period: formatPeriod({ year: record?.periodYear ?? year, month: Number(v.month) }),
          dataSource: String(v.dataSource),
          indicatorValue: String(v.indicatorValue),
          remark: (v.remark ?? '').trim(),
        })
      }
      onClose={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('entry.hint')} />
      <Form form={form} layout="vertical" name="park-official-form" initialValues={initial} preserve={false}>
        <Form.Item name="deptId" label={t('entry.dept')} rules={required('deptId')}>
          <DeptTreeSelect fit="park" disabled={editing} />
        </Form.Item>
        <Form.Item name="month" label={t('entry.month', { year: record?.periodYear ?? year })} rules={required('month')}>
          <Select options={months} disabled={editing} virtual={false} listHeight={12 * 32} />
        </Form.Item>
        <Form.Item name="dataSource" label={t('entry.source')} rules={required('dataSource')}>
          <Select options={OFFICIAL_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))} disabled={editing} />
        </Form.Item>
        <Form.Item name="indicatorValue" label={t('entry.value')} rules={required('indicatorValue')}>
          <InputNumber<string> stringMode precision={4} min="0" formatter={decimalInputText} suffix={t('entry.unit')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('entry.remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default OfficialEntryModal;
