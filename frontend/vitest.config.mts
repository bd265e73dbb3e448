// Vitest runs against Umi's generated runtime (src/.umi-test), so the request plugin, the locale
// plugin and src/app.tsx are the real ones; only `fetch` is replaced in tests.
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig(async () => {
  process.env.NODE_ENV = 'test';
  // `max setup` for the test env, and Umi's alias map (umi, @, @@, @umijs/max, react...).
  const { getUmiAlias, getAliasPathWithKey } = require('@umijs/max/test');
  const umiAlias: Record<string, string> = await getUmiAlias();
  const alias = Object.keys(umiAlias).map((key) => {
      const target = getAliasPathWithKey(umiAlias, key);
      const exact = key.endsWith('$') || key === 'umi' || key === '@umijs/max';
      const name = key.replace(/\$$/, '');
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      return { find: new RegExp(exact ? `^${escaped}$` : `^${escaped}(?=/|$)`), replacement: target };
    });

  // In the test env Umi writes route components as CommonJS `require(...)` (for Jest); Vitest
  // runs ES modules, so load them with `await import(...)` inside the async getRoutes().
  const umiTestRoutes = {
    name: 'umi-test-routes',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!/\.umi-test[\\/]core[\\/]route\.tsx$/.test(id)) return null;
      return code.replace(/require\(('[^']+')\)\.default/g, '(await import($1)).default');
    },
  };

  return {
    plugins: [umiTestRoutes],
    // ES entries first, as the webpack build does: a CommonJS entry would `require('react')`
    // past the aliases and pick up the React 17 copy under @umijs/plugins.
    resolve: { alias, mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'] },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./tests/setup.tsx'],
      include: ['src/**/*.test.{ts,tsx}', 'config/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
      testTimeout: 60_000,
      pool: 'forks',
      // Inlined so that Umi's aliases apply inside them as in the build (one React for all:
      // @umijs/plugins carries a React 17 copy that use-request would otherwise pick up).
      server: { deps: { inline: [/@ant-design/, /antd/, /@rc-component/, /@ahooksjs/, /@umijs\/plugins/] } },
    },
  };
});
