//! 填写竣工信息 of a finished project (domain-model §2.2.8): the acceptance day, the actual total
//! investment (required; offered from the cumulative figure of the monthly reports until one is
//! recorded), the capacity added, the output and tax after production, and whether the enterprise has
//! entered the statistics above scale — through `project/finished/submit`. The server checks every
//! field again; its field errors land on the field.
import { useIntl } from '@umijs/max';
import { DatePicker, Form, Input, InputNumber, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import { type CompletionSubmit, type FinishedProjectRecord, submitCompletion } from '@/services/business/finished';
import { NO, YES } from '@/services/business/project';
import { decimalInputText } from '../../components/DecimalField';
import { decimalText } from '../../components/projectValues';

export interface CompletionValues {
  acceptanceDate?: Dayjs;
  actualTotalInvestment?: string;
  newCapacity?: string;
  actualAnnualOutput?: string;
  actualAnnualTax?: string;
  enteredAboveScale?: string;
}

const DAY = 'YYYY-MM-DD';

/** The form's values of a project: what it records, the actual investment offered from the
 * cumulative figure while none is recorded. */
export function completionValues(p: FinishedProjectRecord): CompletionValues {
  return {
    acceptanceDate: p.acceptanceDate ? dayjs(p.acceptanceDate, DAY) : undefined,
    actualTotalInvestment: decimalText(p.actualTotalInvestment ?? p.cumulativeInvestment) ?? undefined,
    newCapacity: p.newCapacity || undefined,
    actualAnnualOutput: decimalText(p.actualAnnualOutput) ?? undefined,
    actualAnnualTax: decimalText(p.actualAnnualTax) ?? undefined,
    enteredAboveScale: p.enteredAboveScale || undefined,
  };
}

/** The form's values as the body: every completion field, an empty one cleared. */
export function toCompletion(id: string, v: CompletionValues): CompletionSubmit {
  return {
    id,
    acceptanceDate: v.acceptanceDate ? v.acceptanceDate.format(DAY) : '',
    actualTotalInvestment: decimalText(v.actualTotalInvestment) ?? '',
    newCapacity: (v.newCapacity ?? '').trim(),
    actualAnnualOutput: decimalText(v.actualAnnualOutput),
    actualAnnualTax: decimalText(v.actualAnnualTax),
    enteredAboveScale: v.enteredAboveScale ?? '',
  };
}

export interface CompletionModalProps {
  project: FinishedProjectRecord;
  open: boolean;
  onClose: (changed: boolean) => void;
}

const CompletionModal: React.FC<CompletionModalProps> = ({ project: p, open, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.${key}` });
  const [form] = Form.useForm<CompletionValues>();
  const wan = t('unit.wan');
  const money = { stringMode: true, min: '0', precision: 4, formatter: decimalInputText, suffix: wan, style: { width: '100%' } } as const;

  return (
    <ActionModal<CompletionValues>
      open={open}
      title={`${t('completion.title')} · ${p.projectName}`}
      form={form}
      submit={(values) => submitCompletion(toCompletion(p.id, values))}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="finished-completion" initialValues={completionValues(p)}>
        <Form.Item
          name="actualTotalInvestment"
          label={t('field.actualTotalInvestment')}
          extra={t('completion.prefill')}
          rules={[{ required: true, message: t('completion.required') }]}
        >
          <InputNumber<string> {...money} />
        </Form.Item>
        <Form.Item
          name="acceptanceDate"
          label={t('column.acceptanceDate')}
          rules={[
            {
              validator: async (_, value?: Dayjs) => {
                if (value && p.actualCompletionDate && value.format(DAY) < p.actualCompletionDate)
                  throw new Error(t('completion.acceptanceBeforeCompletion'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="newCapacity" label={t('field.newCapacity')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="actualAnnualOutput" label={t('field.actualAnnualOutput')}>
          <InputNumber<string> {...money} />
        </Form.Item>
        <Form.Item name="actualAnnualTax" label={t('field.actualAnnualTax')}>
          <InputNumber<string> {...money} />
        </Form.Item>
        <Form.Item name="enteredAboveScale" label={t('column.enteredAboveScale')}>
          <Radio.Group
            options={[
              { value: YES, label: t('yes') },
              { value: NO, label: t('no') },
            ]}
          />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default CompletionModal;
