//! 审核 of one survey: the park verifies (核定) the enterprise's figure. The dialog shows what the
//! enterprise stated, quarter by quarter, and why, and offers 园区核定产值 — the figure verified before, else the enterprise's
//! own — with its growth on last year as the reviewer types, and an opinion. 通过 approves with the
//! figure; 退回 (with the grant, and then an opinion is required) sends the survey back to its filler.
//! The server checks both again; a refusal naming a field lands on it.
import { ProForm, ProFormDependency, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Descriptions, Form, Modal, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { useSubmit } from '@/components/Crud';
import { formatMoney, NONE, toScaled } from '@/components/Figures';
import { MAX_OPINION } from '@/components/Review';
import { type OutputSurveyRecord, QUARTER_KEYS, surveyReview, verifyOutputSurvey } from '@/services/business/outputSurvey';
import DecimalField from '@/pages/investment/components/DecimalField';
import { YoyText } from '../../report/columns';
import { growthOf } from '../../report/reportValues';
import { useRoundLabel, useT } from '../columns';

interface VerifyValues {
  verifiedOutput?: string;
  opinion?: string;
}

export interface VerifyModalProps {
  record: OutputSurveyRecord;
  /** the reviewer may return the survey (the grant, and the server allows it) */
  canReturn: boolean;
  onClose: (changed: boolean) => void;
}

const VerifyModal: React.FC<VerifyModalProps> = ({ record, canReturn, onClose }) => {
  const t = useT();
  const intl = useIntl();
  const roundLabel = useRoundLabel();
  const [form] = Form.useForm<VerifyValues>();
  const [taking, setTaking] = useState<'approve' | 'return'>();
  const saver = useSubmit(() => onClose(true), { form });
  const wan = t('unit.wan');
  const money = (v: string | null) => (v === null ? NONE : `${formatMoney(v)} ${wan}`);

  const approve = async () => {
    const { verifiedOutput } = await form.validateFields(['verifiedOutput']);
    setTaking('approve');
    await saver.submit(() => verifyOutputSurvey(record.id, String(verifiedOutput), (form.getFieldValue('opinion') ?? '').trim()));
    setTaking(undefined);
  };

  const sendBack = async () => {
    const opinion = String(form.getFieldValue('opinion') ?? '').trim();
    if (!opinion) {
      form.setFields([{ name: 'opinion', errors: [intl.formatMessage({ id: 'component.review.opinion.required.return' })] }]);
      return;
    }
    setTaking('return');
    await saver.submit(() => surveyReview.return([record.id], opinion));
    setTaking(undefined);
  };

  return (
    <Modal
      open
      title={t('verify.title', { enterprise: record.enterpriseName })}
      width={640}
      destroyOnHidden
      onCancel={() => onClose(false)}
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{intl.formatMessage({ id: 'crud.cancel' })}</Button>
          {canReturn ? (
            <Button danger loading={taking === 'return'} disabled={!!taking} onClick={() => void sendBack().catch(() => undefined)} data-testid="survey-verify-return">
              {t('verify.return')}
            </Button>
          ) : null}
          <Button type="primary" loading={taking === 'approve'} disabled={!!taking} onClick={() => void approve().catch(() => undefined)} data-testid="survey-verify-approve">
            {t('verify.approve')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={2}
        data-testid="survey-verify-figures"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'round', label: t('field.surveyRound'), children: t('roundOfYear', { year: record.surveyYear, round: roundLabel(record.surveyRound) }) },
          { key: 'dept', label: t('field.deptName'), children: record.deptName || NONE },
          { key: 'last', label: t('field.lastYearOutput'), children: money(record.lastYearOutput) },
          { key: 'expected', label: t('field.expectedOutput'), children: money(record.expectedOutput) },
          { key: 'growth', label: t('field.expectedGrowth'), children: <YoyText value={record.expectedGrowth} /> },
          { key: 'capacity', label: t('field.newCapacityOutput'), children: money(record.newCapacityOutput) },
          {
            key: 'quarters',
            label: t('field.quarters'),
            span: 2,
            children: record.expectedQ1 === null ? t('quarters.none') : QUARTER_KEYS.map((k) => formatMoney(record[k])).join(' / '),
          },
          { key: 'growthFactors', label: t('field.growthFactors'), span: 2, children: record.growthFactors || NONE },
          { key: 'declineFactors', label: t('field.declineFactors'), span: 2, children: record.declineFactors || NONE },
        ]}
      />
      <ProForm<VerifyValues>
        form={form}
        name="survey-verify"
        layout="vertical"
        submitter={false}
        initialValues={{ verifiedOutput: record.verifiedOutput ?? record.expectedOutput, opinion: '' }}
      >
        <DecimalField
          name="verifiedOutput"
          label={t('field.verifiedOutput')}
          unit={wan}
          tooltip={t('verify.help')}
          rules={[{ required: true, message: t('rule.verifiedOutput') }]}
        />
        <ProFormDependency name={['verifiedOutput']}>
          {({ verifiedOutput }) => {
            const verified = toScaled(verifiedOutput, 4);
            const growth = verified === undefined ? undefined : growthOf(verified, toScaled(record.lastYearOutput, 4));
            return (
              <Typography.Paragraph style={{ marginTop: -8 }} data-testid="survey-verify-growth">
                {t('field.verifiedGrowth')}：<YoyText value={growth ?? null} />
              </Typography.Paragraph>
            );
          }}
        </ProFormDependency>
        <ProFormTextArea
          name="opinion"
          label={intl.formatMessage({ id: 'component.review.opinion' })}
          placeholder={t('verify.opinionHint')}
          fieldProps={{ rows: 3, showCount: true, maxLength: MAX_OPINION }}
        />
      </ProForm>
    </Modal>
  );
};

export default VerifyModal;
