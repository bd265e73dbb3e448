//! The drawer that files, changes or shows one enterprise's survey. Filing: the enterprise (of those the
//! person may see), the year and the round; once the enterprise is chosen the server's prefill fills
//! 上年产值 with last year's approved reports — said to be an estimate to complete when they cover fewer
//! than twelve months — and offers the enterprise's producing projects as new capacity. The quarters are
//! optional, all four or none, and their sum is set against 本年预计 as the clerk types. A stored survey
//! keeps its enterprise, year and round. Showing: the figures, the quarters, the projects, the factors,
//! the park's verification and the review history.
import { ProFormDependency, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Descriptions, Divider, Form, Space, Typography } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { CrudDrawer, type CrudMode, FormSection } from '@/components/Crud';
import { ProFormEnterpriseSelect } from '@/components/EnterpriseSelect';
import { formatMoney, NONE, toScaled } from '@/components/Figures';
import { ReviewStatusTag, ReviewTimeline } from '@/components/Review';
import {
  type CapacityProject,
  getOutputSurvey,
  getSurveyPrefill,
  type OutputSurveyDetail,
  QUARTER_KEYS,
  SURVEY_ROUNDS,
  type SurveyPrefill,
  submitOutputSurvey,
  surveyReview,
} from '@/services/business/outputSurvey';
import DecimalField from '@/pages/investment/components/DecimalField';
import { YoyText } from '../../report/columns';
import { useRoundLabel, useT } from '../columns';
import { agrees, checkQuarters, expectedGrowth, type SurveyFormValues, toFormValues, toSubmit } from '../surveyValues';

/** `report_status` keys: a draft, and a survey returned to its filler. */
const DRAFT = '0';
const RETURNED = '3';
const TEXTAREA = { autoSize: { minRows: 2, maxRows: 6 } };
/** A text left empty reads "—", as an amount does. */
const READ = { emptyText: NONE };
/** The years a survey may be filed for: the server takes five back and the next (the turn-of-year survey). */
const YEARS_BACK = 5;

export function surveyYears(now = new Date().getFullYear()): number[] {
  return Array.from({ length: YEARS_BACK + 2 }, (_, i) => now + 1 - i);
}

/** The prefill of the enterprise and year the form holds, asked again when either changes. */
function usePrefill(enabled: boolean): SurveyPrefill | undefined {
  const form = Form.useFormInstance<SurveyFormValues>();
  const enterpriseId = Form.useWatch('enterpriseId', form);
  const surveyYear = Form.useWatch('surveyYear', form);
  const [prefill, setPrefill] = useState<SurveyPrefill>();
  const latest = useRef(0);
  useEffect(() => {
    if (!enabled || !enterpriseId || !surveyYear) {
      setPrefill(undefined);
      return;
    }
    const mine = ++latest.current;
    getSurveyPrefill(String(enterpriseId), Number(surveyYear))
      .then((res) => {
        if (mine === latest.current) setPrefill(res?.success ? res.data : undefined);
      })
      // the request layer has said why
      .catch(() => mine === latest.current && setPrefill(undefined));
  }, [enabled, enterpriseId, surveyYear]);
  return prefill;
}

interface FieldsProps {
  mode: CrudMode;
  record?: OutputSurveyDetail;
}

