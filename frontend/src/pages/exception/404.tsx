//! The page of an unknown address, except a parent menu's own address (`/system`, what a header entry
//! of the split menus points at): that one moves on to the menu's first page.
import { Navigate, useLocation, useModel } from '@umijs/max';
import React from 'react';
import Exception from '@/components/Exception';
import { parentMenuLanding } from '@/utils/menu';
import { hasPage } from '@/utils/routes';

const Exception404: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const { pathname } = useLocation();
  const landing = parentMenuLanding(initialState?.menus, pathname, (p) => hasPage(p));
  return landing ? <Navigate to={landing} replace /> : <Exception type="404" />;
};

export default Exception404;
