//! The fields of one monthly progress report (domain-model §2.2.6) for a ProForm in grid mode, in the
//! two parts a park clerk fills: 投资完成 (the month's investment, its statistics composition, the funds
//! received) and 形象进度 (the status at the end of the month, with the facts a change needs, the key
//! node, the progress, next month's plan, the workers on site, whether there is an issue). What only
//! the server fills in (the cumulative figures, the review) shows in view mode.
import { ProFormDependency, ProFormDatePicker, ProFormDigit, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Col, Typography } from 'antd';
import React from 'react';
import { type CrudMode, FormSection, ProFormDictSelect, useDict } from '@/components/Crud';
import { formatMoney, formatRate, scaledText, toScaled } from '@/components/Figures';
import { ReviewStatusTag } from '@/components/Review';
import { NO, YES } from '@/services/business/project';
import { chooseRule } from '@/utils/formRules';
import DecimalField from '../../components/DecimalField';
import { PROJECT_DICT } from '../../components/projectDicts';
import { COMPOSITION } from './reportValues';
import type { ChangeFieldSpec } from './statusChange';

const FULL = { span: 24 };
const TEXTAREA = { autoSize: { minRows: 2, maxRows: 6 } };
const DAY = { style: { width: '100%' } };
/** 形象进度 is what a meeting reads: room for a paragraph. */
const PROGRESS = { autoSize: { minRows: 3, maxRows: 8 } };

export interface ReportFormProps {
  mode: CrudMode;
  /** the statuses the report may give, the project's own first (value and label) */
  statusOptions: { value: string; label: string }[];
  /** the project's status now and its label; unknown when the project could not be read */
  current?: { status: string; name: string };
  /** the facts the form asks (or, in view, shows) for a change to this status */
  changeFieldsOf: (status: string | undefined) => ChangeFieldSpec[];
  /** view: the report proposes its status to the project (ReportView `proposesChange`) */
  proposes?: boolean;
  /** view: the report was approved, so its change has been taken */
  approved?: boolean;
}

/** The sum of the composition when any part is given, in 万元 scaled by 10^4; undefined otherwise. */
function compositionSum(values: Record<string, unknown>): bigint | undefined {
  const parts = COMPOSITION.map((f) => toScaled(values[f], 4)).filter((n): n is bigint => n !== undefined);
  return parts.length ? parts.reduce((a, b) => a + b, 0n) : undefined;
}

