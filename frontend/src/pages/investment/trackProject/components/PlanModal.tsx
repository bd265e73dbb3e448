//! 年度计划 of a tracked project (domain-model §2.2.1 ProjectAnnualPlan): its plans of every year, newest
//! first, and the plan of the reporting year to fill in or change — the planned investment, the year's
//! milestone, whether it starts or completes this year, and the months. "平均分解" fills the months
//! evenly, and a plan whose months are exactly the even split is saved as such (`splitMode` 1: the
//! server splits, to the same cents); months typed by hand must add up to the year before they are sent
//! (the grid shows the running Σ), and months left empty are no monthly plan at all. Whoever holds no
//! `edit` button on the menu reads the plans only.
import { useIntl } from '@umijs/max';
import { Form, Input, InputNumber, Radio, Table, Typography } from 'antd';
import React, { useState } from 'react';
import { ActionModal } from '@/components/Crud';
import { formatMoney } from '@/components/Figures';
import { cents, MonthGrid, splitEvenly, sumCents } from '@/components/MonthGrid';
import { NO, YES } from '@/services/business/project';
import {
  listPlans,
  monthsOf,
  type ProjectPlanRecord,
  type ProjectPlanSubmit,
  SPLIT_AS_TYPED,
  SPLIT_EVENLY,
  submitPlan,
} from '@/services/business/projectPlan';

export interface PlanModalProps {
  project: { id: string; projectName: string };
  /** the reporting year: the plan edited */
  year: number;
  /** may save (the menu's `edit` button) */
  editable: boolean;
  onClose: (changed: boolean) => void;
}

interface Values {
  yearPlanInvestment?: string | null;
  yearMilestone?: string;
  planStartThisYear?: string;
  planCompleteThisYear?: string;
  months?: string[];
  remark?: string;
}

const EMPTY_MONTHS = Array.from({ length: 12 }, () => '');

/** What is sent for the months: none when all are empty, the even split as such, else the months as
 * typed (empty ones null) — or a refusal when they do not add up to the year. */
export function monthsToSend(annual: unknown, months: readonly string[] = EMPTY_MONTHS): Pick<ProjectPlanSubmit, 'splitMode' | 'months'> | 'mismatch' {
  if (months.every((m) => m === '' || m === null || m === undefined)) return {};
  const even = splitEvenly(annual);
  if ('months' in even && even.months.every((m, i) => cents(m) === cents(months[i]))) return { splitMode: SPLIT_EVENLY };
  if (sumCents(months) !== cents(annual)) return 'mismatch';
  return { splitMode: SPLIT_AS_TYPED, months: months.map((m) => (m === '' ? null : m)) };
}

const PlanModal: React.FC<PlanModalProps> = ({ project, year, editable, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.plan.${key}` }, values as any);
  const [form] = Form.useForm<Values>();
  const [plans, setPlans] = useState<ProjectPlanRecord[]>();
  const annual = Form.useWatch('yearPlanInvestment', form);
  const lastYear = plans?.find((p) => p.planYear === year - 1);
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: NO, label: t('no') },
  ];

  const load = async () => {
    const res = await listPlans(project.id);
    if (!res?.success) throw new Error(res?.msg);
    return res.data ?? [];
  };
  const onLoad = (list: ProjectPlanRecord[]) => {
    setPlans(list);
    const plan = list.find((p) => p.planYear === year);
    form.setFieldsValue(
      plan
        ? {
            yearPlanInvestment: plan.yearPlanInvestment,
            yearMilestone: plan.yearMilestone,
            planStartThisYear: plan.planStartThisYear,
            planCompleteThisYear: plan.planCompleteThisYear,
            months: monthsOf(plan).map((m) => m ?? ''),
            remark: plan.remark,
          }
        : { planStartThisYear: NO, planCompleteThisYear: NO, months: EMPTY_MONTHS },
    );
  };

  const submit = async (v: Values) => {
    const months = monthsToSend(v.yearPlanInvestment, v.months);
    if (months === 'mismatch') {
      form.setFields([{ name: 'months', errors: [t('rule.monthsSum')] }]);
      return undefined;
    }
    return submitPlan({
      projectId: project.id,
      planYear: year,
      yearPlanInvestment: String(v.yearPlanInvestment),
      yearMilestone: (v.yearMilestone ?? '').trim(),
      planStartThisYear: v.planStartThisYear as typeof YES,
      planCompleteThisYear: v.planCompleteThisYear as typeof YES,
      ...months,
      remark: (v.remark ?? '').trim(),
    });
  };

  const flag = (v: string) => (v === YES ? t('yes') : t('no'));

  return (
    <ActionModal<Values, ProjectPlanRecord[]>
      open
      title={t('title', { name: project.projectName })}
      width={960}
      form={form}
      fieldNames={(field) => (/^months/.test(field) || /^m\d\d$/.test(field) ? 'months' : field)}
      load={load}
      onLoad={onLoad}
      submit={submit}
      onClose={onClose}
      okText={t('save', { year })}
      footer={editable ? undefined : null}
    >
      <Table<ProjectPlanRecord>
        size="small"
        rowKey="id"
        loading={!plans}
        dataSource={plans ?? []}
        pagination={false}
        data-testid="plan-years"
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('field.planYear'), dataIndex: 'planYear', width: 80 },
          { title: t('field.yearPlanInvestment'), dataIndex: 'yearPlanInvestment', align: 'right', width: 140, render: (v) => formatMoney(v) },
          { title: t('field.yearMilestone'), dataIndex: 'yearMilestone', ellipsis: true },
          { title: t('field.planStartThisYear'), dataIndex: 'planStartThisYear', width: 110, render: flag },
          { title: t('field.planCompleteThisYear'), dataIndex: 'planCompleteThisYear', width: 130, render: flag },
        ]}
      />
      <Typography.Title level={5}>{t('editing', { year })}</Typography.Title>
      <Form form={form} layout="vertical" name="project-plan" disabled={!editable}>
        <Form.Item name="yearPlanInvestment" label={t('field.yearPlanInvestment')} rules={[{ required: true, message: t('rule.yearPlanInvestment') }]}>
          <InputNumber<string> stringMode precision={4} min="0" suffix={t('wan')} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item name="yearMilestone" label={t('field.yearMilestone')} rules={[{ required: true, whitespace: true, message: t('rule.yearMilestone') }]}>
          <Input.TextArea rows={2} showCount maxLength={1000} />
        </Form.Item>
        <Form.Item name="planStartThisYear" label={t('field.planStartThisYear')} rules={[{ required: true }]}>
          <Radio.Group options={yesNo} />
        </Form.Item>
        <Form.Item name="planCompleteThisYear" label={t('field.planCompleteThisYear')} rules={[{ required: true }]}>
          <Radio.Group options={yesNo} />
        </Form.Item>
        <Form.Item name="months" label={t('field.months')} extra={t('monthsHelp')}>
          <MonthGrid annual={annual} lastYear={lastYear ? monthsOf(lastYear) : undefined} readOnly={!editable} />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default PlanModal;
