//! The page header of a screen names the page ("部门管理"), not the page and the site: ProLayout
//! hands PageContainer the document title when the address is deeper than any menu entry (a list at
//! `/system/dept/list` under the menu `/system/dept`), so every page sees its route's title instead.
import { RouteContext } from '@ant-design/pro-components';
import { useLocation } from '@umijs/max';
import React, { useContext, useMemo } from 'react';
import { pageName } from '@/utils/layout';
import { toAppPath } from '@/utils/location';

const PageName: React.FC<React.PropsWithChildren> = ({ children }) => {
  const route = useContext(RouteContext);
  const { pathname } = useLocation();
  const title = pageName(toAppPath(pathname));
  const value = useMemo(() => (title ? { ...route, title } : route), [route, title]);
  return <RouteContext.Provider value={value}>{children}</RouteContext.Provider>;
};

export default PageName;
