//! The drawer that fills in, changes or shows one enterprise's month. Filling opens the month as the
//! server has it (the report, or the empty month with the approved months before it and last year's),
//! shows 1–N月累计 and 同比 while the clerk types, and asks for the reason when the year so far falls
//! below last year's. Last year's figures come from approved reports when there are any; otherwise the
//! clerk types them. Viewing shows the review steps the server allows and the user was granted, and the
//! review history; a difficulty (生产经营困难/诉求) it names may be raised as an issue from there (转为问题).
import { ProFormDependency, ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Col, Descriptions, Flex, Divider, Typography } from 'antd';
import React from 'react';
import { CrudDrawer, FormSection, ProFormFigure } from '@/components/Crud';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import { ReviewActions, ReviewTimeline } from '@/components/Review';
import { getOutputMonth, getOutputReport, type OutputReportRecord, outputReview, submitOutputReport } from '@/services/business/outputReport';
import { YoyText } from '../columns';
import { liveFigures, type OutputFormValues, toFormValues, toSubmit } from '../reportValues';

export const OUTPUT_MENU = 'output_report';
const RETURNED = '3';
const TEXTAREA = { autoSize: { minRows: 2, maxRows: 6 } };

/** An amount as typed while it is typed; else without the zeros its four decimals would pad it with
 * (800, not 800.0000). */
export function typedText(value: string | number | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  const text = value === undefined || value === null ? '' : String(value);
  return /^-?\d+\.\d*$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}

const withUnit = (figure: string, unit: string) => (figure === NONE ? figure : `${figure} ${unit}`);

/** What the drawer opens: a filed report by id, or an enterprise's month. */
export type OutputTarget = { id: string } | { enterpriseId: string; period: string };

/** The drawer loads by one key: `r:<id>` or `m:<enterpriseId>:<period>`. */
const keyOf = (t: OutputTarget) => ('id' in t && t.id ? `r:${t.id}` : `m:${(t as any).enterpriseId}:${(t as any).period}`);
const load = (key: string) => {
  const [kind, a, b] = key.split(':');
  return kind === 'r' ? getOutputReport(a) : getOutputMonth(a, b);
};

export interface OutputReportDrawerProps {
  mode: 'edit' | 'view';
  target: OutputTarget;
  onClose: (changed: boolean) => void;
  /** 转为问题 of the difficulty the report names, for whoever may raise issues (view mode) */
  onRaiseIssue?: (record: OutputReportRecord) => void;
}

