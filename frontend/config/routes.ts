//! The route table of SPEC §2. Every screen of the product is listed here once, but a route is
//! only handed to Umi when its page file exists under `src/pages/`, so later issues add a screen
//! by creating its page file: no placeholder screens, and a menu that points at a page not built
//! yet simply reaches the 404 page. Redirects are kept when their target is kept.
import { existsSync } from 'fs';
import { join } from 'path';

export interface RouteEntry {
  path: string;
  /** page module under src/pages, without extension */
  component?: string;
  redirect?: string;
  /** locale key of the page title (document title and breadcrumb) */
  title?: string;
  /** access rule name of src/access.ts */
  access?: string;
  layout?: false;
  hideInMenu?: boolean;
}

const PAGES_DIR = join(__dirname, '../src/pages');

/** Screens of an area gated by the server's menus (SPEC §2: reachable only through a menu entry). */
const menuGated = (entries: RouteEntry[]): RouteEntry[] =>
  entries.map((e) => (e.redirect ? e : { ...e, access: 'canMenu' }));

/**
 * list/add/edit/view screens of one entity, plus optional extras, list at `<base>/list`. The add,
 * edit and view routes share one `<page>/form` module, which reads its mode from the matched path
 * (`useFormMode` in components/Crud); each route keeps its own title. Umi gives every route its own
 * lazy component even when the module is shared, so moving from add to edit still remounts the form.
 */
function crud(
  base: string,
  page: string,
  opts: { addWithParent?: boolean; extra?: RouteEntry[] } = {},
): RouteEntry[] {
  const t = `menu${base.replace(/\//g, '.')}`;
  const form = `${page}/form`;
  const entries: RouteEntry[] = [
    { path: base, redirect: `${base}/list` },
    { path: `${base}/list`, component: `${page}/list`, title: t },
    { path: `${base}/add`, component: form, title: `${t}.add` },
  ];
  if (opts.addWithParent) {
    entries.push({ path: `${base}/add/:id`, component: form, title: `${t}.add` });
  }
  entries.push(
    { path: `${base}/edit/:id`, component: form, title: `${t}.edit` },
    { path: `${base}/view/:id`, component: form, title: `${t}.view` },
    ...(opts.extra ?? []),
  );
  return entries;
}

/**
 * A read-only log: the list at `base` itself (the menu's path) and one entry at `<base>/view/:id`.
 * The entry is a detail page, not a mode of a form, so it keeps its own `view` module.
 */
function log(base: string, page: string): RouteEntry[] {
  const t = `menu${base.replace(/\//g, '.')}`;
  return [
    { path: base, component: `${page}/list`, title: t },
    { path: `${base}/view/:id`, component: `${page}/view`, title: `${t}.view` },
  ];
}

function dictionary(base: string, page: string): RouteEntry[] {
  const t = `menu${base.replace(/\//g, '.')}`;
  return [
    ...crud(base, page, { addWithParent: true }),
    { path: `${base}/sub/:parentId`, component: `${page}/sub`, title: `${t}.sub` },
  ];
}

