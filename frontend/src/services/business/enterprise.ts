//! The enterprise register of a zone (business service, domain-model §2.1): the paged list with its
//! filters, one enterprise, create-or-update, remove, and the Excel side — the import template, the
//! all-or-nothing import with its per-row report, and the export of the current filter.
import { downloadFile, uploadImport } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { crudService } from '../crud';

const BASE = '/enterprise';

/** `Y`/`N` flags of the register. */
export const YES = 'Y';
export const NO = 'N';
/** The `stat_category` of 规上工业: such an enterprise needs the month it entered the statistics. */
export const ABOVE_SCALE_CATEGORY = '1';

/** EnterpriseView: fields plus the labels of its dictionary, flag and department fields. Decimals
 * come as numbers or strings, dates as `yyyy-MM-dd`. */
export interface EnterpriseRecord {
  id: string;
  tenantId: string;
  enterpriseName: string;
  shortName: string;
  creditCode: string;
  companyType: string;
  companyTypeName: string;
  industryCode: string;
  industryName: string;
  leadingIndustry: string;
  leadingIndustryName: string;
  deptId?: string | null;
  deptName: string;
  industryDeptId?: string | null;
  industryDeptName: string;
  legalPerson: string;
  registeredCapital?: number | string | null;
  establishDate: string;
  registeredAddress: string;
  productionAddress: string;
  longitude?: number | string | null;
  latitude?: number | string | null;
  statCategory: string;
  statCategoryName: string;
  isAboveScale: string;
  isAboveScaleName: string;
  aboveScalePeriod: string;
  enterpriseScale: string;
  enterpriseScaleName: string;
  isHighTech: string;
  isHighTechName: string;
  specializedLevel: string;
  specializedLevelName: string;
  isListed: string;
  isListedName: string;
  employeeCount?: number | null;
  landArea?: number | string | null;
  mainProducts: string;
  lastYearOutput?: number | string | null;
  contactName: string;
  contactPhone: string;
  liaisonLeader: string;
  liaisonDeptId?: string | null;
  liaisonDeptName: string;
  operatingStatus: string;
  operatingStatusName: string;
  needOutputReport: string;
  needOutputReportName: string;
  remark: string;
  status: number;
  createTime: string;
  updateTime: string;
}

/** The filters of `enterprise/list` (and of the export, which lists the same rows). */
export interface EnterpriseQuery {
  enterpriseName?: string;
  creditCode?: string;
  /** the department and everything below it */
  deptId?: string;
  industryCode?: string;
  companyType?: string;
  leadingIndustry?: string;
  statCategory?: string;
  enterpriseScale?: string;
  specializedLevel?: string;
  operatingStatus?: string;
  isAboveScale?: string;
  isHighTech?: string;
  isListed?: string;
  needOutputReport?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `enterprise/submit`: a whole record; empty optional fields as `""`/null. */
export type EnterpriseSubmit = Record<string, string | number | null> & { id?: string };

const enterprises = crudService<EnterpriseRecord, EnterpriseQuery, EnterpriseSubmit>(BASE);

export const listEnterprises = enterprises.list;
export const getEnterprise = enterprises.detail;
/** Creates without `id`, updates with it; answers `{id}`. */
export const submitEnterprise = enterprises.submit;
export const removeEnterprises = enterprises.remove;

/**
 * Multipart `file` and `isCovered` (1: an enterprise whose credit code exists is updated; 0: reported).
 * Answers `{created, updated}`; a refused file fails with HTTP 400 whose `data` lists every bad cell
 * (nothing was written).
 */
export const importEnterprises = (file: File, covered: boolean, options?: KeeperRequestOptions) =>
  uploadImport<{ created: number; updated: number }>(`${BASE}/import`, file, covered, options);

/** The xlsx of exactly the rows the list shows for these filters and this sort (no paging). */
export function exportEnterprises(query: EnterpriseQuery, fallbackName: string) {
  const { current: _current, size: _size, ...filters } = query;
  return downloadFile(`${BASE}/export`, filters, fallbackName);
}

/** The empty import template, with the dictionary labels the import accepts. */
export const downloadTemplate = (fallbackName: string) => downloadFile(`${BASE}/export-template`, {}, fallbackName);
