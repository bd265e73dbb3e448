//! The signed-in session in localStorage (SPEC §3): the `sword-*` items, read and written only here.

export const STORAGE_KEYS = {
  authority: 'sword-authority',
  token: 'sword-token',
  accessToken: 'sword-access-token',
  refreshToken: 'sword-refresh-token',
  sessionExpireTime: 'sword-session-expire-time',
  tokenCreateTime: 'sword-token-create-time',
  tokenExpireTime: 'sword-token-expire-time',
  topMenus: 'sword-top-menus',
  routes: 'sword-routes',
  buttons: 'sword-buttons',
  currentUser: 'sword-current-user',
  captchaKey: 'sword-captcha-key',
} as const;

/** The items SPEC §4 clears on an unauthorised state. */
export const UNAUTHORISED_CLEARED_KEYS = [
  STORAGE_KEYS.authority,
  STORAGE_KEYS.token,
  STORAGE_KEYS.topMenus,
  STORAGE_KEYS.routes,
  STORAGE_KEYS.buttons,
  STORAGE_KEYS.currentUser,
  STORAGE_KEYS.captchaKey,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.tokenExpireTime,
  STORAGE_KEYS.sessionExpireTime,
] as const;

/** Everything of the session: SPEC §2 clears "all stored session data", which also covers the raw
 * access token and its creation time. */
export const SESSION_KEYS = [
  ...UNAUTHORISED_CLEARED_KEYS,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.tokenCreateTime,
] as const;

function readJson<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null || raw === '') return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

function readNumber(key: string): number | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

export const getToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);
export const getAccessToken = (): string | null => localStorage.getItem(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | null => localStorage.getItem(STORAGE_KEYS.refreshToken);
export const getTokenExpireTime = () => readNumber(STORAGE_KEYS.tokenExpireTime);
export const getSessionExpireTime = () => readNumber(STORAGE_KEYS.sessionExpireTime);
export const getTokenCreateTime = () => readNumber(STORAGE_KEYS.tokenCreateTime);

export interface StoredTokens {
  token: string;
  accessToken: string;
  refreshToken?: string;
  createTime: number;
  expireTime: number;
  sessionExpireTime?: number;
}

export function setTokens(t: StoredTokens) {
  localStorage.setItem(STORAGE_KEYS.token, t.token);
  localStorage.setItem(STORAGE_KEYS.accessToken, t.accessToken);
  if (t.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, t.refreshToken);
  localStorage.setItem(STORAGE_KEYS.tokenCreateTime, String(t.createTime));
  localStorage.setItem(STORAGE_KEYS.tokenExpireTime, String(t.expireTime));
  if (t.sessionExpireTime !== undefined) {
    localStorage.setItem(STORAGE_KEYS.sessionExpireTime, String(t.sessionExpireTime));
  }
}

export const getAuthority = (): string[] => readJson<string[]>(STORAGE_KEYS.authority, []);
export function setAuthority(authority: string | string[] | undefined) {
  const list = Array.isArray(authority)
    ? authority
    : (authority ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  writeJson(STORAGE_KEYS.authority, list);
}

export const getCurrentUser = <T = API.CurrentUser>(): T | undefined =>
  readJson<T | undefined>(STORAGE_KEYS.currentUser, undefined);
export const setCurrentUser = (user: unknown) => writeJson(STORAGE_KEYS.currentUser, user);

/** The signed-in user's tenant code (`000000` for the platform), or undefined. */
export function currentTenantId(): string | undefined {
  const user = getCurrentUser();
  return (user?.tenant_id ?? user?.tenantId) as string | undefined;
}

export const getRoutes = (): API.MenuRoute[] => readJson<API.MenuRoute[]>(STORAGE_KEYS.routes, []);
export const setRoutes = (routes: API.MenuRoute[]) => writeJson(STORAGE_KEYS.routes, routes);

export const getButtons = (): API.ButtonGroup[] =>
  readJson<API.ButtonGroup[]>(STORAGE_KEYS.buttons, []);
export const setButtons = (buttons: API.ButtonGroup[]) => writeJson(STORAGE_KEYS.buttons, buttons);

/** SPEC §6: a lookup by menu code returns that menu's buttons, or an empty list. */
export function getButton(code: string): API.MenuButton[] {
  const group = getButtons().find((b) => b.code === code);
  return group?.buttons ?? [];
}

export const getTopMenus = (): API.TopMenu[] => readJson<API.TopMenu[]>(STORAGE_KEYS.topMenus, []);
export const setTopMenus = (menus: API.TopMenu[]) => writeJson(STORAGE_KEYS.topMenus, menus);

export const getCaptchaKey = (): string | null => localStorage.getItem(STORAGE_KEYS.captchaKey);
export const setCaptchaKey = (key: string) => localStorage.setItem(STORAGE_KEYS.captchaKey, key);

/** Clears every session item (SPEC §2 and §4). */
export function removeAll() {
  SESSION_KEYS.forEach((key) => localStorage.removeItem(key));
}
