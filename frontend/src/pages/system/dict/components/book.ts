//! What differs between the system dictionary screens (/system/dict) and the business dictionary
//! screens (/system/dictbiz): the API family, the menu whose buttons they show, and their paths.
import type { DictBook } from '@/services/system/dict';

export interface DictScreens {
  book: DictBook;
  /** the menu whose granted buttons the lists show */
  menuCode: 'dict' | 'dictbiz';
  /** `/system/dict` or `/system/dictbiz` */
  base: string;
}

export const SYSTEM_DICT: DictScreens = { book: 'system', menuCode: 'dict', base: '/system/dict' };
export const BIZ_DICT: DictScreens = { book: 'biz', menuCode: 'dictbiz', base: '/system/dictbiz' };

export const listPath = (s: DictScreens) => `${s.base}/list`;
export const subPath = (s: DictScreens, dictionaryId: string) => `${s.base}/sub/${dictionaryId}`;
/** The locale key of a screen's title, e.g. `menu.system.dictbiz.sub`. */
export const titleKey = (s: DictScreens, screen?: string) => `menu${s.base.replace(/\//g, '.')}${screen ? `.${screen}` : ''}`;