const SurveyFields: React.FC<FieldsProps> = ({ mode, record }) => {
  const t = useT();
  const roundLabel = useRoundLabel();
  const form = Form.useFormInstance<SurveyFormValues>();
  const view = mode === 'view';
  const wan = t('unit.wan');
  const prefill = usePrefill(!view);
  const surveyYear = Form.useWatch('surveyYear', form) ?? record?.surveyYear;
  const lastYearTyped = Form.useWatch('lastYearOutput', form);

  // A new survey starts from the enterprise's last year: the figure follows the enterprise and year chosen.
  useEffect(() => {
    if (mode !== 'add' || !prefill) return;
    form.setFieldValue('lastYearOutput', prefill.lastYearOutput ?? undefined);
    const offered = new Set(prefill.projects.map((p) => p.id));
    form.setFieldValue('newProjectIds', (form.getFieldValue('newProjectIds') ?? []).filter((id: string) => offered.has(id)));
  }, [mode, prefill, form]);

  // the projects offered, and those the survey names already
  const projects = useMemo(() => {
    const list: CapacityProject[] = [...(prefill?.projects ?? [])];
    (record?.newProjects ?? []).forEach((p) => list.some((o) => o.id === p.id) || list.push(p));
    return list.map((p) => ({
      value: p.id,
      label: p.productionDate
        ? t('project.optionWithDate', { name: p.projectName, status: p.projectStatusName, date: p.productionDate })
        : t('project.option', { name: p.projectName, status: p.projectStatusName }),
    }));
  }, [prefill, record, t]);

  const money = (name: string, extra?: Record<string, unknown>) => <DecimalField name={name} label={t(`field.${name}`)} unit={wan} {...extra} />;

  /** What last year's approved reports say: the figure filled in (an estimate to complete when they cover
   * less than the year), or, once the clerk has typed another, the reports' sum for reference. */
  const lastYearHint = () => {
    if (view || !prefill) return null;
    const year = Number(surveyYear) - 1;
    const { lastYearOutput: reported, lastYearMonths: months } = prefill;
    const value = formatMoney(reported);
    const asFilled = mode === 'add' && reported !== null && toScaled(lastYearTyped, 4) === toScaled(reported, 4);
    let hint = t('prefill.reference', { year, months, value });
    let warn = false;
    if (reported === null) {
      hint = t('prefill.none', { year });
      warn = toScaled(lastYearTyped, 4) === undefined;
    } else if (asFilled && months < 12) {
      hint = t('prefill.partial', { year, months, value });
      warn = true;
    } else if (asFilled) hint = t('prefill.full', { year, value });
    return (
      <Col span={24} style={{ marginTop: -8, marginBottom: 16 }}>
        <Typography.Text type={warn ? 'warning' : 'secondary'} data-testid="survey-prefill">
          {hint}
        </Typography.Text>
      </Col>
    );
  };

  const quarterRule = (index: number) => ({
    validator: async (_: unknown, value: unknown) => {
      const check = checkQuarters(form.getFieldsValue([...QUARTER_KEYS, 'expectedOutput']));
      const empty = value === undefined || value === null || String(value).trim() === '';
      if (empty && check.filled > 0) throw new Error(t('rule.quarterMissing'));
      if (index === 4 && check.difference !== undefined && !agrees(check.difference)) {
        throw new Error(t('rule.quarterSum', { sum: formatMoney(check.sum), expected: formatMoney(form.getFieldValue('expectedOutput')) }));
      }
    },
  });

  return (
    <>
      {!view && record?.reportStatus === RETURNED && record.reviewOpinion ? (
        <Col span={24}>
          <Alert type="warning" showIcon title={t('drawer.returnedHint', { opinion: record.reviewOpinion })} style={{ marginBottom: 16 }} />
        </Col>
      ) : null}
      {mode === 'add' || (mode === 'edit' && record?.reportStatus === DRAFT) ? (
        <Col span={24}>
          <Alert type="info" showIcon title={t('drawer.draftHint')} style={{ marginBottom: 16 }} />
        </Col>
      ) : null}
      {view && record ? (
        <Col span={24}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            data-testid="survey-header"
            style={{ marginBottom: 16 }}
            items={[
              { key: 'enterprise', label: t('field.enterpriseId'), children: record.enterpriseName },
              { key: 'dept', label: t('field.deptName'), children: record.deptName || NONE },
              { key: 'round', label: t('field.surveyRound'), children: t('roundOfYear', { year: record.surveyYear, round: roundLabel(record.surveyRound) }) },
            ]}
          />
        </Col>
      ) : (
        <>
          <ProFormEnterpriseSelect
            name="enterpriseId"
            label={t('field.enterpriseId')}
            colProps={{ xs: 24, lg: 12 }}
            // a stored survey keeps its enterprise, year and round: the server refuses to move it
            disabled={mode !== 'add'}
            rules={[{ required: true, message: t('rule.enterpriseId') }]}
          />
          <ProFormSelect
            name="surveyYear"
            label={t('field.surveyYear')}
            colProps={{ xs: 12, lg: 6 }}
            disabled={mode !== 'add'}
            options={surveyYears().map((y) => ({ value: y, label: t('yearLabel', { year: y }) }))}
            rules={[{ required: true }]}
            fieldProps={{ allowClear: false }}
          />
          <ProFormSelect
            name="surveyRound"
            label={t('field.surveyRound')}
            colProps={{ xs: 12, lg: 6 }}
            disabled={mode !== 'add'}
            options={SURVEY_ROUNDS.map((r) => ({ value: r, label: roundLabel(r) }))}
            rules={[{ required: true }]}
            fieldProps={{ allowClear: false }}
          />
        </>
      )}

      <FormSection>{t('section.output')}</FormSection>
      {money('lastYearOutput', { rules: view ? [] : [{ required: true, message: t('rule.lastYearOutput') }], tooltip: t('field.lastYearOutput.help') })}
      {money('expectedOutput', { rules: view ? [] : [{ required: true, message: t('rule.expectedOutput') }] })}
      <ProFormDependency name={['lastYearOutput', 'expectedOutput']}>
        {(values) => {
          const growth = view ? record?.expectedGrowth : expectedGrowth(values);
          return (
            <Col xs={24} md={12} lg={8} data-testid="survey-expected-growth">
              <Form.Item label={t('field.expectedGrowth')}>
                <div style={{ lineHeight: '32px' }}>
                  <YoyText value={growth ?? null} />
                </div>
              </Form.Item>
            </Col>
          );
        }}
      </ProFormDependency>
      {lastYearHint()}

      <FormSection>{t(view ? 'section.quartersShown' : 'section.quarters')}</FormSection>
      {QUARTER_KEYS.map((k, i) => (
        <React.Fragment key={k}>
          {money(k, {
            colProps: { xs: 12, lg: 6 },
            dependencies: [...QUARTER_KEYS.filter((o) => o !== k), ...(i === 3 ? ['expectedOutput'] : [])],
            rules: view ? [] : [quarterRule(i + 1)],
          })}
        </React.Fragment>
      ))}
      <ProFormDependency name={[...QUARTER_KEYS, 'expectedOutput']}>
        {(values) => {
          const check = checkQuarters(values);
          let status: React.ReactNode = null;
          if (check.missing) status = <Typography.Text type="warning">{t('quarters.incomplete')}</Typography.Text>;
          else if (check.difference !== undefined && agrees(check.difference)) status = <Typography.Text type="success">{t('quarters.agree')}</Typography.Text>;
          else if (check.difference !== undefined) status = <Typography.Text type="danger">{t('quarters.differ', { difference: formatMoney(check.difference) })}</Typography.Text>;
          return (
            <Col span={24} style={{ marginTop: -8, marginBottom: 16 }} data-testid="survey-quarter-sum">
              {check.filled ? (
                <Space size="middle" wrap>
                  <Typography.Text>{t('quarters.sum', { sum: formatMoney(check.sum), expected: formatMoney(values.expectedOutput) })}</Typography.Text>
                  {status}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t(view ? 'quarters.none' : 'quarters.optional')}</Typography.Text>
              )}
            </Col>
          );
        }}
      </ProFormDependency>

      <FormSection>{t('section.drivers')}</FormSection>
      {money('newCapacityOutput', { tooltip: t('field.newCapacityOutput.help') })}
      <ProFormSelect
        name="newProjectIds"
        label={t('field.newProjectIds')}
        colProps={{ xs: 24, md: 12, lg: 16 }}
        mode="multiple"
        options={projects}
        fieldProps={{ optionFilterProp: 'label', maxCount: 20, notFoundContent: t('project.none') }}
        extra={!view && prefill && !prefill.projects.length ? t('project.noneOffered') : undefined}
        proFieldProps={view ? { render: () => (projects.length ? projects.map((p) => p.label).join('；') : NONE) } : undefined}
      />
      <ProFormTextArea name="growthFactors" label={t('field.growthFactors')} colProps={{ span: 24 }} fieldProps={TEXTAREA} proFieldProps={READ} rules={[{ max: 500 }]} />
      <ProFormTextArea name="declineFactors" label={t('field.declineFactors')} colProps={{ span: 24 }} fieldProps={TEXTAREA} proFieldProps={READ} rules={[{ max: 500 }]} />
      <ProFormTextArea name="remark" label={t('field.remark')} colProps={{ span: 24 }} fieldProps={TEXTAREA} proFieldProps={READ} rules={[{ max: 500 }]} />

      {view && record ? (
        <>
          <FormSection>{t('section.verification')}</FormSection>
          <Col span={24}>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2 }}
              data-testid="survey-verification"
              items={[
                { key: 'status', label: t('field.reportStatus'), children: <ReviewStatusTag value={record.reportStatus} /> },
                { key: 'verified', label: t('field.verifiedOutput'), children: record.verifiedOutput === null ? NONE : `${formatMoney(record.verifiedOutput)} ${wan}` },
                { key: 'growth', label: t('field.verifiedGrowth'), children: <YoyText value={record.verifiedGrowth} /> },
                { key: 'submit', label: t('field.submitted'), children: record.submitTime ? `${record.submitUserName} ${record.submitTime}` : NONE },
                { key: 'audit', label: t('field.audited'), children: record.auditTime ? `${record.auditUserName} ${record.auditTime}` : NONE },
                { key: 'opinion', label: t('field.reviewOpinion'), children: record.reviewOpinion || NONE },
              ]}
            />
          </Col>
          <Col span={24} data-testid="survey-review-log">
            <Divider titlePlacement="start">{t('section.review')}</Divider>
            <ReviewTimeline id={record.id} service={surveyReview} />
          </Col>
        </>
      ) : null}
    </>
  );
};

export interface SurveyDrawerProps {
  mode: CrudMode;
  id?: string;
  /** the year and round a new survey starts with (the screen's) */
  year: number;
  round?: string;
  onClose: (changed: boolean) => void;
}

const SurveyDrawer: React.FC<SurveyDrawerProps> = ({ mode, id, year, round, onClose }) => {
  const t = useT();
  const years = surveyYears();
  return (
    <CrudDrawer<OutputSurveyDetail, SurveyFormValues>
      mode={mode}
      id={id}
      name="output-survey-form"
      testId="output-survey"
      title={t(`drawer.${mode}`)}
      size={960}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={getOutputSurvey}
      toValues={toFormValues}
      initialValues={{
        surveyYear: years.includes(year) ? year : years[1],
        surveyRound: round && SURVEY_ROUNDS.includes(round as any) ? round : SURVEY_ROUNDS[0],
        newProjectIds: [],
      }}
      submit={(values, record) => submitOutputSurvey(toSubmit(values, record))}
      onClose={onClose}
    >
      {({ record }) => <SurveyFields mode={mode} record={record} />}
    </CrudDrawer>
  );
};

export default SurveyDrawer;
