import { describe, expect, it } from 'vitest';
import { MENUS } from '../tests/menus';
import access, { isAdmin } from './access';

const state = (over: Record<string, unknown> = {}) =>
  ({
    currentUser: { account: 'clerk', tenant_id: '100001' },
    menus: MENUS,
    buttons: [{ code: 'user', buttons: [{ code: 'user_add' }] }],
    ...over,
  }) as any;

describe('access (pure function of the initial state)', () => {
  it('opens routes whose path matches a returned menu, and their sub-screens', () => {
    const a = access(state());
    expect(a.canMenu({ path: '/system/user' })).toBe(true);
    expect(a.canMenu({ path: '/system/user/list' })).toBe(true);
    expect(a.canMenu({ path: '/system/user/edit/:id' })).toBe(true);
    expect(a.canMenu({ path: '/outputValue/report' })).toBe(true);
  });

  it('closes routes no menu leads to, even under a returned parent', () => {
    const a = access(state());
    expect(a.canMenu({ path: '/system/dept/list' })).toBe(false);
    expect(a.canMenu({ path: '/system/usergroup' })).toBe(false);
    expect(a.canMenu({ path: '/investment/trackProject' })).toBe(false);
    expect(a.canMenu({ path: undefined })).toBe(false);
    expect(a.canMenu(undefined)).toBe(false);
  });

  it('opens nothing without a signed-in user or without menus', () => {
    expect(access(state({ currentUser: undefined })).canMenu({ path: '/system/user' })).toBe(false);
    expect(access(state({ menus: [] })).canMenu({ path: '/system/user' })).toBe(false);
    expect(access(undefined).signedIn).toBe(false);
    expect(access(undefined).canMenu({ path: '/system/user' })).toBe(false);
  });

  it('marks the administrator by account admin only', () => {
    expect(access(state()).canAdmin).toBe(false);
    expect(access(state({ currentUser: { account: 'admin' } })).canAdmin).toBe(true);
    expect(access(state({ currentUser: { account: 'Admin' } })).canAdmin).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('answers button codes from the stored buttons', () => {
    const a = access(state());
    expect(a.canButton('user_add')).toBe(true);
    expect(a.canButton('user_delete')).toBe(false);
  });

  it('returns the same answers for the same state (no hidden inputs)', () => {
    localStorage.setItem('sword-routes', JSON.stringify([]));
    const a = access(state());
    const b = access(state());
    expect(a.canMenu({ path: '/system/param/list' })).toBe(b.canMenu({ path: '/system/param/list' }));
    expect(a.canMenu({ path: '/system/param/list' })).toBe(true);
  });
});
