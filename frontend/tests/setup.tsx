// Test set-up: browser APIs jsdom lacks, Umi's real plugin manager (src/app.tsx included) and a
// browser history, and a clean slate after every test.
import { act, cleanup, configure } from '@testing-library/react';
import { createHistory } from '@@/core/history';
import { createPluginManager } from '@@/core/plugin';
import { ConfigProvider, message, notification } from 'antd';
import React from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ensureLanguage } from '@/utils/language';
import { resetGlobalLoading } from '@/utils/requestLoading';
import { resetWarningThrottle } from '@/utils/requestMessages';
import { clearRequestCache } from '@/utils/requestAdapter';
import { resetSessionTimers } from '@/utils/session';

// A desktop-sized window; media queries answered from its width (ProLayout and antd's grid
// pick the desktop layout from them).
Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1440 });
function mediaMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return !!(min || max);
}
{
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: mediaMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!(globalThis as any).ResizeObserver) (globalThis as any).ResizeObserver = ResizeObserverStub;

// antd reads scrollbar sizes through getComputedStyle with pseudo elements, which jsdom rejects.
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

// Role queries take hidden elements too. Filtering them asks jsdom for the computed style of every
// element and its ancestors, and jsdom resolves each inherited property through every CSS variable
// antd's css-in-js writes: one `getAllByRole` over a whole-app page then runs for minutes.
// Tests that care whether something is shown say so (closed dialogs leave the DOM, see destroyOnHidden).
configure({ defaultHidden: true });

// Whole-app pages render slowly on a loaded two-core machine: give lists and dialogs time to appear.
// And a failed look-up stays cheap: the default error prints the whole page on every failed retry.
configure({
  asyncUtilTimeout: 10_000,
  getElementError: (message) => Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' }),
});

createPluginManager();

// The English catalogue is loaded on demand in the app (src/utils/language.ts); tests that render in
// English, or ask for its intl, find it registered.
beforeAll(() => ensureLanguage('en-US'));

// No leave animations for antd's static messages: jsdom never finishes them, and their late
// timers would otherwise fire after the test environment is gone.
ConfigProvider.config({
  holderRender: (children) =>
    React.createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  // a fresh browser history for each test (a full-app test may have left a memory history)
  createHistory({ type: 'browser', basename: '/' });
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(async () => {
    message.destroy();
    notification.destroy();
    await new Promise((r) => setTimeout(r, 0));
  });
  localStorage.clear();
  sessionStorage.clear();
  resetGlobalLoading();
  resetWarningThrottle();
  resetSessionTimers();
  clearRequestCache();
});

// Let the timers that components scheduled run before jsdom goes away: antd's static message holders,
// and ProLayout's sider menu, which sets its collapsed state 400 ms after a change (a file whose last
// test is quick would otherwise end inside that window, and the late update finds no window).
afterAll(async () => {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 500));
  });
});
