//! Icon names as the server stores them in `source` (antd v3 kebab-case, `line-chart`), and which of
//! them the side menu and the list buttons can draw today (they bundle a fixed set: src/utils/icons.tsx
//! and components/Crud/buttonIcons.tsx).
import { buttonIcon } from '@/components/Crud/buttonIcons';
import { menuIcon } from '@/utils/icons';
import type React from 'react';

/** `LineChartOutlined` → `line-chart`. */
export function iconName(component: string): string {
  return component
    .replace(/Outlined$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** What the icon is for: a side-menu entry, a list button, or a place that draws any icon (the top
 * menus of the header load the chunk of every icon when they need it). */
export type IconUse = 'menu' | 'button' | 'any';

/** The bundled drawing of `name` for that use, or undefined. */
export function bundledIcon(name: string | undefined, use: IconUse): React.ReactNode {
  if (!name) return undefined;
  if (use === 'button') return buttonIcon(name);
  if (use === 'menu') return menuIcon(name);
  return menuIcon(name) ?? buttonIcon(name);
}

/** Whether the place the icon is for draws it. */
export function isShown(name: string, use: IconUse): boolean {
  return use === 'any' || bundledIcon(name, use) !== undefined;
}
