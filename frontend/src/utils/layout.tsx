//! Pieces of the runtime layout (src/app.tsx): the SPEC §1 settings handed to ProLayout, the menu
//! data from the server's menus, its links (a parent menu opens its first page), and page titles
//! from routes.
import type { MenuDataItem } from '@ant-design/pro-components';
import { getIntl, Link, useLocation } from '@umijs/max';
import React from 'react';
import defaultSettings, { type KeeperSettings } from '../../config/defaultSettings';
import { menuIcon } from './icons';
import { buildMenuData, firstPage, type KeeperMenuItem } from './menu';
import { menuLabel } from './menuLabel';
import { hasPage, pageTitle, routeTitle } from './routes';

/** SPEC §1: the layout settings, returned by the runtime layout (ProLayout ignores config.ts). */
export function layoutSettings(settings: KeeperSettings) {
  return {
    navTheme: settings.navTheme,
    colorPrimary: settings.colorPrimary,
    layout: settings.layout,
    splitMenus: settings.splitMenus,
    contentWidth: settings.contentWidth,
    fixedHeader: settings.fixedHeader,
    fixSiderbar: settings.fixSiderbar,
    colorWeak: settings.colorWeak,
    title: settings.title,
    iconfontUrl: settings.iconfontUrl,
    token: settings.token,
  };
}

function toProMenu(items: KeeperMenuItem[]): MenuDataItem[] {
  return items.map((item) => ({
    path: item.path,
    key: item.path,
    name: item.name,
    icon: menuIcon(item.icon),
    target: item.target,
    // A parent menu's own path (`/system`) has no page: its entry in the header opens the first page
    // below it instead of the 404 page.
    landing: item.children ? firstPage(item.children) : undefined,
    children: item.children ? toProMenu(item.children) : undefined,
  }));
}

/**
 * A menu entry as a link. In the split menus the header shows the top menus without their children,
 * so ProLayout renders them as plain entries whose path (`/system`) is no page: they link to their
 * first page instead (`landing`). External links and the page shown now stay as ProLayout made them.
 */
export const MenuLink: React.FC<{ item: MenuDataItem & { isUrl?: boolean; landing?: string }; children: React.ReactNode }> = ({
  item,
  children,
}) => {
  const location = useLocation();
  const to = (item.landing ?? item.path)?.replace('/*', '');
  if (item.isUrl || !to || location.pathname === to) return <>{children}</>;
  return (
    <Link to={to} target={item.target}>
      {children}
    </Link>
  );
};

/** ProLayout menu data: the server's menus that lead to a page of this build. */
export function layoutMenuData(menus: API.MenuRoute[] | undefined): MenuDataItem[] {
  return toProMenu(buildMenuData(menus, (p) => hasPage(p), menuLabel));
}

function translate(id: string): string {
  const intl = getIntl();
  return intl.messages?.[id] ? intl.formatMessage({ id }) : id;
}

/** The product's name in the interface's language (the header, the login page, the window title). */
export function appTitle(): string {
  const title = translate('app.title');
  return title === 'app.title' ? (defaultSettings.title as string) : title;
}

/** `<route title> - 经济调度平台` for an app path (SPEC §2: titles come from routes). */
export function documentTitle(pathname: string): string {
  return pageTitle(pathname, translate, appTitle());
}

/** The page's own title for an app path (the page header names the page, not the site). */
export function pageName(pathname: string): string | undefined {
  return routeTitle(pathname, translate);
}
