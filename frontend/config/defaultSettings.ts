//! Layout and product settings of SPEC §1. Returned from the runtime `layout` of `src/app.tsx`
//! (ProLayout ignores layout settings written only in `config/config.ts`).
import type { ProLayoutProps } from '@ant-design/pro-components';

/** Dark navigation colours: ProLayout only knows `light` and `realDark`, so the spec's dark
 * navigation with light content is `navTheme: 'light'` plus dark header and sider tokens. */
const NAV_BG = '#001529';
const NAV_BG_ACTIVE = '#000c17';
const NAV_TEXT = 'rgba(255, 255, 255, 0.65)';
const NAV_TEXT_STRONG = '#ffffff';

export type KeeperSettings = ProLayoutProps & {
  /** progressive web app / offline-app mode */
  pwa: boolean;
  /** icon font script URL for `IconFont`, empty = none */
  iconfontUrl: string;
  /** several tenants share the platform: the login form asks for a tenant id */
  tenantMode: boolean;
  /** the login form asks for a captcha */
  captchaMode: boolean;
  /** OAuth client used for the `Authorization: Basic` header */
  clientId: string;
  clientSecret: string;
  /** tenant used when the login form is left at its default */
  defaultTenantId: string;
};

const defaultSettings: KeeperSettings = {
  navTheme: 'light',
  colorPrimary: '#1890ff',
  layout: 'mix',
  splitMenus: true,
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  title: '经济调度平台',
  pwa: false,
  logo: '/logo.svg',
  iconfontUrl: '',
  tenantMode: true,
  captchaMode: true,
  clientId: 'sword',
  clientSecret: 'sword_secret',
  defaultTenantId: '000000',
  token: {
    header: {
      colorBgHeader: NAV_BG,
      colorBgScrollHeader: NAV_BG,
      colorHeaderTitle: NAV_TEXT_STRONG,
      colorTextMenu: NAV_TEXT,
      colorTextMenuSecondary: NAV_TEXT,
      colorTextMenuSelected: NAV_TEXT_STRONG,
      colorTextMenuActive: NAV_TEXT_STRONG,
      colorBgMenuItemSelected: '#1890ff',
      colorBgMenuItemHover: 'rgba(255, 255, 255, 0.08)',
      colorBgMenuElevated: NAV_BG,
      colorTextRightActionsItem: NAV_TEXT_STRONG,
      colorBgRightActionsItemHover: 'rgba(255, 255, 255, 0.12)',
    },
    sider: {
      colorMenuBackground: NAV_BG,
      colorMenuItemDivider: 'rgba(255, 255, 255, 0.15)',
      colorTextMenu: NAV_TEXT,
      colorTextMenuSecondary: NAV_TEXT,
      colorTextMenuTitle: NAV_TEXT_STRONG,
      colorTextMenuSelected: NAV_TEXT_STRONG,
      colorTextMenuActive: NAV_TEXT_STRONG,
      colorTextMenuItemHover: NAV_TEXT_STRONG,
      colorTextSubMenuSelected: NAV_TEXT_STRONG,
      colorBgMenuItemSelected: '#1890ff',
      colorBgMenuItemHover: 'rgba(255, 255, 255, 0.08)',
      colorBgMenuItemActive: NAV_BG_ACTIVE,
      colorBgMenuItemCollapsedElevated: NAV_BG,
      colorBgCollapsedButton: '#ffffff',
      colorTextCollapsedButton: 'rgba(0, 0, 0, 0.65)',
      colorTextCollapsedButtonHover: '#1890ff',
    },
  },
};

export default defaultSettings;
