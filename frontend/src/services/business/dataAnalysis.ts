//! 数据大屏 (business service `/dataAnalysis/screen`, domain-model §4): the public big screen of one zone,
//! named by its tenant id in the URL. The call is public: it goes out without the Keeper-Auth header and
//! without the token check (a visitor has no session, and a stale one in this browser must not send them
//! to the login page), and the screen shows its own failures, so the request layer's toasts and its
//! logout on a 401 stay out of it. Amounts in 万元 and rates in % travel as decimal strings; a rate
//! without a base is null and shows as "—". A widget the zone has not made public is absent.
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

/** 万元 as a decimal string. */
type Money = string;
/** % as a decimal string, null without a base. */
type Rate = string | null;

/** The widgets a zone may make public, in the order the server lists them. */
export const SCREEN_WIDGETS = [
  'kpi',
  'outputTrend',
  'parkInvestment',
  'projectStatus',
  'industryInvestment',
  'typeInvestment',
  'keyProjects',
  'latestSigned',
  'issues',
  'enterpriseRanking',
  'parkCompletion',
] as const;
export type ScreenWidget = (typeof SCREEN_WIDGETS)[number];

export interface ScreenKpi {
  /** 规上工业总产值 1–N月 */
  output: { ytd: Money; yoy: Rate; completion: Rate };
  /** 项目完成投资 1–N月 against the year's plan, and how far the year has gone */
  investment: { ytd: Money; plan: Money; completion: Rate; timeProgress: Rate };
  /** 在库项目: Σ 计划总投资 in 万元 (shown in 亿元), of which projects of 1 亿元 and more */
  library: { projects: number; totalInvestment: Money; overYi: number };
  /** 本年新开工 against the plan */
  started: { count: number; planned: number };
  /** 本年竣工投产 against the plan */
  finished: { count: number; planned: number };
  /** 招商签约 this year: count and Σ 签约额 (万元) */
  signed: { count: number; amount: Money };
  /** 规上工业企业, of which new this year (小升规) */
  aboveScale: { count: number; newThisYear: number };
  /** 待解决重点问题, of which overdue */
  keyIssues: { open: number; overdue: number };
}

export interface OutputTrendMonth {
  month: number;
  /** null after the period's month */
  thisMonth: Money | null;
  lastMonth: Money;
  /** 累计同比 */
  yoy: Rate;
}

export interface ParkInvestment {
  name: string;
  plan: Money;
  ytd: Money;
  rate: Rate;
}

export interface StatusCount {
  /** the `project_status` key */
  key: string;
  name: string;
  count: number;
  investment: Money;
}

export interface GroupInvestment {
  name: string;
  count: number;
  investment: Money;
}

export interface KeyProject {
  projectName: string;
  deptName: string;
  monthInvestment: Money;
  cumulativeInvestment: Money;
  /** 形象进度 */
  progress: string;
}

export interface SignedProject {
  projectName: string;
  /** 亿元 */
  investmentYi: string;
  industryName: string;
  signDate: string;
}

export interface ScreenIssue {
  projectName: string;
  summary: string;
  levelName: string;
  deptName: string;
  deadline: string | null;
  statusName: string;
  overdue: boolean;
}

export interface RankedEnterprise {
  rank: number;
  enterpriseName: string;
  ytd: Money;
  yoy: Rate;
}

export interface ParkCompletion {
  name: string;
  target: Money | null;
  ytd: Money;
  rate: Rate;
}

export interface Screen {
  zoneName: string;
  /** `2026-10`: the latest closed month */
  period: string;
  /** the public widgets; the others' fields are absent or null */
  widgets: string[];
  refreshedAt: string;
  kpi?: ScreenKpi | null;
  outputTrend?: { year: number; lastYear: number; months: OutputTrendMonth[] } | null;
  parkInvestment?: ParkInvestment[] | null;
  projectStatus?: StatusCount[] | null;
  industryInvestment?: GroupInvestment[] | null;
  typeInvestment?: GroupInvestment[] | null;
  keyProjects?: KeyProject[] | null;
  latestSigned?: SignedProject[] | null;
  issues?: ScreenIssue[] | null;
  enterpriseRanking?: RankedEnterprise[] | null;
  parkCompletion?: ParkCompletion[] | null;
}

/** A public call: no token, no token check, failures left to the caller. */
const PUBLIC: KeeperRequestOptions = { isToken: false, showMsg: false, skipErrorHandler: true };

/** GET `/dataAnalysis/screen?tenant=`: the zone's public big screen. */
export const getScreen = (tenant: string, options?: KeeperRequestOptions) =>
  call<Screen>('/dataAnalysis/screen', { method: 'GET', params: { tenant }, ...PUBLIC, ...options });

/** Why the screen could not be had: the zone has none open (404), or anything else. */
export type ScreenFailure = 'notOpen' | 'failed';

/** The failure of a {@link getScreen} call: an HTTP 404, or a 404 in the envelope, means no open screen. */
export function screenFailure(error: unknown): ScreenFailure {
  const e = error as { response?: { status?: number }; info?: { errorCode?: number } } | undefined;
  const status = e?.response?.status ?? e?.info?.errorCode;
  return status === 404 ? 'notOpen' : 'failed';
}
