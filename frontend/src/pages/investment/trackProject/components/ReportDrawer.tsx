//! The drawer that files, changes or shows one monthly progress report. Filing and changing need the
//! project as it stands (its status, the statuses a report may propose, the facts it already holds):
//! the tracked list hands its row over; opened from a report, the project is read from the tracked
//! list of the report's month by its id. Viewing a report shows at the top the review steps the server allows and the user was
//! granted, and what approving it does to the project's status; at the bottom the review history.
//! A saved report shows the month's site photos, which its filler changes while the report is theirs
//! (draft or returned).
import { useIntl } from '@umijs/max';
import { Alert, Col, Descriptions, Divider, Flex } from 'antd';
import React, { useMemo, useState } from 'react';
import { CrudDrawer, type CrudMode, hasButton, useDict } from '@/components/Crud';
import {
  getReport,
  getTrackedProject,
  type ProjectReportRecord,
  reportReview,
  submitReport,
  type TrackedProjectRecord,
} from '@/services/business/projectReport';
import { periodLabel } from '@/components/Period';
import { SITE_PHOTO } from '@/services/business/projectAttachment';
import { ReviewActions, ReviewTimeline } from '@/components/Review';
import AttachmentPanel from '../../components/AttachmentPanel';
import { PROJECT_DICT } from '../../components/projectDicts';
import ReportFields from './ReportForm';
import { newReportValues, type ReportFormValues, toFormValues, toSubmit } from './reportValues';
import { CHANGE_FIELDS, type ChangeFieldSpec, changeFields, reportStatuses } from './statusChange';

/** `report_status` of a report sent back to its filler. */
const RETURNED = '3';
/** `report_status` 已通过: a proposed change has been taken. */
const APPROVED = '2';
/** The menu whose buttons grant the review steps. */
export const TRACK_MENU = 'track_project';
/** `report_status` 草稿 and 已退回: the filler's, so its photos may change. */
const PHOTOS_OPEN = ['0', RETURNED];

export interface ReportDrawerProps {
  mode: CrudMode;
  /** edit and view: the report */
  id?: string;
  /** the tracked project (from the tracked list): required to add, spares a look-up otherwise */
  project?: TrackedProjectRecord;
  onClose: (changed: boolean) => void;
}

/** Server field names → form fields: the facts of a status change sit under `statusChange`. */
const fieldNames = (field: string) => {
  const name = field.replace(/^statusChange\./, '');
  return (CHANGE_FIELDS as readonly string[]).includes(name) ? ['statusChange', name] : field;
};

