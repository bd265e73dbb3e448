//! The top-menu switch itself (a separate chunk, loaded only for tenants that have top menus):
//! choosing a top menu loads `menu/routes?topMenuId=` and the navigation shows only the menus it
//! groups; "全部" brings every menu back.
import { history, useIntl, useModel } from '@umijs/max';
import { ConfigProvider, Segmented } from 'antd';
import React, { useState } from 'react';
import { IconPreview } from '@/components/IconPreview';
import { getRoutes as fetchRoutes } from '@/services/menu';
import { setRoutes } from '@/utils/authority';
import { currentAppLocation } from '@/utils/location';
import { showWarning } from '@/utils/requestMessages';
import { ALL_MENUS, landingPath, type TopMenuState } from './switching';

const TopMenuBar: React.FC<{ topMenus: API.TopMenu[]; children?: React.ReactNode }> = ({ topMenus, children }) => {
  const intl = useIntl();
  const { initialState, setInitialState } = useModel('@@initialState');
  const state = initialState as TopMenuState | undefined;
  const [switching, setSwitching] = useState(false);

  const choice = state?.topMenuChoice;
  const active = choice && choice.menus === state?.menus ? choice.id : ALL_MENUS;

  const choose = async (id: string) => {
    if (id === active || switching) return;
    setSwitching(true);
    try {
      const res = await fetchRoutes(id === ALL_MENUS ? undefined : { topMenuId: id }, { showMsg: false });
      const menus = res?.success && Array.isArray(res.data) ? res.data : [];
      if (!menus.length) {
        showWarning(intl.formatMessage({ id: 'pages.system.topmenu.bar.empty' }));
        return;
      }
      setRoutes(menus);
      await setInitialState((s: any) => ({ ...s, menus, topMenuChoice: { id, menus } }));
      const preferred = topMenus.find((m) => m.id === id)?.path;
      const target = landingPath(menus, currentAppLocation().pathname, preferred || undefined);
      if (target) history.push(target);
    } catch {
      // the request layer has shown why; the navigation stays as it was
    } finally {
      setSwitching(false);
    }
  };

  const options = [
    { value: ALL_MENUS, label: intl.formatMessage({ id: 'pages.system.topmenu.bar.all' }) },
    ...topMenus.map((m) => ({
      value: m.id,
      label: m.name,
      icon: m.source ? <IconPreview name={m.source} use="any" /> : undefined,
    })),
  ];

  return (
    <div style={{ display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' }}>
      <ConfigProvider
        theme={{
          components: {
            Segmented: {
              trackBg: 'rgba(255, 255, 255, 0.08)',
              itemColor: 'rgba(255, 255, 255, 0.75)',
              itemHoverColor: '#ffffff',
              itemHoverBg: 'rgba(255, 255, 255, 0.12)',
              itemSelectedBg: '#1890ff',
              itemSelectedColor: '#ffffff',
              itemActiveBg: 'rgba(255, 255, 255, 0.16)',
            },
          },
        }}
      >
        <Segmented
          data-testid="top-menu"
          aria-label={intl.formatMessage({ id: 'pages.system.topmenu.bar.label' })}
          value={active}
          disabled={switching}
          options={options}
          onChange={(v) => void choose(String(v))}
          style={{ flex: 'none' }}
        />
      </ConfigProvider>
      {children ? (
        <div style={{ flex: 1, minWidth: 0, marginLeft: 16, borderLeft: '1px solid rgba(255, 255, 255, 0.15)', paddingLeft: 8 }}>
          {children}
        </div>
      ) : null}
    </div>
  );
};

export default TopMenuBar;
