//! The interface's languages. Chinese, the default, is part of the first load (Umi's locale plugin
//! bundles every catalogue under src/locales); English is listed there with no messages, and its
//! catalogue (src/i18n) is loaded when English is chosen, or before the first render when it was the
//! last choice: its 165 KB were a tenth of every first load, read by few (ARCHITECTURE §8, initial JS
//! ≤ 400 KB gzip).
import { addLocale, setLocale } from '@umijs/max';

let english: Promise<void> | undefined;

function loadEnglish(): Promise<void> {
  english ??= Promise.all([import('@/i18n/en-US'), import('antd/es/locale/en_US')]).then(([messages, antd]) => {
    addLocale('en-US', messages.default, { momentLocale: 'en', antd: antd.default });
  });
  // A failed load (the network) may be tried again.
  english.catch(() => {
    english = undefined;
  });
  return english;
}

/** Loads `lang`'s messages unless they are there. */
export async function ensureLanguage(lang: string): Promise<void> {
  if (lang === 'en-US') await loadEnglish();
}

/** Switches the interface to `lang` without a reload, once its messages are there. */
export async function switchLanguage(lang: string): Promise<void> {
  await ensureLanguage(lang);
  setLocale(lang, false);
}
