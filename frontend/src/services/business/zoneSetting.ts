//! 园区设置 (business service `/zoneSetting`, issue 18): the settings a zone's administrator chooses for
//! the business screens (the reporting deadline, January reported with February, how 时序进度 is
//! measured) and for the zone's public big screen (which widgets it shows, what closes a month). Reading
//! needs `zone_setting_view`, saving `zone_setting_edit`. A submit changes only the fields it sends and
//! answers the settings now in force; a bad value is a 400 naming its field (`data: {field, reason}`).
//! The platform tenant has no settings of its own: it reads the defaults every zone starts from, and
//! its submit is refused.
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

/** The menu whose buttons (`view`, `edit`) gate the screen and its save. */
export const ZONE_SETTING_MENU = 'zone_setting';

/** 时序进度: `month` = N ÷ 12, `day` = days elapsed ÷ days in the year. */
export type TimeProgress = 'month' | 'day';
export const TIME_PROGRESS: TimeProgress[] = ['month', 'day'];

/** The fields an administrator sets. */
export interface ZoneSettingsForm {
  /** a month's output reports are due by this day of the next month (1–31; a shorter month ends sooner) */
  outputDeadlineDay: number;
  /** January is reported together with February */
  januaryMerged: boolean;
  timeProgress: TimeProgress;
  /** the big screen's public widgets, in the screen's order; none: the screen is not open */
  screenWidgets: string[];
  /** the share (%, 1–100) of owed reports approved that closes a month for the big screen's 数据截至 */
  screenClosedRate: number;
}

/** GET `detail`: the settings in force for the caller's zone (its own values over the platform's). */
export interface ZoneSettings extends ZoneSettingsForm {
  /** the zone: the big screen's address is `/dataAnalysis?tenant=<tenantId>` */
  tenantId: string;
  /** every widget of the big screen, in its order */
  widgetKeys: string[];
}

/** GET `/zoneSetting/detail`. */
export const getZoneSettings = (options?: KeeperRequestOptions) => call<ZoneSettings>('/zoneSetting/detail', { method: 'GET', ...options });

/** POST `/zoneSetting/submit` (JSON): the fields sent change, the others stay; answers the settings now in force. */
export const submitZoneSettings = (data: Partial<ZoneSettingsForm>, options?: KeeperRequestOptions) =>
  call<ZoneSettings>('/zoneSetting/submit', { method: 'POST', data, ...options });
