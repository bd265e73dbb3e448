//! Reloading the stored top menus after the top-menu screens changed them.
import { useModel } from '@umijs/max';
import { getTopMenus as fetchTopMenus } from '@/services/menu';
import { setTopMenus } from '@/utils/authority';
import { formatTopMenus } from '@/utils/menu';

export function useRefreshTopMenus() {
  const { setInitialState } = useModel('@@initialState');
  return async () => {
    try {
      const res = await fetchTopMenus({ showMsg: false, showType: 0 });
      if (!res?.success) return;
      const topMenus = formatTopMenus(res.data);
      setTopMenus(topMenus);
      await setInitialState((s: any) => ({ ...s, topMenus }));
    } catch {
      // the header keeps the top menus it has
    }
  };
}
