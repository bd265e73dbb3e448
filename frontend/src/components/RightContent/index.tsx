//! Header actions: the global loading indicator, the notice bell, the language switch and the user menu.
import { LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl, useModel } from '@umijs/max';
import type { MenuProps } from 'antd';
import { Dropdown, Spin } from 'antd';
import React from 'react';
import { useGlobalLoading } from '@/utils/requestLoading';
import { logout } from '@/utils/session';
import LanguageSwitch from '@/components/SelectLang';

export { default as NoticeBell } from './NoticeBell';


export const SelectLang: React.FC = () => <LanguageSwitch style={{ padding: 4 }} />;

/** On while any request is in flight (SPEC §4). */
export const GlobalLoading: React.FC = () => {
  const loading = useGlobalLoading();
  return loading ? <Spin size="small" data-testid="global-loading" /> : null;
};

export const AvatarName: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  return <span>{user?.realName || user?.name || user?.account}</span>;
};

export const AvatarDropdown: React.FC<React.PropsWithChildren> = ({ children }) => {
  const intl = useIntl();
  const { setInitialState } = useModel('@@initialState');
  const items: MenuProps['items'] = [
    {
      key: 'center',
      icon: <UserOutlined />,
      label: intl.formatMessage({ id: 'menu.account.center' }),
    },
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: intl.formatMessage({ id: 'menu.account.settings.base' }),
    },
    {
      key: 'password',
      icon: <LockOutlined />,
      label: intl.formatMessage({ id: 'menu.account.settings.password' }),
    },
    { type: 'divider' as const },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: intl.formatMessage({ id: 'menu.account.logout' }),
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') {
      setInitialState((s: any) => ({ ...s, currentUser: undefined, menus: [] }));
      logout();
      return;
    }
    history.push(
      key === 'center'
        ? '/account/center'
        : key === 'settings'
          ? '/account/settings/base'
          : '/account/settings/password',
    );
  };
  return <Dropdown menu={{ items, onClick }}>{children}</Dropdown>;
};
