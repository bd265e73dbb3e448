//! The buttons of a menu (api-contract §4.1, §9.5): looked up by menu code in the stored buttons,
//! placed on the toolbar (action 1 or 3) or on each row (action 2 or 3), labelled from the locale key
//! `button.<alias>.name` (the server's Chinese name when the key is missing).
import type { useIntl } from '@umijs/max';
import { getButton } from '@/utils/authority';

export const TOOLBAR = 1;
export const ROW = 2;
export const BOTH = 3;

/** The buttons granted to the user on this menu, in the server's order. */
export function menuButtons(menuCode: string): API.MenuButton[] {
  return [...getButton(menuCode)].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}

export const onToolbar = (b: API.MenuButton) => b.action === TOOLBAR || b.action === BOTH;
export const onRow = (b: API.MenuButton) => b.action === ROW || b.action === BOTH;

/** The user holds the button with this alias on this menu. */
export function hasButton(menuCode: string, alias: string): boolean {
  return getButton(menuCode).some((b) => b.alias === alias);
}

export function findButton(menuCode: string, alias: string): API.MenuButton | undefined {
  return getButton(menuCode).find((b) => b.alias === alias);
}

export function buttonLabel(intl: Pick<ReturnType<typeof useIntl>, 'messages' | 'formatMessage'>, button: API.MenuButton): string {
  const id = `button.${button.alias}.name`;
  return intl.messages?.[id] ? intl.formatMessage({ id }) : button.name;
}
