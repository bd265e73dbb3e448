//! What a monthly report may say about the project's status at the end of the month (domain-model
//! §2.2.2, §2.2.6): the project's own status, or one the park proposes and the review of the report
//! confirms; and the facts such a move needs, named as `POST /project/status` names them.
//!
//! The statuses a report may propose are the server's: `/project/tracked` lists them with each project
//! (`proposableStatuses`, the filler's moves of the lifecycle alone or confirmed by review; for a halted
//! project the status it resumes to). The form offers the project's own status and those.
//!
//! The facts follow `lifecycle::requires`: a status needs the days of every status before it on the
//! main path, the signing only of a 招商引资 project, and a halt its reason. A fact the project already
//! holds is not asked again (the server lays the change over the project), and the server checks it
//! all once more.
import type { ProjectRecord } from '@/services/business/project';
import type { TrackedProjectRecord } from '@/services/business/projectReport';

/** The facts a status change may carry, in the order the form shows them. */
export const CHANGE_FIELDS = ['signDate', 'contractAmount', 'actualStartDate', 'actualCompletionDate', 'productionDate', 'fullCapacityDate', 'reason'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** Days among the facts (the rest: the contract amount, a decimal, and the reason, a text). */
export const CHANGE_DAYS: readonly ChangeField[] = ['signDate', 'actualStartDate', 'actualCompletionDate', 'productionDate', 'fullCapacityDate'];

/** `project_status` 停缓建. */
const SUSPENDED = '90';
/** `project_source` 招商引资: only such projects record their signing. */
const ATTRACTED_SOURCE = '1';

const SIGNED: ChangeField[] = ['signDate', 'contractAmount'];
const STARTED: ChangeField[] = [...SIGNED, 'actualStartDate'];
const COMPLETED: ChangeField[] = [...STARTED, 'actualCompletionDate'];
const PRODUCING: ChangeField[] = [...COMPLETED, 'productionDate'];
const AT_CAPACITY: ChangeField[] = [...PRODUCING, 'fullCapacityDate'];

/** What a project must hold at each status it can be moved to by a report. */
const REQUIRES: Record<string, ChangeField[]> = {
  '30': SIGNED,
  '40': SIGNED,
  '50': STARTED,
  '60': COMPLETED,
  '70': PRODUCING,
  '80': AT_CAPACITY,
  [SUSPENDED]: ['reason'],
};

/** What the rules read of a project: its status, its source and the facts it holds. */
export type ProjectFacts = Pick<ProjectRecord, 'projectStatus' | 'projectSource'> & Partial<Record<ChangeField, unknown>>;

/** The statuses a report of `project` may give, its own first, then those the server says a report
 * may propose (`proposableStatuses`), each once. */
export function reportStatuses(project: Pick<TrackedProjectRecord, 'projectStatus' | 'proposableStatuses'>): string[] {
  const current = project.projectStatus;
  const proposed = (project.proposableStatuses ?? []).filter((s) => s && s !== current);
  return [...new Set(current ? [current, ...proposed] : proposed)];
}

/** One fact the form asks for, and whether the move cannot be taken without it. */
export interface ChangeFieldSpec {
  field: ChangeField;
  required: boolean;
}

/**
 * The facts the form asks for when a report moves `project` to `to`: those the status needs and the
 * project lacks (required), and the reason (optional unless it is a halt). None when `to` is the
 * project's own status.
 */
export function changeFields(project: ProjectFacts, to: string | undefined): ChangeFieldSpec[] {
  if (!to || to === project.projectStatus) return [];
  const attracted = project.projectSource === ATTRACTED_SOURCE;
  const needs = (REQUIRES[to] ?? []).filter((f) => {
    if ((f === 'signDate' || f === 'contractAmount') && !attracted) return false;
    if (f === 'reason') return true;
    const held = project[f];
    return held === undefined || held === null || held === '';
  });
  const specs = needs.map((field) => ({ field, required: true }));
  if (!needs.includes('reason')) specs.push({ field: 'reason', required: false });
  return CHANGE_FIELDS.flatMap((f) => specs.filter((s) => s.field === f));
}
