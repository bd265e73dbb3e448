//! The client routes of this build, recorded at start-up (`patchClientRoutes` in src/app.tsx):
//! which paths have a page, and each page's title (SPEC §2).
import { matchRoutes } from '@umijs/max';

type ClientRoute = {
  path?: string;
  title?: string;
  redirect?: string;
  children?: ClientRoute[];
  routes?: ClientRoute[];
  [key: string]: unknown;
};

let clientRoutes: ClientRoute[] = [];

export function setClientRoutes(routes: ClientRoute[]) {
  clientRoutes = routes;
}

/** The deepest route matching an app path, or undefined. */
export function matchRoute(pathname: string, routes: ClientRoute[] = clientRoutes) {
  const matches = matchRoutes(routes as any, pathname);
  return matches?.[matches.length - 1]?.route as ClientRoute | undefined;
}

/** The path has a page (or a redirect to one) in this build; the 404 catch-all does not count. */
export function hasPage(pathname: string, routes: ClientRoute[] = clientRoutes): boolean {
  const route = matchRoute(pathname, routes);
  return !!route && route.path !== '*' && !route.path?.endsWith('/*');
}

/** The title of the page at an app path (its route's title, translated), or undefined. */
export function routeTitle(
  pathname: string,
  formatMessage: (id: string) => string,
  routes: ClientRoute[] = clientRoutes,
): string | undefined {
  const key = matchRoute(pathname, routes)?.title;
  if (!key) return undefined;
  const text = formatMessage(key);
  return text && text !== key ? text : undefined;
}

/** The document title of an app path: `<route title> - <app title>`, or the app title. */
export function pageTitle(
  pathname: string,
  formatMessage: (id: string) => string,
  appTitle: string,
  routes: ClientRoute[] = clientRoutes,
): string {
  const text = routeTitle(pathname, formatMessage, routes);
  return text ? `${text} - ${appTitle}` : appTitle;
}
