//! Pieces of the runtime layout (src/app.tsx): the SPEC §1 settings handed to ProLayout, the menu
//! data from the server's menus, and page titles from routes.
import type { MenuDataItem } from '@ant-design/pro-components';
import { getIntl } from '@umijs/max';
import defaultSettings, { type KeeperSettings } from '../../config/defaultSettings';
import { menuIcon } from './icons';
import { buildMenuData, type KeeperMenuItem } from './menu';
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
    children: item.children ? toProMenu(item.children) : undefined,
  }));
}

/** ProLayout menu data: the server's menus that lead to a page of this build. */
export function layoutMenuData(menus: API.MenuRoute[] | undefined): MenuDataItem[] {
  return toProMenu(buildMenuData(menus, (p) => hasPage(p), menuLabel));
}

function translate(id: string): string {
  const intl = getIntl();
  return intl.messages?.[id] ? intl.formatMessage({ id }) : id;
}

/** `<route title> - 经济调度平台` for an app path (SPEC §2: titles come from routes). */
export function documentTitle(pathname: string): string {
  return pageTitle(pathname, translate, defaultSettings.title as string);
}

/** The page's own title for an app path (the page header names the page, not the site). */
export function pageName(pathname: string): string | undefined {
  return routeTitle(pathname, translate);
}
