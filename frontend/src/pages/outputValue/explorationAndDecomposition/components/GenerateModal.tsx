//! 生成分解: the committee turns a round's verified figures into the year's enterprise targets of a
//! department (年度产值分解) — the department's target shared in proportion to them (目标 = 核定产值 × 部门目标
//! ÷ Σ核定产值), each split into months by the enterprise's last year, as drafts (existing drafts are
//! overwritten; issued and confirmed targets are kept). The dialog asks for the department and the round,
//! then says what was made and leads to 年度产值分解 of that year and department. A refusal naming a field
//! (no target issued to the department, no verified survey) lands on it.
import { ProForm, ProFormSelect } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Button, Form, Modal, Result, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { ProFormDeptTreeSelect, useSubmit } from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import type { GenerateResult } from '@/services/business/outputTarget';
import { generateFromSurveys, SURVEY_ROUNDS } from '@/services/business/outputSurvey';
import { useRoundLabel, useT } from '../columns';

/** 年度产值分解, whose URL parameters are `year` and `deptId`. */
export const BREAKDOWN_PATH = '/outputValue/annualOutputBreakdown';

interface GenerateValues {
  deptId?: string;
  surveyRound?: string;
}

export interface GenerateModalProps {
  year: number;
  /** what the dialog starts with: the screen's department and round */
  deptId?: string;
  round?: string;
  onClose: () => void;
}

const GenerateModal: React.FC<GenerateModalProps> = ({ year, deptId, round, onClose }) => {
  const t = useT();
  const intl = useIntl();
  const roundLabel = useRoundLabel();
  const [form] = Form.useForm<GenerateValues>();
  const [done, setDone] = useState<{ result: GenerateResult; deptId: string }>();
  const saver = useSubmit(() => undefined, { form });

  const run = async () => {
    const values = await form.validateFields();
    const dept = String(values.deptId);
    await saver.submit(async () => {
      const res = await generateFromSurveys({ surveyYear: year, surveyRound: String(values.surveyRound), deptId: dept });
      if (res?.success) setDone({ result: res.data, deptId: dept });
      return res;
    });
  };

  const breakdownUrl = done ? `${BREAKDOWN_PATH}?year=${year}&deptId=${done.deptId}` : '';

  return (
    <Modal
      open
      title={t('generate.title', { year })}
      width={560}
      destroyOnHidden
      onCancel={onClose}
      footer={
        done ? (
          <Space>
            <Button onClick={onClose}>{t('generate.close')}</Button>
            <Button type="primary" onClick={() => history.push(breakdownUrl)} data-testid="survey-generate-open">
              {t('generate.open')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{intl.formatMessage({ id: 'crud.cancel' })}</Button>
            <Button type="primary" loading={saver.saving} onClick={() => void run().catch(() => undefined)} data-testid="survey-generate-run">
              {t('generate.run')}
            </Button>
          </Space>
        )
      }
    >
      {done ? (
        <Result
          status="success"
          title={t('generate.done', { created: done.result.created, updated: done.result.updated })}
          subTitle={
            <span data-testid="survey-generate-result">
              {t('generate.shared', { shared: formatMoney(done.result.shared) })}
              {done.result.skipped ? t('generate.skipped', { skipped: done.result.skipped }) : ''}
            </span>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('generate.explain', { year })}</Typography.Paragraph>
          <ProForm<GenerateValues>
            form={form}
            name="survey-generate"
            layout="vertical"
            submitter={false}
            initialValues={{ deptId, surveyRound: round && SURVEY_ROUNDS.includes(round as any) ? round : SURVEY_ROUNDS[0] }}
          >
            <ProFormDeptTreeSelect name="deptId" label={t('generate.dept')} fit="park" rules={[{ required: true }]} />
            <ProFormSelect
              name="surveyRound"
              label={t('field.surveyRound')}
              options={SURVEY_ROUNDS.map((r) => ({ value: r, label: roundLabel(r) }))}
              rules={[{ required: true }]}
              fieldProps={{ allowClear: false }}
            />
          </ProForm>
        </>
      )}
    </Modal>
  );
};

export default GenerateModal;