const ReportDrawer: React.FC<ReportDrawerProps> = ({ mode, id, project: given, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.report.${key}` }, values as any);
  const statuses = useDict(PROJECT_DICT.projectStatus);
  const [found, setFound] = useState<TrackedProjectRecord>();
  const project = given ?? found;
  /** the filler's buttons, which also keep a report's photos */
  const mayFill = hasButton(TRACK_MENU, 'add') || hasButton(TRACK_MENU, 'edit');

  /** The report, and (when the list did not hand it over) its project as of the report's month: not
   * being able to read it costs only the status choice, so its failure is quiet. */
  const load = async (reportId: string) => {
    const res = await getReport(reportId);
    const report = res?.success ? res.data : undefined;
    if (report && !given && (mode === 'edit' || (report.proposesChange && !report.fromStatus))) {
      setFound(await getTrackedProject(report.projectId, report.period, { skipErrorHandler: true }).catch(() => undefined));
    }
    return res;
  };

  const statusLabel = (code: string) =>
    statuses.options.find((o) => o.value === code)?.label ?? (code === project?.projectStatus ? project.projectStatusName : code);
  /** The status a report's own is measured against: the project's now while it is filled in; in view,
   * the one the report was filed from. */
  const currentOf = (record?: ProjectReportRecord) => {
    if (mode === 'view' && record?.fromStatus) return { status: record.fromStatus, name: record.fromStatusName || statusLabel(record.fromStatus) };
    return project ? { status: project.projectStatus, name: project.projectStatusName || statusLabel(project.projectStatus) } : undefined;
  };

  const statusOptionsOf = (record?: ProjectReportRecord) => {
    const codes = project ? reportStatuses(project) : [];
    // what the report holds stays offered (a project looked up in vain, a status no longer proposable)
    if (record?.projectStatus && !codes.includes(record.projectStatus)) codes.push(record.projectStatus);
    return codes.map((value) => ({
      value,
      label: value === record?.projectStatus && record.projectStatusName ? record.projectStatusName : statusLabel(value),
    }));
  };

  /** The facts asked for a change to `status`; in view (or when the project could not be read), those
   * the report carries. */
  const fieldsOf =
    (record?: ProjectReportRecord) =>
    (status: string | undefined): ChangeFieldSpec[] => {
      if (mode === 'view' || !project) {
        const held = Object.entries(record?.statusChange ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
        return CHANGE_FIELDS.filter((f) => held.some(([k]) => k === f)).map((field) => ({ field, required: false }));
      }
      return changeFields(project, status);
    };

  const initialValues = useMemo(() => (given ? newReportValues(given) : {}), [given]);

  const header = (record?: ProjectReportRecord) => {
    const name = record?.projectName ?? project?.projectName ?? '';
    const period = record?.period ?? project?.period ?? '';
    return (
      <Col span={24}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          data-testid="report-header"
          items={[
            { key: 'project', label: t('field.projectName'), children: name },
            { key: 'dept', label: t('field.deptName'), children: record?.deptName ?? project?.deptName ?? '' },
            {
              key: 'period',
              label: t('field.period'),
              children: periodLabel(intl, period),
            },
          ]}
          style={{ marginBottom: 16 }}
        />
      </Col>
    );
  };

  return (
    <CrudDrawer<ProjectReportRecord, ReportFormValues>
      mode={mode}
      id={id}
      name="report-form"
      testId="report"
      title={t(mode)}
      size={960}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={load}
      toValues={toFormValues}
      initialValues={initialValues}
      fieldNames={fieldNames}
      submit={(values, record) => {
        const status = values.projectStatus;
        return submitReport(
          toSubmit(values, {
            id: mode === 'edit' ? id : undefined,
            projectId: record?.projectId ?? project!.id,
            period: record?.period ?? project!.period,
            currentStatus: project?.projectStatus ?? record?.fromStatus,
            changeFields: fieldsOf(record)(status).map((s) => s.field),
          }),
        );
      }}
      onClose={onClose}
    >
      {({ record }) => (
        <>
          {header(record)}
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
            <Col span={24} data-testid="report-review-actions">
              <Flex justify="flex-end">
                <ReviewActions record={record} service={reportReview} menuCode={TRACK_MENU} onDone={() => onClose(true)} />
              </Flex>
            </Col>
          ) : null}
          <ReportFields
            mode={mode}
            statusOptions={statusOptionsOf(record)}
            current={currentOf(record)}
            changeFieldsOf={fieldsOf(record)}
            proposes={record?.proposesChange}
            approved={record?.reportStatus === APPROVED}
          />
          {mode !== 'add' && record ? (
            <Col span={24} data-testid="report-photos">
              <Divider titlePlacement="start">{t('section.photos')}</Divider>
              {mayFill && !PHOTOS_OPEN.includes(record.reportStatus) ? (
                <Alert type="info" showIcon title={intl.formatMessage({ id: 'pages.investment.attachment.photosLocked' })} style={{ marginBottom: 12 }} />
              ) : null}
              <AttachmentPanel
                owner={{ projectId: record.projectId, reportId: record.id }}
                editable={mayFill && PHOTOS_OPEN.includes(record.reportStatus)}
                defaultCategory={SITE_PHOTO}
              />
            </Col>
          ) : null}
          {mode === 'view' && record ? (
            <Col span={24} data-testid="report-review">
              <Divider titlePlacement="start">{t('section.review')}</Divider>
              <ReviewTimeline id={record.id} service={reportReview} />
            </Col>
          ) : null}
        </>
      )}
    </CrudDrawer>
  );
};

export default ReportDrawer;
