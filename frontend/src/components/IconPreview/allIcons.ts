//! Every outlined icon by its stored name. Only the lazily loaded parts (the picker's grid, a preview of
//! an icon the app does not bundle) import this, so the whole set stays out of the first screens.
import type React from 'react';
import { iconName } from './names';
import * as Outlined from './outlinedIcons';

export interface IconEntry {
  name: string;
  Icon: React.ComponentType<{ style?: React.CSSProperties }>;
}

export const ALL_ICONS: IconEntry[] = Object.entries(Outlined)
  .map(([component, Icon]) => ({ name: iconName(component), Icon: Icon as IconEntry['Icon'] }))
  .sort((a, b) => a.name.localeCompare(b.name));
