// Debian's Chromium driven by playwright-core (no browser download; launch() gives it a fresh profile),
// and screenshots kept under e2e/screenshots for a person to look at.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

const SHOTS = resolve(__dirname, 'screenshots');
const EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Every message and notification a page shows, kept in `window.__keeperNotices` as it appears. A toast
 * lives 1.5–4.5 s; a test that looks for it after a slow step must still find it (see pages.ts
 * `expectNotice`).
 */
function recordNotices() {
  const w = window as unknown as { __keeperNotices: string[] };
  w.__keeperNotices = [];
  const selector = '.ant-message-notice, .ant-notification-notice';
  const seen = new WeakSet<Element>();
  const take = (el: Element) => {
    if (seen.has(el)) return;
    const text = (el.textContent ?? '').trim();
    if (!text) return;
    seen.add(el);
    w.__keeperNotices.push(text);
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const target = m.target instanceof Element ? m.target : m.target.parentElement;
      const notice = target?.closest(selector);
      if (notice) take(notice);
      m.addedNodes.forEach((n) => {
        if (!(n instanceof Element)) return;
        if (n.matches(selector)) take(n);
        n.querySelectorAll(selector).forEach(take);
      });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A browser context as every scenario uses it: a desktop window, Chinese, reduced motion (antd then
 * opens dialogs and dropdowns at once, see src/utils/motion.tsx, so nothing is clicked mid-motion),
 * the zone's clock (the services count days and months in China Standard Time, and so does every
 * clerk's browser; a UTC browser would see another day between 16:00 and 24:00 UTC) and the notice recorder.
 */
export async function newContext(browser: Browser, options: { width?: number; height?: number; locale?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'zh-CN',
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript(recordNotices);
  return context;
}

export async function openBrowser(): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: EXECUTABLE,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await newContext(browser);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async close() {
      await browser.close();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
