//! 填报 / 修改 / 查看 one project's forecast of a month: the month's, quarter's and year's expected
//! investment (万元, the month and year required), the expected start and production days, and what the
//! figures rest on. A new forecast picks a library project unless the project list handed one over; the
//! server keeps one forecast per project and month, and its refusal (named `period`) lands on the project.
//! Viewing shows the review steps the server allows and the user was granted, and the review history.
import { ProFormDatePicker, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Col, Descriptions, Divider, Flex } from 'antd';
import dayjs from 'dayjs';
import React, { useMemo } from 'react';
import { CrudDrawer, type CrudMode } from '@/components/Crud';
import { formatPeriod, type Period } from '@/components/Period';
import { ReviewActions, ReviewStatusTag, ReviewTimeline } from '@/components/Review';
import { type ForecastRecord, type ForecastSubmit, forecastReview, getForecast, submitForecast } from '@/services/business/forecast';
import { listProjects, YES } from '@/services/business/project';
import DecimalField from '../../../components/DecimalField';
import { useT } from '../columns';

/** The menu whose buttons grant the review steps. */
export const FORECAST_MENU = 'investment_forecasting';
/** `report_status` 已退回: the reviewer's opinion says what to fix. */
const RETURNED = '3';

/** A project handed over by the project list. */
export interface ForecastProject {
  projectId: string;
  projectName: string;
  deptName?: string;
}

