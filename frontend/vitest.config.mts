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

  // The heavy UI packages are pre-bundled (test.deps.optimizer below). Umi's generated files import
  // some of them by absolute path (plugin-layout: pro-components; plugin-moment2dayjs: dayjs, which
  // it extends with plugins): send those to the package name so that they get the same pre-bundled
  // copy as everything else, not a second one. And `@ant-design/icons` by its ES entry, as the
  // webpack build resolves it (under Node's condition it is a CommonJS wrapper whose named exports
  // a bundle loses), so that it is one copy with the icons antd and pro-components use.
  for (const pkg of ['@ant-design/pro-components', 'dayjs']) {
    const dir = require.resolve(`${pkg}/package.json`).replace(/[\\/]package\.json$/, '');
    alias.push({ find: new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?=/|$)`), replacement: pkg });
  }
  alias.push({ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' });

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
      // Two workers on the two-core machine (Vitest's default is cores - 1 = one file at a time).
      // Measured on the full suite (59 files): 315 s with the defaults, 213 s with 2 workers, 178 s
      // with 2 workers and the pre-bundling below. `threads` measured the same as `forks` (28.6 s
      // vs 29.5 s on a 9-file subset); 3 workers were no better (30.8 s).
      maxWorkers: 2,
      // Inlined so that Umi's aliases apply inside them as in the build (one React for all:
      // @umijs/plugins carries a React 17 copy that use-request would otherwise pick up).
      server: { deps: { inline: [/@ant-design/, /antd/, /@rc-component/, /@ahooksjs/, /@umijs\/plugins/] } },
      // Each test file's fork used to evaluate antd, pro-components, @rc-component/* and the icons
      // from thousands of small modules ("setup" ~1.8 s per file). Pre-bundled once (Rolldown,
      // cached in node_modules/.vite/vitest; 178 s above is with an empty cache) they are a few
      // large modules: full suite 213 s -> 178 s with 2 workers ("setup" 143 s -> 36 s in all), a
      // 9-file subset 55 s -> 41 s with one worker. The bundles keep React and react-dom outside
      // (imported through the aliases: one React); dayjs is bundled once and shared by antd, the
      // pages and Umi's moment2dayjs plugin (see the aliases above). Only the entry points imported
      // by value: also listing antd/es/menu, antd/es/dropdown and antd/es/locale{,/zh_CN,/en_US}
      // (type-only imports in Umi's files) made a form test in menu.test.tsx fail.
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: ['antd', '@ant-design/pro-components', '@ant-design/icons/es', '@ant-design/cssinjs', 'dayjs'],
            exclude: ['react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'scheduler'],
          },
        },
      },
    },
  };
});
