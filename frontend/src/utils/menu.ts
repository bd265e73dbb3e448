//! Server menus (api-contract §4.1) turned into what the app needs: the stored route and button
//! forms, the set of paths a user may reach (SPEC §2, §6) and the ProLayout menu data.

/** `[{code, buttons}]` from GET /menu/buttons (SPEC §6). */
export function formatButtons(menus: API.ButtonMenu[] | undefined | null): API.ButtonGroup[] {
  if (!Array.isArray(menus)) return [];
  return menus.map((m) => ({ code: m.code, buttons: Array.isArray(m.children) ? m.children : [] }));
}

export function formatTopMenus(menus: API.TopMenu[] | undefined | null): API.TopMenu[] {
  if (!Array.isArray(menus)) return [];
  return menus.map(({ id, name, code, source, path, sort }) => ({ id, name, code, source, path, sort }));
}

function isExternal(path: string | undefined): boolean {
  return !!path && /^(https?:)?\/\//i.test(path);
}

/** Normalised app path of a menu entry: leading slash, no trailing slash. */
function normalise(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export interface MenuPaths {
  /** every menu path the server returned */
  all: Set<string>;
  /** paths of leaf menus: their sub-screens (list/add/edit/view…) are reachable too */
  leaves: Set<string>;
}

export function collectMenuPaths(menus: API.MenuRoute[] | undefined | null): MenuPaths {
  const all = new Set<string>();
  const leaves = new Set<string>();
  const walk = (list: API.MenuRoute[]) =>
    list.forEach((m) => {
      if (m.path && !isExternal(m.path)) {
        const p = normalise(m.path);
        all.add(p);
        if (!m.children?.length) leaves.add(p);
      }
      if (m.children?.length) walk(m.children);
    });
  if (Array.isArray(menus)) walk(menus);
  return { all, leaves };
}

/** Route path without parameters: `/system/user/edit/:id` → `/system/user/edit`. */
function staticPart(routePath: string): string {
  const segments = routePath.split('/');
  const idx = segments.findIndex((s) => s.startsWith(':') || s === '*');
  return normalise(idx === -1 ? routePath : segments.slice(0, idx).join('/') || '/');
}

/**
 * SPEC §2: a route is reachable only if its path matches a menu entry. A route matches a menu path
 * equal to it, or a leaf menu path it lies under (`/system/user/list` under `/system/user`); a
 * parent menu path never opens everything below it.
 */
export function isMenuRoute(routePath: string | undefined, paths: MenuPaths): boolean {
  if (!routePath) return false;
  const p = staticPart(routePath);
  if (paths.all.has(p)) return true;
  for (const leaf of paths.leaves) {
    if (leaf !== '/' && p.startsWith(`${leaf}/`)) return true;
  }
  return false;
}

export interface KeeperMenuItem {
  path: string;
  name: string;
  icon?: string;
  code: string;
  target?: string;
  /** the page exists in this build */
  routed: boolean;
  children?: KeeperMenuItem[];
}

/**
 * The server menu tree joined with the pages of this build: leaves whose page is not built are
 * dropped, and so is a parent whose children are all dropped (SPEC §2). External links stay.
 */
export function buildMenuData(
  menus: API.MenuRoute[] | undefined | null,
  hasPage: (path: string) => boolean,
  label: (menu: API.MenuRoute) => string = (m) => m.name,
): KeeperMenuItem[] {
  if (!Array.isArray(menus)) return [];
  const out: KeeperMenuItem[] = [];
  [...menus]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .forEach((m) => {
      const children = buildMenuData(m.children, hasPage, label);
      const external = isExternal(m.path);
      const path = external ? m.path : normalise(m.path || `/${m.code}`);
      const routed = external || hasPage(path);
      if (m.children?.length ? children.length === 0 : !routed) return;
      const item: KeeperMenuItem = { path, name: label(m), icon: m.source, code: m.code, routed };
      if (m.isOpen === 2 || external) item.target = '_blank';
      if (children.length) item.children = children;
      out.push(item);
    });
  return out;
}

/** The first page of a menu tree (depth first, in menu order; external links skipped), or undefined. */
export function firstPage(items: KeeperMenuItem[] | undefined): string | undefined {
  for (const item of items ?? []) {
    if (item.children?.length) {
      const found = firstPage(item.children);
      if (found) return found;
    } else if (item.routed && !item.target) {
      return item.path;
    }
  }
  return undefined;
}

/**
 * The page a parent menu's own address opens: `/system` is a menu, not a page, and a person who
 * types or bookmarks it wants its first page. Undefined for any other path.
 */
export function parentMenuLanding(
  menus: API.MenuRoute[] | undefined | null,
  pathname: string,
  hasPage: (path: string) => boolean,
): string | undefined {
  const find = (items: KeeperMenuItem[]): string | undefined => {
    for (const item of items) {
      if (item.path === pathname && item.children?.length) return firstPage(item.children);
      const below = item.children ? find(item.children) : undefined;
      if (below) return below;
    }
    return undefined;
  };
  return find(buildMenuData(menus, hasPage));
}

/** Modules for the home page: every top-level menu with its leaves, built or not. */
export interface ModuleEntry {
  code: string;
  name: string;
  icon?: string;
  path: string;
  leaves: { code: string; name: string; path: string; available: boolean; icon?: string }[];
}

export function menuModules(
  menus: API.MenuRoute[] | undefined | null,
  hasPage: (path: string) => boolean,
  label: (menu: API.MenuRoute) => string = (m) => m.name,
): ModuleEntry[] {
  if (!Array.isArray(menus)) return [];
  const leavesOf = (m: API.MenuRoute): ModuleEntry['leaves'] =>
    m.children?.length
      ? [...m.children].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)).flatMap(leavesOf)
      : [
          {
            code: m.code,
            name: label(m),
            path: m.path,
            icon: m.source,
            available: isExternal(m.path) || hasPage(normalise(m.path || '/')),
          },
        ];
  return [...menus]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((m) => ({ code: m.code, name: label(m), icon: m.source, path: m.path, leaves: leavesOf(m) }));
}
