//! The tenant's top menus in the header (api-contract §4.2). With top menus stored at sign-in
//! (`sword-top-menus`), the header shows a switch before the menu bar (./TopMenuBar, loaded on
//! demand); with none the header is left as it is.
import { useModel } from '@umijs/max';
import React, { Suspense } from 'react';
import { getTopMenus } from '@/utils/authority';

export { ALL_MENUS, landingPath } from './switching';
export { useRefreshTopMenus } from './refresh';

const TopMenuBar = React.lazy(() => import('./TopMenuBar'));

/** The top-menu switch, then the header's own content (`children`: ProLayout's menu bar, or nothing). */
const TopMenu: React.FC<{ children?: React.ReactNode }> = ({ children }) => {
  const { initialState } = useModel('@@initialState');
  const topMenus = initialState?.topMenus ?? getTopMenus();
  if (!topMenus.length) return <>{children}</>;
  return (
    <Suspense fallback={<>{children}</>}>
      <TopMenuBar topMenus={topMenus}>{children}</TopMenuBar>
    </Suspense>
  );
};

export default TopMenu;
