//! The label of a server menu: its name in Chinese, or a `menuCode.<code>` translation elsewhere.
import { getIntl, getLocale } from '@umijs/max';

export function menuLabel(menu: { code: string; name: string }): string {
  if (getLocale() === 'zh-CN') return menu.name;
  const intl = getIntl();
  const id = `menuCode.${menu.code}`;
  return intl.messages?.[id] ? intl.formatMessage({ id }) : menu.name;
}