export const routeTable: RouteEntry[] = [
  // Login and registration, outside the layout, public (no login, no menu loading).
  { path: '/user', redirect: '/user/login', layout: false },
  { path: '/user/login', component: 'user/login', title: 'menu.login', layout: false },
  { path: '/user/register', component: 'user/register', title: 'menu.register', layout: false },
  {
    path: '/user/register-result',
    component: 'user/register-result',
    title: 'menu.register-result',
    layout: false,
  },

  // The public big screen of a zone (`?tenant=`), outside the layout (no login, no menu loading).
  { path: '/dataAnalysis', component: 'dataAnalysis', title: 'menu.dataAnalysis', layout: false },

  // Entry.
  { path: '/', redirect: '/index' },
  { path: '/index.html', redirect: '/index' },
  { path: '/index', component: 'home', title: 'menu.home' },
  { path: '/home', component: 'home', title: 'menu.home' },

  // Output value.
  ...menuGated([
    {
      path: '/outputValue/annualOutputBreakdown',
      component: 'outputValue/annualOutputBreakdown',
      title: 'menu.outputValue.annualOutputBreakdown',
    },
    {
      path: '/outputValue/parkMonthlyOutputValue',
      component: 'outputValue/parkMonthlyOutputValue',
      title: 'menu.outputValue.parkMonthlyOutputValue',
    },
    {
      path: '/outputValue/explorationAndDecomposition',
      component: 'outputValue/explorationAndDecomposition',
      title: 'menu.outputValue.explorationAndDecomposition',
    },
    { path: '/outputValue/report', component: 'outputValue/report', title: 'menu.outputValue.report' },
    {
      path: '/outputValue/statistics',
      component: 'outputValue/statistics',
      title: 'menu.outputValue.statistics',
    },
  ]),

  // Investment.
  ...menuGated([
    {
      path: '/investment/projectManagement/projectWarehousing',
      component: 'investment/projectManagement/projectWarehousing',
      title: 'menu.investment.projectManagement.projectWarehousing',
    },
    {
      path: '/investment/projectManagement/technicalRenovation',
      component: 'investment/projectManagement/technicalRenovation',
      title: 'menu.investment.projectManagement.technicalRenovation',
    },
    {
      path: '/investment/trackProject',
      component: 'investment/trackProject',
      title: 'menu.investment.trackProject',
    },
    {
      path: '/investment/inLibraryProject/targetTask',
      component: 'investment/inLibraryProject/targetTask',
      title: 'menu.investment.inLibraryProject.targetTask',
    },
    {
      path: '/investment/inLibraryProject/investmentForecasting',
      component: 'investment/inLibraryProject/investmentForecasting',
      title: 'menu.investment.inLibraryProject.investmentForecasting',
    },
    {
      path: '/investment/inLibraryProject/report',
      component: 'investment/inLibraryProject/report',
      title: 'menu.investment.inLibraryProject.report',
    },
    {
      path: '/investment/inLibraryProject/statistics',
      component: 'investment/inLibraryProject/statistics',
      title: 'menu.investment.inLibraryProject.statistics',
    },
    {
      path: '/investment/finishProject',
      component: 'investment/finishProject',
      title: 'menu.investment.finishProject',
    },
  ]),

  // Notices: managed here; read by everyone from the header's bell and the home page.
  ...menuGated(crud('/notice', 'notice')),

  // Results and errors: reachable by every signed-in user.
  { path: '/result/success', component: 'result/success', title: 'menu.result.success' },
  { path: '/result/fail', component: 'result/fail', title: 'menu.result.fail' },
  { path: '/exception/403', component: 'exception/403', title: 'menu.exception.not-permission' },
  { path: '/exception/404', component: 'exception/404', title: 'menu.exception.not-find' },
  { path: '/exception/500', component: 'exception/500', title: 'menu.exception.server-error' },
  { path: '/exception', component: 'exception', title: 'menu.exception' },

  // Account: the user's own profile.
  { path: '/account/center', component: 'account/center', title: 'menu.account.center' },
  { path: '/account/settings', redirect: '/account/settings/base' },
  { path: '/account/settings/base', component: 'account/settings/base', title: 'menu.account.settings.base' },
  {
    path: '/account/settings/password',
    component: 'account/settings/password',
    title: 'menu.account.settings.password',
  },

  // Authority.
  ...menuGated([
    { path: '/authority/role', component: 'authority/role/list', title: 'menu.authority.role' },
    // Not crud(): the list sits at the menu's path and add takes `:parentId`, which RoleForm reads.
    { path: '/authority/role/add/:parentId?', component: 'authority/role/form', title: 'menu.authority.role.add' },
    { path: '/authority/role/edit/:id', component: 'authority/role/form', title: 'menu.authority.role.edit' },
    { path: '/authority/role/view/:id', component: 'authority/role/form', title: 'menu.authority.role.view' },
    { path: '/authority/datascope', component: 'authority/datascope', title: 'menu.authority.datascope' },
    { path: '/authority/apiscope', component: 'authority/apiscope', title: 'menu.authority.apiscope' },
  ]),

  // System.
  ...menuGated([
    { path: '/system/enterprise', component: 'system/enterprise', title: 'menu.system.enterprise' },
    { path: '/system/zoneSetting', component: 'system/zoneSetting', title: 'menu.system.zoneSetting' },
    ...crud('/system/user', 'system/user', {
      extra: [
        {
          path: '/system/user/platform/:id',
          component: 'system/user/platform',
          title: 'menu.system.user.platform',
        },
      ],
    }),
    ...crud('/system/post', 'system/post', { addWithParent: true }),
    ...crud('/system/dept', 'system/dept', { addWithParent: true }),
    ...crud('/system/menu', 'system/menu', { addWithParent: true }),
    ...crud('/system/topmenu', 'system/topmenu'),
    ...crud('/system/param', 'system/param'),
    ...crud('/system/tenant', 'system/tenant'),
    ...crud('/system/client', 'system/client'),
    ...dictionary('/system/dict', 'system/dict'),
    ...dictionary('/system/dictbiz', 'system/dictbiz'),
    ...log('/system/log/login', 'system/log/login'),
    ...log('/system/log/operation', 'system/log/operation'),
    ...log('/system/log/error', 'system/log/error'),
  ]),

  // Resource.
  ...menuGated([
    ...crud('/resource/oss', 'resource/oss'),
    ...crud('/resource/sms', 'resource/sms'),
    { path: '/resource/attach', redirect: '/resource/attach/list' },
    { path: '/resource/attach/list', component: 'resource/attach/list', title: 'menu.resource.attach' },
  ]),
];

export function pageExists(component: string, pagesDir = PAGES_DIR): boolean {
  const base = join(pagesDir, component);
  return ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'].some(
    (ext) => existsSync(base + ext),
  );
}

/** The entries of `table` whose page exists; redirects whose target survives. */
export function availableRoutes(
  table: RouteEntry[] = routeTable,
  exists: (component: string) => boolean = pageExists,
): RouteEntry[] {
  const pages = table.filter((r) => r.component && exists(r.component));
  const paths = new Set(pages.map((r) => r.path));
  const redirects = table.filter((r) => r.redirect && paths.has(r.redirect));
  return table.filter((r) => pages.includes(r) || redirects.includes(r));
}

/**
 * `/a/add/:parentId?` → `/a/add` and `/a/add/:parentId`: the router of Umi 4 (react-router 6.3)
 * has no optional segments, so a path with one would never match.
 */
export function expandOptional(entry: RouteEntry): RouteEntry[] {
  const m = /^(.*)\/(:[^/]+)\?$/.exec(entry.path);
  if (!m) return [entry];
  return [
    { ...entry, path: m[1] || '/' },
    { ...entry, path: `${m[1]}/${m[2]}` },
  ];
}

/** Umi route config: the available routes, with page components relative to src/pages. */
export function toUmiRoutes(entries: RouteEntry[]) {
  const umiRoutes: Record<string, unknown>[] = entries.flatMap(expandOptional).map((r) => {
    const { component, ...rest } = r;
    return component ? { ...rest, component: `./${component}` } : { ...rest };
  });
  // Unknown paths inside the layout: the 404 page (menu entries whose page is not built yet too).
  umiRoutes.push({ path: '*', component: './exception/404', title: 'menu.exception.not-find' });
  return umiRoutes;
}

export default toUmiRoutes(availableRoutes());
