//! 园区月度产值 (business service `/parkMonthlyOutput`, domain-model §2.3.4): the department × month matrix
//! of 规上工业总产值 for a year — from the approved enterprise reports summed (企业汇总) or from the figures
//! the statistics office published (统计快报 / 统计正式) — with every cell's month, 1–N月累计, growth and
//! target completion, so the screen switches between them without asking again; the xlsx of exactly the
//! matrix in one measure; and the official figures the bureau types in for each park (a department's
//! 1–N月 cumulative of a month and source; saving one again replaces it). Amounts in 万元 and rates in %
//! travel as decimal strings; null is no figure or no rate.
import { downloadFile } from '@/utils/files';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, postForm } from '../crud';
import type { OfficialRecord, OfficialSubmit } from './deptTarget';

const BASE = '/parkMonthlyOutput';

/** `data_source`: 1 企业汇总, 2 统计快报, 3 统计正式. */
export type ParkDataSource = '1' | '2' | '3';
export const DATA_SOURCES: ParkDataSource[] = ['1', '2', '3'];
export const REPORTS_SOURCE: ParkDataSource = '1';
/** The sources typed in by the bureau. */
export const OFFICIAL_SOURCES: ParkDataSource[] = ['2', '3'];
export const isOfficialSource = (s: string) => (OFFICIAL_SOURCES as string[]).includes(s);

/** Which department a report counts under: the one stored when it was filed, or the enterprise's now
 * (企业汇总 only). */
export type ParkDeptBasis = 'snapshot' | 'current';

/** What a cell shows: 当月值, 1–N月累计, 累计同比 (%), 目标完成率 (%). */
export type Measure = 'month' | 'cumulative' | 'yoy' | 'completion';
export const MEASURES: Measure[] = ['month', 'cumulative', 'yoy', 'completion'];

/** A decimal as the server writes it, null when there is none. */
type Figure = string | null;

export interface MatrixCell {
  month: number;
  /** 当月产值 */
  value: Figure;
  /** 1–N月累计 */
  cumulative: Figure;
  /** 上年同期累计 */
  lastYearCumulative: Figure;
  /** 累计同比, % */
  yoy: Figure;
  /** 1–N月累计 ÷ 年度目标, % */
  completion: Figure;
  /** approved reports counted in the month (企业汇总 only) */
  reported: number | null;
}

export interface MatrixRow {
  /** `other`: reports filed under departments removed since; `total`: 合计, always last */
  kind: 'dept' | 'other' | 'total';
  deptId: string | null;
  deptName: string;
  /** 0 at the top of the tree */
  depth: number;
  /** the figures add up the departments below */
  subtotal: boolean;
  annualTarget: Figure;
  /** January to December */
  cells: MatrixCell[];
}

export interface ParkMatrix {
  year: number;
  dataSource: ParkDataSource;
  dataSourceName: string;
  deptBasis: ParkDeptBasis;
  /** 企业汇总: the months whose reports are due by now (0–12); later months have no figure yet */
  closedMonths: number;
  /** January is reported with February (1–2月) */
  januaryMerged: boolean;
  /** `星湖经开区 2026年园区月度产值` */
  /** the export's title, in Chinese */
  title: string;
  /** the zone as titles name it */
  zoneName: string;
  /** in department-tree order; the total last */
  rows: MatrixRow[];
}

export interface MatrixQuery {
  year: number;
  dataSource: ParkDataSource;
  /** sent with 企业汇总 only */
  deptBasis?: ParkDeptBasis;
}

export interface MatrixExportQuery extends MatrixQuery {
  measure: Measure;
}

/** An official output figure (indicator 12 规上工业总产值). */
export type ParkOfficialRecord = OfficialRecord & { createTime?: string; updateTime?: string };

/** The body of `submit`: the indicator is always 规上工业总产值, so it is not sent. */
export type ParkOfficialSubmit = Omit<OfficialSubmit, 'indicatorCode'>;

/** Drops empty parameters: the server reads an empty one as a value. */
const present = (q: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

export const getParkMatrix = (query: MatrixQuery, options?: KeeperRequestOptions) =>
  call<ParkMatrix>(`${BASE}/matrix`, { method: 'GET', params: present(query), ...options });

export const PARK_EXPORT_URL = `${BASE}/export`;

/** The xlsx of exactly the matrix of `query` in its measure. */
export const exportParkMatrix = (query: MatrixExportQuery, fallbackName: string) => downloadFile(PARK_EXPORT_URL, present(query), fallbackName);

/** The official output figures of a year the caller may see. */
export const listParkOfficial = (year: number, options?: KeeperRequestOptions) =>
  call<ParkOfficialRecord[]>(`${BASE}/official`, { method: 'GET', params: { year: String(year) }, ...options });

/** Saves a department's official 1–N月 output of a month and source; answers `{id}`. */
export const submitParkOfficial = (data: ParkOfficialSubmit, options?: KeeperRequestOptions) =>
  call<{ id: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });

export const removeParkOfficial = (ids: string[], options?: KeeperRequestOptions) => postForm(`${BASE}/remove`, { ids }, options);
