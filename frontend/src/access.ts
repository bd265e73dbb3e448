//! Access rules (Umi access plugin): a pure function of the initial state. Routes name a rule in
//! their `access` field; a route whose rule says no is hidden and answers 403, and a parent whose
//! children are all hidden is hidden too (SPEC §2, §6).
import type { InitialState } from './app';
import { collectMenuPaths, isMenuRoute } from './utils/menu';

export const ADMIN_ACCOUNT = 'admin';

export function isAdmin(user: { account?: string } | undefined | null): boolean {
  return user?.account === ADMIN_ACCOUNT;
}

export default function access(initialState: Partial<InitialState> | undefined) {
  const currentUser = initialState?.currentUser;
  const menuPaths = collectMenuPaths(initialState?.menus);
  const buttonCodes = new Set(
    (initialState?.buttons ?? []).flatMap((group) => group.buttons.map((b) => b.code)),
  );
  return {
    /** a user is signed in */
    signedIn: !!currentUser,
    /** the platform administrator (account `admin`) */
    canAdmin: isAdmin(currentUser),
    /** the route's path matches a menu the server returned for this user */
    canMenu: (route?: { path?: string }) => !!currentUser && isMenuRoute(route?.path, menuPaths),
    /** the user holds the button with this code (e.g. `user_add`) */
    canButton: (code: string) => !!currentUser && buttonCodes.has(code),
  };
}
