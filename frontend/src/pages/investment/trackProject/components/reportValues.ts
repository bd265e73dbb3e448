//! A monthly report between the wire and the form: a new report's values from its tracked project, a
//! stored report as form values, and the form values as the `projectReport/submit` body — decimals as
//! text (never through a float), days as `YYYY-MM-DD`, and the status change only when the report
//! gives the project another status than its own, with only the facts the form shows for it.
import dayjs from 'dayjs';
import type { ProjectReportRecord, ProjectReportSubmit, ReportStatusChange, TrackedProjectRecord } from '@/services/business/projectReport';
import { NO } from '@/services/business/project';
import { decimalText } from '../../components/projectValues';
import { CHANGE_DAYS, type ChangeField } from './statusChange';

/** Money in 万元: `decimal(18,4)`. */
export const REPORT_MONEY = ['monthInvestment', 'buildingInvestment', 'installInvestment', 'equipmentPurchase', 'otherCost', 'fundsInPlaceMonth'] as const;
/** The statistics composition of the month's investment: when any is given, they add up to it. */
export const COMPOSITION = ['buildingInvestment', 'installInvestment', 'equipmentPurchase', 'otherCost'] as const;
const TEXT = ['progressDesc', 'nextMonthPlan', 'remark'] as const;

type Money = (typeof REPORT_MONEY)[number];

/** What the form holds: the editable fields, and what view mode shows besides. */
export type ReportFormValues = Partial<Record<Money, string>> & {
  projectStatus?: string;
  statusChange?: Partial<Record<ChangeField, string>>;
  currentStage?: string;
  progressDesc?: string;
  nextMonthPlan?: string;
  workersOnSite?: number;
  hasIssue?: string;
  remark?: string;
} & Partial<
    Pick<
      ProjectReportRecord,
      | 'ytdInvestment'
      | 'cumulativeInvestment'
      | 'totalRate'
      | 'overInvestment'
      | 'reportStatus'
      | 'submitUserName'
      | 'submitTime'
      | 'auditUserName'
      | 'auditTime'
      | 'reviewOpinion'
    >
  >;

const filled = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

/** A new report of a tracked project: the project's status and key node as they stand, no issue. */
export function newReportValues(project: Pick<TrackedProjectRecord, 'projectStatus' | 'currentStage'>): ReportFormValues {
  return { projectStatus: project.projectStatus || undefined, currentStage: project.currentStage || undefined, hasIssue: NO };
}

export function toFormValues(r: ProjectReportRecord): ReportFormValues {
  const values: ReportFormValues = {};
  REPORT_MONEY.forEach((f) => {
    if (filled(r[f])) values[f] = String(r[f]);
  });
  const change = Object.fromEntries(
    Object.entries(r.statusChange ?? {})
      .filter(([, v]) => filled(v))
      .map(([k, v]) => [k, String(v)]),
  );
  return {
    ...values,
    projectStatus: r.projectStatus || undefined,
    statusChange: change,
    currentStage: r.currentStage || undefined,
    progressDesc: r.progressDesc,
    nextMonthPlan: r.nextMonthPlan,
    workersOnSite: filled(r.workersOnSite) ? Number(r.workersOnSite) : undefined,
    hasIssue: r.hasIssue || undefined,
    remark: r.remark,
    ytdInvestment: r.ytdInvestment,
    cumulativeInvestment: r.cumulativeInvestment,
    totalRate: r.totalRate,
    overInvestment: r.overInvestment,
    reportStatus: r.reportStatus,
    submitUserName: r.submitUserName,
    submitTime: r.submitTime,
    auditUserName: r.auditUserName,
    auditTime: r.auditTime,
    reviewOpinion: r.reviewOpinion,
  };
}

/** Where the report goes and what its status is measured against. */
export interface ReportTarget {
  /** the report being changed (a draft or returned one) */
  id?: string;
  projectId: string;
  period: string;
  /** the project's status now; a report giving another one proposes a change */
  currentStatus?: string;
  /** the facts the form shows for the change */
  changeFields: readonly ChangeField[];
}

/** The facts of a change as the server reads them: only those shown and filled in. */
function statusChangeOf(v: ReportFormValues['statusChange'], fields: readonly ChangeField[]): ReportStatusChange {
  const out: ReportStatusChange = {};
  fields.forEach((f) => {
    const value = v?.[f];
    if (!filled(value)) return;
    if (CHANGE_DAYS.includes(f)) out[f as 'signDate'] = dayjs(value).format('YYYY-MM-DD');
    else if (f === 'contractAmount') out.contractAmount = decimalText(value);
    else if (f === 'reason') {
      const text = String(value).trim();
      if (text) out.reason = text;
    }
  });
  return out;
}

/**
 * Form values → the `projectReport/submit` body: every field (texts trimmed; an empty decimal or
 * number null), decimals as text, and `statusChange` only when the status is not the project's own.
 */
export function toSubmit(v: ReportFormValues, target: ReportTarget): ProjectReportSubmit {
  const body: ProjectReportSubmit = {
    projectId: target.projectId,
    period: target.period,
    monthInvestment: null,
    buildingInvestment: null,
    installInvestment: null,
    equipmentPurchase: null,
    otherCost: null,
    fundsInPlaceMonth: null,
    projectStatus: v.projectStatus ?? '',
    currentStage: v.currentStage ?? '',
    progressDesc: '',
    nextMonthPlan: '',
    workersOnSite: filled(v.workersOnSite) && Number.isInteger(Number(v.workersOnSite)) ? Number(v.workersOnSite) : null,
    hasIssue: v.hasIssue ?? NO,
    remark: '',
  };
  REPORT_MONEY.forEach((f) => {
    body[f] = decimalText(v[f]);
  });
  TEXT.forEach((f) => {
    body[f] = (v[f] ?? '').trim();
  });
  if (body.projectStatus && target.currentStatus !== undefined && body.projectStatus !== target.currentStatus) {
    body.statusChange = statusChangeOf(v.statusChange, target.changeFields);
  }
  if (target.id) body.id = target.id;
  return body;
}
