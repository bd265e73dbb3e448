//! Session state and transitions (SPEC §4, §6, §9): storing a token reply, deciding whether the
//! access token is valid, due for a refresh or expired, one refresh at a time, and logout.
import { history } from '@umijs/max';
import { isTokenError, refreshAccessToken } from '@/services/auth';
import defaultSettings from '../../config/defaultSettings';
import {
  getCurrentUser,
  getRefreshToken,
  getSessionExpireTime,
  getToken,
  getTokenCreateTime,
  getTokenExpireTime,
  removeAll,
  setTokens,
} from './authority';
import { clearDictCache } from './dict';
import { currentAppLocation, loginUrlFor } from './location';
import { clearRequestCache } from './requestAdapter';
import { showError, t } from './requestMessages';

/** Refresh-token lifetime assumed when the token reply does not say (`refresh_expires_in`). */
export const REFRESH_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** An access token with less than this left is refreshed before it is used (SPEC §9). */
export const TOKEN_CHECK_WINDOW_MS = 5 * 60 * 1000;
/** Delay between a 401 answer and the logout (SPEC §6, §9). */
export const LOGOUT_DELAY_MS = 200;

/** Stores a token reply (login or refresh) as the sword-* items (SPEC §3, §9). */
export function saveToken(data: API.TokenData, opts: { now?: number; refresh?: boolean } = {}) {
  const now = opts.now ?? Date.now();
  const expiresIn = Number(data.expires_in) > 0 ? Number(data.expires_in) : 3600;
  let sessionExpireTime: number;
  if (Number(data.refresh_expires_in) > 0) {
    sessionExpireTime = now + Number(data.refresh_expires_in) * 1000;
  } else if (opts.refresh) {
    // A refresh without a stated lifetime does not lengthen the session.
    sessionExpireTime = getSessionExpireTime() ?? now + REFRESH_LIFETIME_MS;
  } else {
    sessionExpireTime = now + REFRESH_LIFETIME_MS;
  }
  setTokens({
    token: `${data.token_type || 'bearer'} ${data.access_token}`,
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    createTime: now,
    expireTime: now + expiresIn * 1000,
    sessionExpireTime,
  });
}

export type TokenState = 'none' | 'valid' | 'refresh' | 'expired';

/**
 * - valid: a token with more than the check window left (or with no recorded expiry);
 * - refresh: the access token has expired or is inside the window while the session lasts;
 * - expired: both the access token and the session have expired.
 */
export function tokenState(now = Date.now()): TokenState {
  if (!getToken()) return 'none';
  const expireTime = getTokenExpireTime();
  if (expireTime === undefined) return 'valid';
  const created = getTokenCreateTime();
  // Never let the window swallow more than half of a short-lived token (no refresh loop).
  const window =
    created !== undefined
      ? Math.min(TOKEN_CHECK_WINDOW_MS, Math.max(0, (expireTime - created) / 2))
      : TOKEN_CHECK_WINDOW_MS;
  if (now < expireTime - window) return 'valid';
  const sessionExpireTime = getSessionExpireTime();
  const sessionValid =
    !!getRefreshToken() && sessionExpireTime !== undefined && now < sessionExpireTime;
  if (sessionValid) return 'refresh';
  return now < expireTime ? 'valid' : 'expired';
}

function currentTenantId(): string {
  const user = getCurrentUser<API.CurrentUser>();
  return (user?.tenant_id || user?.tenantId || defaultSettings.defaultTenantId) as string;
}

let refreshing: Promise<string> | null = null;

/**
 * Refreshes the access token. While one refresh is in flight every caller gets the same promise,
 * so concurrent requests wait for it and then go out with the new token.
 */
export function refreshToken(): Promise<string> {
  if (!refreshing) {
    refreshing = (async () => {
      const refresh = getRefreshToken();
      if (!refresh) throw new Error('no refresh token');
      const data = await refreshAccessToken({ refreshToken: refresh, tenantId: currentTenantId() });
      if (isTokenError(data)) throw new Error(data.error_description || 'refresh failed');
      if (!data?.access_token) throw new Error('refresh failed');
      saveToken(data, { refresh: true });
      return getToken() as string;
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

export const isRefreshing = () => refreshing !== null;

const logoutListeners = new Set<() => void>();
/** Lets the app drop its in-memory user when the session ends. */
export function onLogout(listener: () => void) {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/**
 * Ends the session (SPEC §2, §4): clears every stored session item and cached data, then goes to
 * the login page with the page the user was on as `redirect` (unless already on the login page;
 * a redirect already present is kept).
 */
export function logout() {
  removeAll();
  clearDictCache();
  clearRequestCache();
  logoutListeners.forEach((l) => l());
  const { pathname, search } = currentAppLocation();
  const url = loginUrlFor(pathname, search);
  if (url) history.replace(url);
}

/** Both tokens expired: tell the user, then log out (SPEC §4, §8). */
export function expireSession() {
  if (getToken()) showError(t('session.expired', '登录已过期，请重新登录'));
  logout();
}

let logoutTimer: ReturnType<typeof setTimeout> | undefined;
/** A 401 answer logs out after 200 ms; several 401s in that time log out once. */
export function scheduleLogout(delay = LOGOUT_DELAY_MS) {
  if (logoutTimer) return;
  logoutTimer = setTimeout(() => {
    logoutTimer = undefined;
    logout();
  }, delay);
}

/** Test hook. */
export function resetSessionTimers() {
  if (logoutTimer) clearTimeout(logoutTimer);
  logoutTimer = undefined;
  refreshing = null;
}
