import { describe, expect, it } from 'vitest';
import routes from '../../../config/routes';
import { formModeOf } from './useFormMode';

describe('formModeOf', () => {
  it('reads the mode from the route pattern, past its trailing parameters', () => {
    expect(formModeOf('/system/dept/add')).toBe('add');
    expect(formModeOf('/system/dept/add/:id')).toBe('add');
    expect(formModeOf('/authority/role/add/:parentId')).toBe('add');
    expect(formModeOf('/system/user/edit/:id')).toBe('edit');
    expect(formModeOf('/resource/oss/view/:id')).toBe('view');
  });

  it('names no mode for other routes', () => {
    expect(formModeOf('/system/dept/list')).toBeUndefined();
    expect(formModeOf('/system/dict/sub/:parentId')).toBeUndefined();
    expect(formModeOf(undefined)).toBeUndefined();
  });

  it('finds a mode for every route of a shared form page, matching its title', () => {
    const forms = (routes as { path: string; component?: string; title?: string }[]).filter((r) => r.component?.endsWith('/form'));
    expect(forms.length).toBeGreaterThan(0);
    forms.forEach((r) => expect(r.title, r.path).toBe(`${r.title!.replace(/\.(add|edit|view)$/, '')}.${formModeOf(r.path)}`));
  });
});