const ReportFields: React.FC<ReportFormProps> = ({ mode, statusOptions, current, changeFieldsOf, proposes, approved }) => {
  const intl = useIntl();
  const view = mode === 'view';
  const statuses = useDict(PROJECT_DICT.projectStatus);
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.report.${key}` }, values as any);
  const label = (f: string) => t(`field.${f}`);
  const projectLabel = (f: string) => intl.formatMessage({ id: `pages.investment.project.field.${f}` });
  const wan = intl.formatMessage({ id: 'pages.investment.project.unit.wan' });
  const statusName = (code: string) => statusOptions.find((o) => o.value === code)?.label ?? statuses.options.find((o) => o.value === code)?.label ?? code;
  const section = (key: string) => <FormSection>{t(`section.${key}`)}</FormSection>;
  const yesNo = [
    { value: YES, label: intl.formatMessage({ id: 'pages.investment.project.yes' }) },
    { value: NO, label: intl.formatMessage({ id: 'pages.investment.project.no' }) },
  ];

  /** One fact of a status change: a day, the contract amount or the reason. */
  const changeField = ({ field, required }: ChangeFieldSpec) => {
    const name = ['statusChange', field];
    if (field === 'reason') {
      return <ProFormText key={field} name={name} label={label('changeReason')} colProps={{ xs: 24, md: 24, lg: 16 }} rules={[{ required }, { max: 500 }]} />;
    }
    if (field === 'contractAmount') {
      return <DecimalField key={field} name={name} label={projectLabel(field)} unit={wan} required={required} rules={required ? [{ required: true }] : []} />;
    }
    return (
      <ProFormDatePicker key={field} name={name} label={projectLabel(field)} fieldProps={DAY} rules={required ? [chooseRule(intl, projectLabel(field))] : []} />
    );
  };

  return (
    <>
      {section('investment')}
      <DecimalField name="monthInvestment" label={label('monthInvestment')} unit={wan} required rules={[{ required: true }]} />
      <DecimalField name="fundsInPlaceMonth" label={label('fundsInPlaceMonth')} unit={wan} />
      {COMPOSITION.map((f) => (
        <DecimalField
          key={f}
          name={f}
          label={label(f)}
          unit={wan}
          tooltip={f === COMPOSITION[0] ? t('composition.help') : undefined}
          colProps={{ xs: 24, md: 12, lg: 6 }}
        />
      ))}
      {view ? null : (
        // a live check of the composition, for the clerk; the server refuses a mismatch on its field
        <ProFormDependency name={['monthInvestment', ...COMPOSITION]}>
          {(values) => {
            const sum = compositionSum(values);
            const month = toScaled(values.monthInvestment, 4);
            if (sum === undefined || month === undefined || sum === month) return null;
            return (
              <Col span={24} data-testid="report-composition-mismatch">
                <Typography.Text type="warning">
                  {t('composition.mismatch', { sum: formatMoney(scaledText(sum, 4, { group: false })), month: formatMoney(values.monthInvestment) })}
                </Typography.Text>
              </Col>
            );
          }}
        </ProFormDependency>
      )}
      {view ? (
        <>
          <DecimalField name="ytdInvestment" label={label('ytdInvestment')} unit={wan} />
          <DecimalField name="cumulativeInvestment" label={label('cumulativeInvestment')} unit={wan} />
          <ProFormDependency name={['overInvestment']}>
            {({ overInvestment }) => (
              <ProFormText
                name="totalRate"
                label={label('totalRate')}
                tooltip={overInvestment ? t('overInvestment') : undefined}
                proFieldProps={{
                  render: (v: unknown) => (
                    <Typography.Text type={overInvestment ? 'danger' : undefined} data-over={overInvestment ? 'true' : undefined}>
                      {formatRate(v)}
                    </Typography.Text>
                  ),
                }}
              />
            )}
          </ProFormDependency>
        </>
      ) : null}

      {section('progress')}
      <ProFormDependency name={['projectStatus']}>
        {({ projectStatus }) => {
          const moving = !!current && !!projectStatus && projectStatus !== current.status;
          if (view) {
            // what the reviewer confirms: the status the project takes when this report is approved
            const key = approved ? 'change.applied' : 'change.proposed';
            return proposes && projectStatus ? (
              <Col span={24}>
                <Alert
                  type={approved ? 'success' : 'warning'}
                  showIcon
                  data-testid="report-proposed-change"
                  title={moving ? t(key, { to: statusName(projectStatus), from: current.name }) : t(`${key}NoFrom`, { to: statusName(projectStatus) })}
                  style={{ marginBottom: 16 }}
                />
              </Col>
            ) : null;
          }
          return moving ? (
            <Col span={24}>
              <Alert
                type="info"
                showIcon
                data-testid="report-change-hint"
                title={t('change.hint', { from: current.name, to: statusName(projectStatus) })}
                style={{ marginBottom: 16 }}
              />
            </Col>
          ) : null;
        }}
      </ProFormDependency>
      <ProFormSelect
        name="projectStatus"
        label={label('projectStatus')}
        tooltip={view ? undefined : t('projectStatus.help')}
        options={statusOptions}
        fieldProps={{ loading: statuses.loading }}
        rules={[chooseRule(intl, label('projectStatus'))]}
      />
      <ProFormDictSelect name="currentStage" label={label('currentStage')} code={PROJECT_DICT.projectStage} />
      <ProFormDigit
        name="workersOnSite"
        label={label('workersOnSite')}
        min={0}
        max={1000000}
        fieldProps={{ precision: 0, suffix: intl.formatMessage({ id: 'pages.investment.project.unit.person' }) }}
      />
      <ProFormDependency name={['projectStatus']}>{({ projectStatus }) => <>{changeFieldsOf(projectStatus).map(changeField)}</>}</ProFormDependency>
      <ProFormTextArea
        name="progressDesc"
        label={label('progressDesc')}
        tooltip={view ? undefined : t('progressDesc.help')}
        colProps={FULL}
        fieldProps={PROGRESS}
        rules={[{ required: true, whitespace: true }, { max: 2000 }]}
      />
      <ProFormTextArea name="nextMonthPlan" label={label('nextMonthPlan')} colProps={FULL} fieldProps={TEXTAREA} rules={[{ max: 2000 }]} />
      {/* read-only, a button radio group makes pro-components log its props to the console */}
      <ProFormRadio.Group
        name="hasIssue"
        label={label('hasIssue')}
        tooltip={view ? undefined : t('hasIssue.help')}
        options={yesNo}
        radioType={view ? 'radio' : 'button'}
        rules={[chooseRule(intl, label('hasIssue'))]}
      />
      <ProFormTextArea name="remark" label={label('remark')} colProps={{ xs: 24, md: 24, lg: 16 }} fieldProps={TEXTAREA} rules={[{ max: 500 }]} />

      {view ? (
        <>
          {section('audit')}
          <ProFormText name="reportStatus" label={label('reportStatus')} proFieldProps={{ render: (v: unknown) => <ReviewStatusTag value={v} /> }} />
          <ProFormText name="submitUserName" label={label('submitUserName')} />
          <ProFormText name="submitTime" label={label('submitTime')} />
          <ProFormText name="auditUserName" label={label('auditUserName')} />
          <ProFormText name="auditTime" label={label('auditTime')} />
          <ProFormText name="reviewOpinion" label={label('reviewOpinion')} colProps={FULL} />
        </>
      ) : null}
    </>
  );
};

export default ReportFields;
