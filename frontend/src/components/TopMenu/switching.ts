//! What switching top menus needs outside the switch itself: which top menu is chosen, and where to
//! go when the navigation changes.
import type { InitialState } from '@/app';
import { buildMenuData, collectMenuPaths, firstPage, isMenuRoute } from '@/utils/menu';
import { hasPage, matchRoute } from '@/utils/routes';

/** The "every menu" entry. */
export const ALL_MENUS = 'all';

/** The chosen top menu, kept with the menus it produced: a session loaded afresh (sign-in, reload)
 * brings other menus, and so starts again from every menu. */
export interface TopMenuChoice {
  id: string;
  menus: API.MenuRoute[];
}

export type TopMenuState = InitialState & { topMenuChoice?: TopMenuChoice };

/**
 * Where to go after the navigation changed to `menus`: nowhere when the current page is not a menu
 * screen (home, account) or is still among the menus; else the top menu's own page, the first page
 * of the menus, or home.
 */
export function landingPath(menus: API.MenuRoute[], pathname: string, preferred?: string): string | undefined {
  const route = matchRoute(pathname);
  const paths = collectMenuPaths(menus);
  if (route?.access !== 'canMenu' || isMenuRoute(route.path, paths)) return undefined;
  if (preferred && hasPage(preferred) && isMenuRoute(preferred, paths)) return preferred;
  return firstPage(buildMenuData(menus, (p) => hasPage(p))) ?? '/home';
}
