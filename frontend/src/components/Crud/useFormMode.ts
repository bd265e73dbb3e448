//! The mode of an entity's form page, read from the route it was matched by. One `form.tsx` per
//! entity serves `<base>/add`, `<base>/add/:id`, `<base>/edit/:id` and `<base>/view/:id` (see
//! `crud()` in config/routes.ts), so the route table stays the one place that says which screen is
//! which, instead of a page file per mode.
import { useRouteData } from '@umijs/max';
import type { CrudMode } from './useRecordForm';

const MODES: readonly CrudMode[] = ['add', 'edit', 'view'];

/**
 * The mode a route pattern names: its last segment once the trailing parameters are dropped
 * (`/system/dept/add/:id` → 'add'). The pattern, not the URL, is read so that an id that happens to
 * be "view" cannot change the mode.
 */
export function formModeOf(path: string | undefined): CrudMode | undefined {
  const segments = (path ?? '').split('/').filter(Boolean);
  while (segments.length && segments[segments.length - 1].startsWith(':')) segments.pop();
  const last = segments[segments.length - 1];
  return MODES.find((m) => m === last);
}

/** The mode of the current form page; a route that names none is a mistake in the route table. */
export function useFormMode(): CrudMode {
  const path = useRouteData()?.route?.path;
  const mode = formModeOf(path);
  if (!mode) throw new Error(`useFormMode: route ${path ?? '(none)'} is not an add, edit or view route`);
  return mode;
}
