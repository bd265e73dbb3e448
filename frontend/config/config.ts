//! Umi Max build configuration. Layout *settings* live in `defaultSettings.ts` and are returned by
//! the runtime `layout` of `src/app.tsx`; this file only switches the plugins on.
import { defineConfig } from '@umijs/max';
import defaultSettings from './defaultSettings';
import proxy from './proxy';
import routes from './routes';

const publicPath = process.env.PUBLIC_PATH || '/';

export default defineConfig({
  title: defaultSettings.title as string,
  // public/favicon.ico (the logo at 16, 32 and 48 px) is copied into dist/ with the build.
  favicons: [`${publicPath}favicon.ico`],
  hash: true,
  // Assets under `window.publicPath` when a deployment sets it (default `/`); the router base is
  // `window.routerBase` (see `modifyContextOpts` in src/app.tsx).
  publicPath,
  runtimePublicPath: {},
  routes,
  antd: {},
  access: {},
  model: {},
  initialState: { loading: '@/loading' },
  request: {},
  layout: {
    title: defaultSettings.title as string,
    locale: true,
  },
  locale: {
    default: 'zh-CN',
    antd: true,
    baseNavigator: false,
    baseSeparator: '-',
    useLocalStorage: true,
  },
  proxy,
  // A lazily loaded page whose script does not arrive within 120 s fails with a ChunkLoadError,
  // which the layout's error boundary reports (SPEC §8, §9).
  chainWebpack(memo: any) {
    memo.output.set('chunkLoadTimeout', 120000);
    // The screens share Pro components' form, table and field modules (every field type comes
    // with them); cap shared lazy chunks at ~400 KB minified (~130 KB gzip, the ARCHITECTURE §8
    // budget is 150) so that they load as several parallel requests instead of one large one.
    memo.optimization.splitChunks({ chunks: 'async', maxAsyncSize: 400 * 1024 });
    // Umi provides Node's `Buffer` to any module that names it: axios does, in a branch a browser never
    // takes (no `Blob`), and the provided polyfill cost 20 KB of the first load. `process` stays.
    memo.plugin('node-polyfill-provider').tap(([provided]: [Record<string, unknown>]) => [{ process: provided.process }]);
    return memo;
  },
  // antd 6 and React 19 need an evergreen browser; syntax is compiled for these targets.
  targets: { chrome: 111, edge: 111, firefox: 114, safari: 16 },
  // No polyfills: what core-js/stable added for these targets (ES2023 array copies, groupBy,
  // structuredClone, setImmediate, URL.canParse …) is used neither by this code nor by its runtime
  // dependencies (checked with grep on react-dom, antd, rc-component, pro-components, echarts, umi's
  // runtime), and it was 38 KB of every first load.
  polyfill: false,
  // Date handling is dayjs (antd 6); the locale plugin then switches dayjs, not moment.
  moment2dayjs: { preset: 'antd', plugins: ['duration'] },
  // esbuild's IIFE minification avoids the "helpers conflict" build failure seen with antd 6.
  esbuildMinifyIIFE: true,
  // Titles are set on each route change (src/app.tsx): react-helmet-async is not needed on a first load.
  helmet: false,
  // Keep the build offline and reproducible.
  mfsu: false,
  npmClient: 'npm',
});
