//! 技术改造 projects (business service `/techRenovation`, domain-model §2.2.4): the list of the 技改
//! projects in the caller's scope with their renovation facts and the year's investment, its summary
//! (技改投资 against industrial investment, equipment against the plan) and the export of the current
//! filter. The projects themselves are saved and reviewed through `/project`; their renovation facts ride
//! in the project's body as `renovation`. Decimals (万元) travel as strings.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';
import type { Decimal, ProjectQuery, ProjectRecord } from './project';

const BASE = '/techRenovation';

/** The renovation facts of one 技改 project (`renovation` in its detail and in `project/submit`). */
export interface RenovationFacts {
  /** `renovation_type`, required */
  renovationType: string;
  /** 备案代码, the approval code's format */
  filingCode: string;
  /** `yyyy-MM-dd`, `""` when empty */
  filingDate: string;
  /** 设备投资, required, at most the planned total; it is also the project's 其中设备投资 */
  equipmentInvestment: Decimal;
  /** 台套 */
  newEquipmentCount?: number | null;
  isKeyRenovation: string;
  /** 是否申报技改奖补 */
  subsidyApplied: string;
  /** only when the subsidy is applied for */
  subsidyAmount?: Decimal;
  expectedNewOutput?: Decimal;
  expectedNewTax?: Decimal;
  /** 吨标煤, 2 decimals */
  expectedEnergySaving?: Decimal;
}

/** The body's `renovation`: decimals as text, days as `YYYY-MM-DD`. */
export type RenovationSubmit = Record<string, string | number | null>;

/** A row of the 技术改造 list: the project plus its facts' labels and the investment of the year. */
export interface RenovationRecord extends ProjectRecord {
  renovationType: string;
  renovationTypeName: string;
  filingCode: string;
  isKeyRenovation: string;
  isKeyRenovationName: string;
  subsidyApplied: string;
  subsidyAppliedName: string;
  subsidyAmount: Decimal;
  /** 本年累计完成投资: Σ the year's approved monthly reports */
  ytdInvestment: string;
  /** 占年度计划%: null while there is no annual plan */
  yearPlanRate: Decimal;
}

/** The filters of `techRenovation/list`, `summary` and `export`: the type is always 技改. */
export interface RenovationQuery extends Omit<ProjectQuery, 'projectType' | 'inLibrary'> {
  enterpriseId?: string;
  /** one `renovation_type` key */
  renovationType?: string;
  /** `2026`: the year of the figures (this year when empty), and only the projects building in it */
  year?: string;
}

/** The figures above the list, for its filters. Rates are percentages with two decimals, null when the
 * base is zero. */
export interface RenovationSummary {
  year: number;
  projectCount: number;
  totalInvestment: string;
  equipmentInvestment: string;
  /** equipment ÷ total */
  equipmentShare: Decimal;
  /** 技改投资, Σ the year's approved monthly reports */
  ytdInvestment: string;
  /** 工业投资 of the same scope and territory */
  industrialYtdInvestment: string;
  /** 技改 ÷ 工业 */
  industrialShare: Decimal;
}

export const listRenovations = (params: RenovationQuery = {}, options?: KeeperRequestOptions) =>
  call<API.Page<RenovationRecord>>(`${BASE}/list`, { method: 'GET', params, ...options });

const filtersOf = ({ current: _current, size: _size, ...filters }: RenovationQuery) => filters;

export const renovationSummary = (query: RenovationQuery = {}, options?: KeeperRequestOptions) =>
  call<RenovationSummary>(`${BASE}/summary`, { method: 'GET', params: filtersOf(query), ...options });

/** The export path (the token may ride as the `keeper-auth` query parameter). */
export const RENOVATION_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the rows the list shows for these filters and this sort (no paging). */
export function exportRenovations(query: RenovationQuery, fallbackName: string) {
  return downloadFile(RENOVATION_EXPORT_URL, filtersOf(query), fallbackName);
}
