// Browser tests: Debian's Chromium through playwright-core against the real gateway and services
// (see e2e/stack.ts). Run after `make build` (release binaries and the SPA); `make test` does both.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser and one stack at a time: the machine has two cores.
    fileParallelism: false,
    // expect.poll's default second is a unit test's: here a poll waits on a real browser drawing what a real
    // stack answered, and a reload on a loaded two-core machine alone can take longer. Playwright's own
    // assertions wait 5 s; so do ours. A wait that needs more says so at its call.
    expect: { poll: { timeout: 5_000 } },
    pool: 'forks',
    // The scenarios work out today's date and month as the zone (and the browser, see e2e/browser.ts) does.
    env: { TZ: 'Asia/Shanghai' },
  },
});