const OutputReportDrawer: React.FC<OutputReportDrawerProps> = ({ mode, target, onClose, onRaiseIssue }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.output.report.${key}` }, values as any);
  const wan = t('unit.wan');
  const money = (name: string, extra?: Record<string, unknown>) => (
    <ProFormFigure
      name={name}
      label={t(`field.${name}`)}
      unit={wan}
      min={name === 'monthProfit' ? undefined : 0}
      fieldProps={{ precision: 4, stringMode: true, formatter: typedText }}
      proFieldProps={{ render: (text: unknown) => withUnit(formatMoney(text), wan) }}
      {...extra}
    />
  );
  const view = mode === 'view';

  return (
    <CrudDrawer<OutputReportRecord, OutputFormValues>
      mode={mode}
      id={keyOf(target)}
      name="output-report-form"
      testId="output-report"
      title={t(view ? 'drawer.view' : 'drawer.fill')}
      size={960}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={load}
      toValues={toFormValues}
      submit={(values, record) => submitOutputReport(toSubmit(values, record!))}
      onClose={onClose}
    >
      {({ record }) =>
        record ? (
          <>
            <Col span={24}>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 3 }}
                data-testid="output-report-header"
                items={[
                  {
                    key: 'enterprise',
                    label: t('field.enterpriseName'),
                    children: record.enterpriseName,
                  },
                  {
                    key: 'dept',
                    label: t('field.deptName'),
                    children: record.deptName || '—',
                  },
                  {
                    key: 'period',
                    label: t('field.period'),
                    children: t('periodLabel', {
                      year: record.period.slice(0, 4),
                      month: Number(record.period.slice(5)),
                    }),
                  },
                ]}
                style={{ marginBottom: 16 }}
              />
            </Col>
            {!view && record.reportStatus === RETURNED && record.reviewOpinion ? (
              <Col span={24}>
                <Alert type="warning" showIcon title={t('returnedHint', { opinion: record.reviewOpinion })} style={{ marginBottom: 16 }} />
              </Col>
            ) : null}
            {!view && (!record.reportStatus || record.reportStatus === '0') ? (
              <Col span={24}>
                <Alert type="info" showIcon title={t('draftHint')} style={{ marginBottom: 16 }} />
              </Col>
            ) : null}
            {view ? (
              <Col span={24} data-testid="output-report-review-actions">
                <Flex justify="flex-end">
                  <ReviewActions record={record} service={outputReview} menuCode={OUTPUT_MENU} onDone={() => onClose(true)} />
                </Flex>
              </Col>
            ) : null}
            <FormSection>{t('section.output')}</FormSection>
            {money('monthOutput', { rules: [{ required: true }] })}
            {record.lastYearFromReports || view ? (
              <>
                <Col xs={24} md={12} lg={8}>
                  <Descriptions
                    size="small"
                    column={1}
                    layout="vertical"
                    items={[
                      {
                        key: 'lm',
                        label: t('field.lastYearMonthOutput'),
                        children: `${formatMoney(record.lastYearMonthOutput)} ${wan}`,
                      },
                    ]}
                  />
                </Col>
                <Col xs={24} md={12} lg={8}>
                  <Descriptions
                    size="small"
                    column={1}
                    layout="vertical"
                    items={[
                      {
                        key: 'ly',
                        label: t('field.lastYearYtdOutput'),
                        children: `${formatMoney(record.lastYearYtdOutput)} ${wan}`,
                      },
                    ]}
                  />
                </Col>
              </>
            ) : (
              <>
                {money('lastYearMonthOutput', {
                  tooltip: t('field.lastYear.help'),
                })}
                {money('lastYearYtdOutput', {
                  tooltip: t('field.lastYear.help'),
                })}
              </>
            )}
            <ProFormDependency name={['monthOutput', 'lastYearYtdOutput']}>
              {(values) => {
                const live = view
                  ? {
                      ytd: record.ytdOutput ?? undefined,
                      yoy: record.yoy ?? undefined,
                      declines: !!record.yoy?.startsWith('-'),
                    }
                  : liveFigures(record, values);
                return (
                  <Col span={24} data-testid="output-live-figures" style={{ marginBottom: 16 }}>
                    <Typography.Text>
                      {t('live.ytd', { month: Number(record.period.slice(5)) })}
                      <Typography.Text strong>{` ${formatMoney(live.ytd)} ${wan}`}</Typography.Text>
                      {'　'}
                      {t('live.yoy')} <YoyText value={live.yoy} />
                      {live.yoy === undefined ? <Typography.Text type="secondary">{` (${t('live.noBase')})`}</Typography.Text> : null}
                    </Typography.Text>
                    {live.declines && !view ? (
                      <Alert
                        type="warning"
                        showIcon
                        style={{ marginTop: 8 }}
                        // "down 20.00 %", not "down -20.00 %"
                        title={t('live.declines', { yoy: formatRate(live.yoy?.replace('-', '')) })}
                        data-testid="output-decline-hint"
                      />
                    ) : null}
                  </Col>
                );
              }}
            </ProFormDependency>
            <ProFormDependency name={['monthOutput', 'lastYearYtdOutput']}>
              {(values) => {
                const declines = view ? !!record.declineReason : liveFigures(record, values).declines;
                return declines || record.declineReason ? (
                  <ProFormTextArea
                    name="declineReason"
                    label={t('field.declineReason')}
                    colProps={{ span: 24 }}
                    fieldProps={TEXTAREA}
                    rules={[{ required: declines && !view, whitespace: true }, { max: 500 }]}
                  />
                ) : null;
              }}
            </ProFormDependency>
            <FormSection>{t('section.more')}</FormSection>
            {money('monthRevenue')}
            {money('monthAddedValue')}
            {money('monthTax')}
            {money('monthProfit', { tooltip: t('field.monthProfit.help') })}
            <ProFormFigure
              name="electricity"
              label={t('field.electricity')}
              unit={t('unit.kwh')}
              min={0}
              fieldProps={{ precision: 2, stringMode: true, formatter: typedText }}
              proFieldProps={{ render: (text: unknown) => withUnit(formatMoney(text), t('unit.kwh')) }}
            />
            <ProFormDigit
              name="employeeCount"
              label={t('field.employeeCount')}
              min={0}
              max={1000000}
              fieldProps={{ precision: 0, suffix: t('unit.people') }}
              proFieldProps={{ render: (text: unknown) => (text === undefined || text === null || text === '' ? NONE : `${text} ${t('unit.people')}`) }}
            />
            {money('nextMonthForecast')}
            <ProFormTextArea name="problems" label={t('field.problems')} colProps={{ span: 24 }} fieldProps={TEXTAREA} rules={[{ max: 2000 }]} />
            {view && onRaiseIssue && record.problems?.trim() ? (
              <Col span={24} style={{ marginTop: -16, marginBottom: 16 }}>
                <Button size="small" onClick={() => onRaiseIssue(record)} data-testid="output-raise-issue">
                  {t('raiseIssue')}
                </Button>
              </Col>
            ) : null}
            <ProFormTextArea name="remark" label={t('field.remark')} colProps={{ span: 24 }} fieldProps={TEXTAREA} rules={[{ max: 500 }]} />
            {view ? (
              <Col span={24} data-testid="output-report-review">
                <Divider titlePlacement="start">{t('section.review')}</Divider>
                <ReviewTimeline id={record.id} service={outputReview} />
              </Col>
            ) : null}
          </>
        ) : null
      }
    </CrudDrawer>
  );
};

export default OutputReportDrawer;
