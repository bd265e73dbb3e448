//! Where the app is: router base (SPEC §1), app-relative paths, public paths (SPEC §2).
import { history } from '@umijs/max';

declare global {
  interface Window {
    routerBase?: string;
    publicPath?: string;
  }
}

export const LOGIN_PATH = '/user/login';
export const PUBLIC_PREFIXES = ['/dataAnalysis', '/user'];

/** The router base: `window.routerBase` when a deployment sets it, else `/`. Always ends in `/`. */
export function routerBase(): string {
  const base = (typeof window !== 'undefined' && window.routerBase) || '/';
  const withLead = base.startsWith('/') ? base : `/${base}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/** A browser pathname without the router base, starting with `/`. */
export function toAppPath(pathname: string): string {
  const base = routerBase();
  if (base !== '/' && (pathname === base.slice(0, -1) || pathname.startsWith(base))) {
    return `/${pathname.slice(base.length)}`;
  }
  return pathname || '/';
}

/** The current app-relative path and query, e.g. `/system/user/list?current=2`. */
export function currentAppLocation(): { pathname: string; search: string } {
  const loc = (history as { location?: { pathname: string; search: string } } | undefined)?.location ?? window.location;
  return { pathname: toAppPath(loc.pathname), search: loc.search ?? '' };
}

/** SPEC §2: paths beginning /dataAnalysis and /user need no login and no menu loading. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function isLoginPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`;
}

/**
 * Where to go after a login: the `redirect` query parameter when it is an app path, else `/`.
 * Absolute URLs and protocol-relative paths are refused (no open redirect).
 */
export function redirectTarget(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  if (isLoginPath(redirect.split('?')[0])) return '/';
  return redirect;
}

/**
 * The login URL for an unauthorised state (SPEC §2): null when already on the login page, else
 * `/user/login?redirect=<page>` where <page> is the redirect already set, or the current page.
 */
export function loginUrlFor(pathname: string, search: string): string | null {
  if (isLoginPath(pathname)) return null;
  const existing = new URLSearchParams(search).get('redirect');
  const redirect = existing || `${pathname}${search}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect }).toString()}`;
}