export interface ForecastValues {
  projectId?: string;
  expectedMonthInvestment?: string;
  expectedQuarterInvestment?: string | null;
  expectedYearInvestment?: string;
  expectedStartDate?: string | dayjs.Dayjs | null;
  expectedProductionDate?: string | dayjs.Dayjs | null;
  basis?: string;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const decimal = (v: unknown) => (empty(v) ? null : String(v));
const day = (v: unknown) => (empty(v) ? null : dayjs(v as string).format('YYYY-MM-DD'));

/** A stored forecast as the form's values. */
export const forecastValues = (r: ForecastRecord): ForecastValues => ({
  projectId: r.projectId,
  expectedMonthInvestment: r.expectedMonthInvestment,
  expectedQuarterInvestment: r.expectedQuarterInvestment,
  expectedYearInvestment: r.expectedYearInvestment,
  expectedStartDate: r.expectedStartDate || null,
  expectedProductionDate: r.expectedProductionDate || null,
  basis: r.basis,
});

/** The body of `submit`: empty optional figures and days go as null, the basis trimmed. */
export function toSubmit(v: ForecastValues, projectId: string, period: string, id?: string): ForecastSubmit {
  return {
    ...(id ? { id } : {}),
    projectId,
    period,
    expectedMonthInvestment: String(v.expectedMonthInvestment),
    expectedQuarterInvestment: decimal(v.expectedQuarterInvestment),
    expectedYearInvestment: String(v.expectedYearInvestment),
    expectedStartDate: day(v.expectedStartDate),
    expectedProductionDate: day(v.expectedProductionDate),
    basis: (v.basis ?? '').trim(),
  };
}

/** One forecast per project and month: the server names the month, the person chose the project. */
const fieldNames = (field: string) => (field === 'period' ? 'projectId' : field);

/** The library projects whose name holds what was typed (the first page of them). */
async function searchProjects(keyWords?: string) {
  const res = await listProjects({ inLibrary: YES, projectName: keyWords || undefined, size: 30 }, { skipErrorHandler: true }).catch(() => undefined);
  return (res?.data?.records ?? []).map((p) => ({ value: p.id, label: p.projectNo ? `${p.projectName}（${p.projectNo}）` : p.projectName }));
}

export interface ForecastDrawerProps {
  mode: CrudMode;
  /** edit and view: the forecast */
  id?: string;
  /** add: the month forecast */
  period: Period;
  /** add from the project list: the project, fixed */
  project?: ForecastProject;
  onClose: (changed: boolean) => void;
}

const ForecastDrawer: React.FC<ForecastDrawerProps> = ({ mode, id, period, project, onClose }) => {
  const t = useT();
  const initialValues = useMemo(() => (project ? { projectId: project.projectId } : {}), [project]);
  const unit = t('unit.wan');
  const monthText = (p: string) => {
    const [y, m] = p.split('-');
    return t('periodText', { year: Number(y), month: Number(m) });
  };

  return (
    <CrudDrawer<ForecastRecord, ForecastValues>
      mode={mode}
      id={id}
      name="forecast-form"
      testId="forecast"
      title={t(`drawer.${mode}`)}
      size={880}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={getForecast}
      toValues={forecastValues}
      initialValues={initialValues}
      fieldNames={fieldNames}
      submit={(values, record) =>
        // a project handed over is not a field of the form, so it is not among the values
        submitForecast(toSubmit(values, record?.projectId ?? project?.projectId ?? String(values.projectId), record?.period ?? formatPeriod(period), mode === 'edit' ? id : undefined))
      }
      onClose={onClose}
    >
      {({ record }) => {
        const fixed = record ?? project;
        return (
          <>
            {fixed ? (
              <Col span={24}>
                <Descriptions
                  size="small"
                  column={{ xs: 1, md: 3 }}
                  data-testid="forecast-header"
                  style={{ marginBottom: 16 }}
                  items={[
                    { key: 'project', label: t('column.projectName'), children: record?.projectName ?? project?.projectName },
                    { key: 'dept', label: t('column.dept'), children: record?.deptName ?? project?.deptName ?? '' },
                    { key: 'period', label: t('field.period'), children: monthText(record?.period ?? formatPeriod(period)) },
                    ...(record ? [{ key: 'status', label: t('column.reportStatus'), children: <ReviewStatusTag value={record.reportStatus} /> }] : []),
                  ]}
                />
              </Col>
            ) : (
              <>
                <ProFormSelect
                  name="projectId"
                  label={t('field.projectId')}
                  colProps={{ xs: 24, md: 16 }}
                  showSearch
                  debounceTime={300}
                  request={({ keyWords }) => searchProjects(keyWords)}
                  fieldProps={{ filterOption: false, placeholder: t('field.projectSearch') }}
                  rules={[{ required: true, message: t('rule.projectId') }]}
                />
                <Col xs={24} md={8}>
                  <Descriptions size="small" column={1} style={{ marginTop: 30 }} items={[{ key: 'period', label: t('field.period'), children: monthText(formatPeriod(period)) }]} />
                </Col>
              </>
            )}
            {mode === 'edit' && record?.reportStatus === RETURNED && record.reviewOpinion ? (
              <Col span={24}>
                <Alert
                  type="warning"
                  showIcon
                  // the sentence goes on after the opinion: its own full stop would make two
                  title={t('returnedHint', { opinion: record.reviewOpinion.trim().replace(/[。．.!！;；]+$/, '') })}
                  style={{ marginBottom: 16 }}
                />
              </Col>
            ) : null}
            {mode !== 'view' && (!record || record.reportStatus === '0') ? (
              <Col span={24}>
                <Alert type="info" showIcon title={t('draftHint')} style={{ marginBottom: 16 }} />
              </Col>
            ) : null}
            {mode === 'view' && record ? (
              <Col span={24} data-testid="forecast-review-actions">
                <Flex justify="flex-end">
                  <ReviewActions record={record} service={forecastReview} menuCode={FORECAST_MENU} onDone={() => onClose(true)} />
                </Flex>
              </Col>
            ) : null}
            <DecimalField name="expectedMonthInvestment" label={t('field.expectedMonthInvestment')} unit={unit} rules={[{ required: true, message: t('rule.expectedMonthInvestment') }]} />
            <DecimalField name="expectedQuarterInvestment" label={t('field.expectedQuarterInvestment')} unit={unit} />
            <DecimalField name="expectedYearInvestment" label={t('field.expectedYearInvestment')} unit={unit} rules={[{ required: true, message: t('rule.expectedYearInvestment') }]} />
            <ProFormDatePicker
              name="expectedStartDate"
              label={t('field.expectedStartDate')}
              tooltip={t('field.expectedStartDateHelp')}
              fieldProps={{ style: { width: '100%' } }}
            />
            <ProFormDatePicker name="expectedProductionDate" label={t('field.expectedProductionDate')} fieldProps={{ style: { width: '100%' } }} />
            <ProFormTextArea
              name="basis"
              label={t('field.basis')}
              colProps={{ span: 24 }}
              placeholder={t('field.basisHelp')}
              fieldProps={{ rows: 3, maxLength: 500, showCount: true }}
            />
            {mode === 'view' && record ? (
              <Col span={24} data-testid="forecast-review">
                <Divider titlePlacement="start">{t('section.review')}</Divider>
                <ReviewTimeline id={record.id} service={forecastReview} />
              </Col>
            ) : null}
          </>
        );
      }}
    </CrudDrawer>
  );
};

export default ForecastDrawer;
