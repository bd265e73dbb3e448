//! Umi runtime configuration: start-up state, layout (SPEC §1 settings), request layer, route hooks.
import { UserOutlined } from '@ant-design/icons';
import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { getLocale, setLocale, UseRequestProvider, useIntl } from '@umijs/max';
import { ConfigProvider } from 'antd';
import React, { useMemo } from 'react';
import defaultSettings, { type KeeperSettings } from '../config/defaultSettings';
import logo from './assets/logo.svg';
import ErrorBoundary from './components/ErrorBoundary';
import Exception from './components/Exception';
import Footer from './components/Footer';
import { AvatarDropdown, AvatarName, GlobalLoading, NoticeBell, SelectLang } from './components/RightContent';
import PageName from './components/PageName';
import TopMenu from './components/TopMenu';
import { getToken } from './utils/authority';
import { currentAppLocation, isPublicPath, routerBase, toAppPath } from './utils/location';
import { appTitle, documentTitle, layoutMenuData, layoutSettings, MenuLink } from './utils/layout';
import { validateMessages } from './utils/formRules';
import { requestConfig } from './utils/request';
import { useRequestDefaults } from './utils/requestDefaults';
import { setClientRoutes } from './utils/routes';
import { MotionPreference } from './utils/motion';
import { logout } from './utils/session';
import { ensureLanguage } from './utils/language';
import { loadSession, type SessionData } from './utils/startup';

export interface InitialState extends Partial<SessionData> {
  settings: KeeperSettings;
}

/**
 * Start-up state. Public paths (/user*, /dataAnalysis*) load nothing. Elsewhere a missing token,
 * or a menu load that fails or returns nothing, ends the session (SPEC §2, §6).
 */
export async function getInitialState(): Promise<InitialState> {
  const settings = defaultSettings;
  if (isPublicPath(currentAppLocation().pathname)) return { settings };
  if (!getToken()) {
    logout();
    return { settings };
  }
  try {
    return { settings, ...(await loadSession()) };
  } catch {
    logout();
    return { settings };
  }
}

export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const state = initialState as InitialState | undefined;
  const settings = state?.settings ?? defaultSettings;
  const currentUser = state?.currentUser;
  const menuData = layoutMenuData(state?.menus);
  return {
    ...layoutSettings(settings),
    // antd Pro's sider width (umi's layout plugin sets 256): the menu's names fit in 208 px, and a
    // list with its tree panel gets the 48 px back at 1440 px.
    siderWidth: 208,
    title: appTitle(),
    logo,
    menu: { locale: false },
    menuDataRender: () => menuData,
    menuItemRender: (item: any, dom: React.ReactNode) => <MenuLink item={item}>{dom}</MenuLink>,
    headerContentRender: (_: unknown, dom: React.ReactNode) => <TopMenu>{dom}</TopMenu>,
    childrenRender: (dom: React.ReactNode) => <PageName>{dom}</PageName>,
    rightContentRender: false,
    // the bell asks for the person's unread notices: only once someone is signed in
    actionsRender: () => [<GlobalLoading key="loading" />, currentUser ? <NoticeBell key="notice" /> : null, <SelectLang key="lang" />],
    avatarProps: {
      src: currentUser?.avatar || undefined,
      icon: <UserOutlined />,
      size: 'small',
      title: <AvatarName />,
      render: (_: unknown, dom: React.ReactNode) => <AvatarDropdown>{dom}</AvatarDropdown>,
    },
    footerRender: () => <Footer />,
    pageTitleRender: (props: { pathname?: string; location?: { pathname?: string } }) =>
      documentTitle(toAppPath(props.location?.pathname ?? props.pathname ?? '/')),
    unAccessible: <Exception type="403" />,
    noFound: <Exception type="404" />,
    ErrorBoundary: ErrorBoundary as any,
  };
};

/** The last chosen language's messages are there before the first render (English is loaded on
 * demand: src/utils/language.ts); Chinese when they cannot be loaded. */
export function render(oldRender: () => void) {
  ensureLanguage(getLocale())
    .catch(() => setLocale('zh-CN', false))
    .finally(oldRender);
}

/** The request layer (src/utils/request.ts; no Umi export is read when this module loads). */
export const request: RequestConfig = requestConfig;

/** The router base from `window.routerBase` (SPEC §1). */
export function modifyContextOpts(memo: Record<string, unknown>) {
  return { ...memo, basename: routerBase() };
}

export function patchClientRoutes({ routes }: { routes: any[] }) {
  setClientRoutes(routes);
}

/** Titles from routes; no token on a non-public path ends the session (SPEC §2, §6). */
export function onRouteChange({ location }: { location: { pathname: string } }) {
  const pathname = toAppPath(location.pathname);
  document.title = documentTitle(pathname);
  if (!isPublicPath(pathname) && !getToken()) logout();
}

/** antd's form messages in the interface's language; inside the locale provider, so that a language
 * switch reaches them. */
const FormMessages: React.FC<React.PropsWithChildren> = ({ children }) => {
  const intl = useIntl();
  const form = useMemo(() => ({ validateMessages: validateMessages(intl) }), [intl]);
  return <ConfigProvider form={form}>{children}</ConfigProvider>;
};

export function innerProvider(container: React.ReactNode) {
  return <FormMessages>{container}</FormMessages>;
}

/** Defaults of `useRequest` hooks: 60 s cache, refresh on focus at most every 5000 ms (SPEC §9);
 * antd's motions follow the person's reduced-motion setting. */
export function rootContainer(container: React.ReactNode) {
  // Read at call time: this module is imported while Umi's exports are still being evaluated, so
  // a top-level reference to them would capture `undefined`. (use-request is typed against React
  // 17's types; it renders with the app's React.)
  const RequestDefaultsProvider = UseRequestProvider as unknown as React.FC<
    React.PropsWithChildren<{ value: object }>
  >;
  return (
    <RequestDefaultsProvider value={useRequestDefaults}>
      <MotionPreference>{container}</MotionPreference>
    </RequestDefaultsProvider>
  );
}
