//! A project between the wire and the form: the fields a clerk edits, grouped by how they travel
//! (text, dictionary key, department or enterprise id, decimal as text, day, whole number), the
//! record as form values, and the form values as the `project/submit` body.
import dayjs from 'dayjs';
import { scaledText, toScaled } from '@/components/Figures';
import { EXITED_STATUS, NO, type ProjectRecord, type ProjectSubmit, RENOVATION_TYPE, STARTED_STATUSES } from '@/services/business/project';
import { type RenovationFormValues, renovationFormValues, renovationSubmit } from './renovationValues';

const TEXT = [
  'projectName',
  'approvalCode',
  'ownerName',
  'investorName',
  'address',
  'constructionContent',
  'responsibleLeader',
  'responsiblePerson',
  'responsiblePhone',
  'ownerContact',
  'ownerPhone',
  'remark',
] as const;
const CODES = [
  'projectType',
  'projectSource',
  'investorOrigin',
  'constructionNature',
  'industryCode',
  'leadingIndustry',
  'projectLevel',
  'isKeyProject',
] as const;
const IDS = ['enterpriseId', 'deptId', 'industryDeptId', 'responsibleDeptId'] as const;
/** Money in 万元 (foreign investment in 万美元): `decimal(18,4)`. */
const MONEY = [
  'totalInvestment',
  'fixedAssetInvestment',
  'equipmentInvestment',
  'foreignInvestment',
  'contractAmount',
  'fundsInPlace',
  'openingInvestment',
  'expectedAnnualOutput',
  'expectedAnnualTax',
] as const;
/** Areas in 亩 and m²: 2 decimals. */
const AREAS = ['landArea', 'buildingArea'] as const;
/** Coordinates: `decimal(10,6)`. */
const COORDINATES = ['longitude', 'latitude'] as const;
const DAYS = [
  'signDate',
  'plannedStartDate',
  'actualStartDate',
  'plannedCompletionDate',
  'actualCompletionDate',
  'productionDate',
  'fullCapacityDate',
] as const;
const WHOLE = ['constructionStartYear', 'constructionEndYear', 'expectedJobs'] as const;

type StringField = (typeof TEXT | typeof CODES | typeof IDS | typeof MONEY | typeof AREAS | typeof COORDINATES | typeof DAYS)[number];

/** What the form holds: every editable field, the status (set on create only), the exit fields of a
 * 终止 project, and what view mode shows besides (read-only). */
export type ProjectFormValues = Partial<Record<StringField, string>> &
  Partial<Record<(typeof WHOLE)[number], number>> & {
    projectStatus?: string;
    exitReason?: string;
    exitDate?: string;
    /** a 技改 project's renovation facts */
    renovation?: RenovationFormValues;
  } & Partial<
    Pick<
      ProjectRecord,
      | 'projectNo'
      | 'libraryStatus'
      | 'isTracked'
      | 'entryDate'
      | 'isStatIncluded'
      | 'statIncludedPeriod'
      | 'cumulativeInvestment'
      | 'investmentBandName'
      | 'enterpriseName'
      | 'submitUserName'
      | 'submitTime'
      | 'reviewOpinion'
      | 'currentStageName'
    >
  >;

/** The decimal `value` as plain text with at most `scale` decimals and no trailing zeros
 * (`'12000.5000'` → `'12000.5'`), or null when empty; no float on the way. */
export function decimalText(value: unknown, scale = 4): string | null {
  const n = toScaled(value, scale);
  if (n === undefined) return null;
  const text = scaledText(n, scale, { group: false });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** -1, 0 or 1 as `a` is below, at or above `b` (4 decimals); undefined when either is empty. */
export function compareDecimals(a: unknown, b: unknown): number | undefined {
  const x = toScaled(a, 4);
  const y = toScaled(b, 4);
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

const filled = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

export function toFormValues(p: ProjectRecord): ProjectFormValues {
  const values: ProjectFormValues = {};
  const strings: readonly StringField[] = [...TEXT, ...CODES, ...IDS, ...MONEY, ...AREAS, ...COORDINATES, ...DAYS];
  strings.forEach((f) => {
    const v = (p as unknown as Record<string, unknown>)[f];
    if (filled(v)) values[f] = String(v);
  });
  WHOLE.forEach((f) => {
    const v = p[f];
    if (filled(v)) values[f] = Number(v);
  });
  return {
    ...values,
    projectStatus: p.projectStatus || undefined,
    exitReason: p.exitReason,
    exitDate: p.exitDate || undefined,
    projectNo: p.projectNo,
    libraryStatus: p.libraryStatus,
    isTracked: p.isTracked,
    entryDate: p.entryDate,
    isStatIncluded: p.isStatIncluded,
    statIncludedPeriod: p.statIncludedPeriod,
    cumulativeInvestment: p.cumulativeInvestment,
    investmentBandName: p.investmentBandName,
    enterpriseName: p.enterpriseName,
    submitUserName: p.submitUserName,
    submitTime: p.submitTime,
    reviewOpinion: p.reviewOpinion,
    currentStageName: p.currentStageName,
    renovation: renovationFormValues(p.renovation),
  };
}

const day = (d: unknown) => (d ? dayjs(d as string).format('YYYY-MM-DD') : '');
const whole = (n: unknown) => (filled(n) && Number.isInteger(Number(n)) ? Number(n) : null);

/**
 * Form values → the `project/submit` body: every editable field (texts trimmed; empty ones `""`, or
 * null for ids, decimals and numbers, which clears them), decimals as text and days as `YYYY-MM-DD`.
 * The status goes only with a new project (later moves belong to the status workflow); the project
 * unit's name only when no registered enterprise was picked; the exit reason and day only for a
 * 终止 project; the opening balance only for a project at 在建 or later (the form hides it otherwise:
 * a figure typed before the status was changed back does not go, and a project that holds one keeps
 * it). A 技改 project sends its renovation facts as `renovation`.
 */
export function toSubmit(v: ProjectFormValues, id?: string): ProjectSubmit {
  const body: ProjectSubmit = {};
  TEXT.forEach((f) => {
    body[f] = (v[f] ?? '').trim();
  });
  body.approvalCode = String(body.approvalCode).toUpperCase();
  CODES.forEach((f) => {
    body[f] = v[f] ?? '';
  });
  IDS.forEach((f) => {
    body[f] = v[f] ?? null;
  });
  MONEY.forEach((f) => {
    body[f] = decimalText(v[f]);
  });
  AREAS.forEach((f) => {
    body[f] = decimalText(v[f], 2);
  });
  COORDINATES.forEach((f) => {
    body[f] = decimalText(v[f], 6);
  });
  DAYS.forEach((f) => {
    body[f] = day(v[f]);
  });
  WHOLE.forEach((f) => {
    body[f] = whole(v[f]);
  });
  body.isKeyProject = v.isKeyProject ?? NO;
  if (body.enterpriseId) body.ownerName = '';
  if (!STARTED_STATUSES.includes(v.projectStatus ?? '')) delete body.openingInvestment;
  if (v.projectStatus === EXITED_STATUS) {
    body.exitReason = (v.exitReason ?? '').trim();
    body.exitDate = day(v.exitDate);
  }
  // a 技改 project's facts go with it; its equipment investment is theirs
  if (v.projectType === RENOVATION_TYPE) {
    body.renovation = renovationSubmit(v.renovation);
    delete body.equipmentInvestment;
  }
  if (id) body.id = id;
  else body.projectStatus = v.projectStatus ?? '';
  return body;
}
