//! What a signed-in session loads (SPEC §3, §6, §9): menus, buttons, top menus and the current user
//! are stored as sword-* items; the start-up dictionaries and the park company list are kept in
//! memory. Used after a login and on every start-up with a stored token.
import { getButtons, getRoutes, getTopMenus } from '@/services/menu';
import { loadParkCompanies } from '@/services/business/parkCompany';
import { getUserInfo } from '@/services/user';
import { loadStartupDictionaries, type StartupDicts } from '@/services/dict';
import {
  getCurrentUser,
  setAuthority,
  setButtons,
  setCurrentUser,
  setRoutes,
  setTopMenus,
} from './authority';
import { formatButtons, formatTopMenus } from './menu';
import type { KeeperRequestOptions } from './request';

export interface SessionData {
  currentUser: API.CurrentUser;
  menus: API.MenuRoute[];
  buttons: API.ButtonGroup[];
  topMenus: API.TopMenu[];
  dicts: StartupDicts;
  parkCompanies: API.ParkCompany[];
}

/** The menu load failed or returned nothing: the session cannot be used (SPEC §6). */
export class MenuLoadError extends Error {
  constructor(msg = 'no menus') {
    super(msg);
    this.name = 'MenuLoadError';
  }
}

/** The user as stored in sword-current-user, from a token reply. */
export function userFromToken(data: API.TokenData): API.CurrentUser {
  const authority = String(data.role_name ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    userId: data.user_id,
    account: data.account ?? data.user_name ?? '',
    tenant_id: data.tenant_id,
    name: data.nick_name || data.real_name || data.user_name,
    avatar: data.avatar,
    authority,
  };
}

/** Stores what the token reply says about the user (authority and current user). */
export function storeLoginUser(data: API.TokenData) {
  setAuthority(data.role_name);
  setCurrentUser(userFromToken(data));
}

/** The stored user completed with GET /user/info. */
export function mergeUserInfo(
  stored: API.CurrentUser | undefined,
  info: API.UserInfo | undefined,
): API.CurrentUser | undefined {
  if (!stored && !info) return undefined;
  if (!info) return stored;
  const nonEmpty = (v: unknown) => v !== undefined && v !== null && v !== '';
  const fromInfo: Record<string, unknown> = {};
  Object.entries(info).forEach(([k, v]) => {
    if (nonEmpty(v)) fromInfo[k] = v;
  });
  return {
    ...stored,
    ...fromInfo,
    userId: stored?.userId ?? info.id,
    account: info.account || stored?.account || '',
    tenant_id: stored?.tenant_id || info.tenantId,
    name: info.name || stored?.name,
  } as API.CurrentUser;
}

const QUIET: KeeperRequestOptions = { showMsg: false };

/**
 * Loads the session. Throws MenuLoadError when the menu tree cannot be loaded or is empty; the
 * other parts fall back to what is stored (or to empty lists).
 */
export async function loadSession(): Promise<SessionData> {
  const [routesRes, buttonsRes, topRes, infoRes] = await Promise.allSettled([
    getRoutes(undefined, QUIET),
    getButtons(QUIET),
    getTopMenus({ ...QUIET, showType: 0 }),
    getUserInfo(QUIET),
  ]);

  if (routesRes.status === 'rejected') throw new MenuLoadError('menu load failed');
  const menus = routesRes.value?.success && Array.isArray(routesRes.value.data) ? routesRes.value.data : [];
  if (menus.length === 0) throw new MenuLoadError();
  setRoutes(menus);

  const buttons =
    buttonsRes.status === 'fulfilled' && buttonsRes.value?.success
      ? formatButtons(buttonsRes.value.data)
      : [];
  setButtons(buttons);

  const topMenus =
    topRes.status === 'fulfilled' && topRes.value?.success ? formatTopMenus(topRes.value.data) : [];
  setTopMenus(topMenus);

  const info = infoRes.status === 'fulfilled' && infoRes.value?.success ? infoRes.value.data : undefined;
  const currentUser = mergeUserInfo(getCurrentUser(), info);
  if (!currentUser) throw new MenuLoadError('no current user');
  setCurrentUser(currentUser);

  const [dicts, parkCompanies] = await Promise.all([loadStartupDictionaries(), loadParkCompanies()]);
  return { currentUser, menus, buttons, topMenus, dicts, parkCompanies };
}
