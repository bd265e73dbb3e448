//! The buttons of a menu (api-contract §4.1, §9.5): looked up by menu code in the stored buttons,
//! placed on the toolbar (action 1 or 3) or on each row (action 2 or 3), labelled from the locale key
//! `button.<alias>.name` (the server's Chinese name when the key is missing).
import type { useIntl } from '@umijs/max';
import { getButton } from '@/utils/authority';

export const TOOLBAR = 1;
export const ROW = 2;
export const BOTH = 3;

/**
 * A button the server does not list, offered to whoever holds the menu's `grantedBy` button (e.g. a
 * connection test for those who may edit a configuration) and placed right after it.
 */
export interface ExtraButton {
  alias: string;
  /** the label */
  name: string;
  /** the alias of the granted button that brings this one */
  grantedBy: string;
  place: 'toolbar' | 'row' | 'both';
  /** the toolbar icon, by the same names as the server's buttons (`buttonIcons.tsx`); none when absent */
  source?: string;
}

const PLACES = { toolbar: 1, row: 2, both: 3 } as const;

/** The buttons granted to the user on this menu, in the server's order, with the extra buttons
 * their granting buttons bring. No menu, no buttons. */
export function menuButtons(menuCode: string | undefined, extras: ExtraButton[] = []): API.MenuButton[] {
  const granted = menuCode ? getButton(menuCode) : [];
  const added = extras.flatMap((x, i) => {
    const by = granted.find((b) => b.alias === x.grantedBy);
    if (!by) return [];
    const button: API.MenuButton = {
      id: `${by.id}-${x.alias}`,
      parentId: by.parentId,
      code: `${menuCode}_${x.alias}`,
      name: x.name,
      alias: x.alias,
      path: '',
      action: PLACES[x.place],
      source: x.source,
      sort: (by.sort ?? 0) + (i + 1) / 1000,
    };
    return [button];
  });
  return [...granted, ...added].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
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
