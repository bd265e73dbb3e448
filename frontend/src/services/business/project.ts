//! The investment projects of a zone (business service `/project`, domain-model §2.2.1): the one
//! record every investment screen lists — the paged list with its filters, one project, create-or-
//! update, remove, the library-entry review (`reviewService`), 入库纳统 and the export of the current
//! filter. Ids, decimals (万元, up to 4 decimals) and days travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService } from '../crud';
import { type ReportStatus, reviewService, type ReviewStep } from '../review';
import type { RenovationFacts, RenovationSubmit } from './renovation';

const BASE = '/project';

/** `Y`/`N` flags of a project. */
export const YES = 'Y';
export const NO = 'N';
/** The `project_type` of a 技术改造 project (the 技术改造 screen lists only these). */
export const RENOVATION_TYPE = '02';
/** The `project_status` of 终止/退出: the one that asks for the exit reason and date. */
export const EXITED_STATUS = '99';
/** The statuses a project cannot enter the library with: 停缓建 and 终止/退出. */
export const NOT_ON_ENTRY = ['90', EXITED_STATUS];
/** The statuses of a project that has started building (在建, 竣工, 投产, 达产): the only ones that
 * may hold an opening balance (`openingInvestment`). */
export const STARTED_STATUSES = ['50', '60', '70', '80'];

/** A decimal as the server sends it (`"12000.5"`), or null when not filled in. */
export type Decimal = string | null;

/** ProjectView: the stored fields, their labels, and the workflow of library entry. Days are
 * `yyyy-MM-dd` (`""` when empty), times `yyyy-MM-dd HH:mm:ss`. */
export interface ProjectRecord {
  id: string;
  /** read-only: assigned on approval (`XM2026-0001`) */
  projectNo: string;
  approvalCode: string;
  projectName: string;
  enterpriseId?: string | null;
  ownerName: string;
  investorName: string;
  investorOrigin: string;
  projectSource: string;
  deptId?: string | null;
  industryDeptId?: string | null;
  projectType: string;
  /** settable only on create; later moves belong to the status workflow */
  projectStatus: string;
  /** read-only `report_status` of library entry */
  libraryStatus: ReportStatus | string;
  constructionNature: string;
  industryCode: string;
  leadingIndustry: string;
  projectLevel: string;
  isKeyProject: string;
  /** read-only: decided on approval */
  isTracked: string;
  address: string;
  longitude?: Decimal;
  latitude?: Decimal;
  constructionContent: string;
  totalInvestment?: Decimal;
  fixedAssetInvestment?: Decimal;
  equipmentInvestment?: Decimal;
  /** 万美元 */
  foreignInvestment?: Decimal;
  /** 亩 */
  landArea?: Decimal;
  /** m² */
  buildingArea?: Decimal;
  signDate: string;
  contractAmount?: Decimal;
  fundsInPlace?: Decimal;
  /** 开工至上线累计投资: what a project already under way had invested when the zone started using the
   * platform (the opening balance of its cumulative figure); only at 在建 or later, not above the total */
  openingInvestment?: Decimal;
  plannedStartDate: string;
  actualStartDate: string;
  plannedCompletionDate: string;
  actualCompletionDate: string;
  productionDate: string;
  fullCapacityDate: string;
  constructionStartYear?: number | null;
  constructionEndYear?: number | null;
  expectedAnnualOutput?: Decimal;
  expectedAnnualTax?: Decimal;
  expectedJobs?: number | null;
  responsibleLeader: string;
  responsibleDeptId?: string | null;
  responsiblePerson: string;
  responsiblePhone: string;
  ownerContact: string;
  ownerPhone: string;
  /** read-only */
  isStatIncluded: string;
  /** read-only `YYYY-MM` */
  statIncludedPeriod: string;
  /** read-only, from the approved monthly reports */
  cumulativeInvestment?: Decimal;
  /** `project_stage`: the key node the monthly reports have reached (read-only here). */
  currentStage: string;
  currentStageName?: string;
  exitReason: string;
  exitDate: string;
  remark: string;
  /** read-only: the last submission */
  submitTime: string;
  /** read-only: the day of approval */
  entryDate: string;
  createTime: string;
  updateTime: string;
  // Labels (read-only).
  /** the enterprise's name, or `ownerName` */
  enterpriseName: string;
  deptName: string;
  industryDeptName: string;
  responsibleDeptName: string;
  projectTypeName: string;
  projectStatusName: string;
  libraryStatusName: string;
  projectSourceName: string;
  constructionNatureName: string;
  industryName: string;
  leadingIndustryName: string;
  projectLevelName: string;
  investorOriginName: string;
  /** `1`…`6` */
  investmentBand: string;
  investmentBandName: string;
  submitUserName: string;
  /** the opinion of the latest return or approval, "" when none */
  reviewOpinion: string;
  // Workflow.
  /** = libraryStatus, so that the shared review widgets read it */
  reportStatus: ReportStatus | string;
  /** the steps the server allows now */
  nextSteps?: ReviewStep[];
  /** a 技术改造 project's renovation facts (its detail only) */
  renovation?: RenovationFacts | null;
}

/** The filters of `project/list` (and of the export, which lists the same rows). */
export interface ProjectQuery {
  /** fuzzy */
  projectName?: string;
  /** the department and everything below it */
  deptId?: string;
  projectType?: string;
  projectSource?: string;
  industryCode?: string;
  projectStatus?: string;
  /** one `report_status` key */
  libraryStatus?: string;
  /** `Y` approved only, `N` not yet approved (项目入库) */
  inLibrary?: typeof YES | typeof NO;
  /** days, inclusive */
  submitTimeStart?: string;
  submitTimeEnd?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `project/submit`: no `id` creates, with `id` updates; a field left out keeps its
 * value, `null`/`""` clears it. Decimals as strings; a 技改 project's renovation facts as `renovation`. */
export type ProjectSubmit = Record<string, string | number | null | RenovationSubmit> & { id?: string };

const projects = crudService<ProjectRecord, ProjectQuery, ProjectSubmit>(BASE);

export const listProjects = projects.list;
export const getProject = projects.detail;
/** Creates without `id`, updates with it; answers `{id}`. */
export const submitProject = projects.submit;
/** Drafts (and returned projects never approved) only; answers `{count}`. */
export const removeProjects = projects.remove;

/** Library entry: submit, withdraw, approve, return (opinion required), resubmit, un-approve, and
 * the history of one project. */
export const projectReview = reviewService(BASE);

/** 入库纳统: an approved project under construction with its approval code enters the statistics
 * from `period` (`YYYY-MM`). */
export const statIncluded = (id: string, period: string, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/stat-included`, { method: 'POST', data: { id, period }, ...options });

/** The export path (the token may ride as the `keeper-auth` query parameter). */
export const PROJECT_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the rows the list shows for these filters and this sort (no paging). */
export function exportProjects(query: ProjectQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(PROJECT_EXPORT_URL, filters, fallbackName);
}
