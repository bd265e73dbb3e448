import { describe, expect, it } from 'vitest';
import { isPublicPath, loginUrlFor, redirectTarget, routerBase, toAppPath } from './location';

describe('router base', () => {
  it('defaults to / and follows window.routerBase', () => {
    expect(routerBase()).toBe('/');
    window.routerBase = '/park';
    try {
      expect(routerBase()).toBe('/park/');
      expect(toAppPath('/park/system/user')).toBe('/system/user');
      expect(toAppPath('/park')).toBe('/');
      expect(toAppPath('/other')).toBe('/other');
    } finally {
      delete window.routerBase;
    }
  });
});

describe('public paths', () => {
  it('are the ones beginning /dataAnalysis and /user', () => {
    expect(isPublicPath('/user/login')).toBe(true);
    expect(isPublicPath('/user')).toBe(true);
    expect(isPublicPath('/dataAnalysis')).toBe(true);
    expect(isPublicPath('/dataAnalysis/bigScreen')).toBe(true);
    expect(isPublicPath('/system/user')).toBe(false);
    expect(isPublicPath('/account/center')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});

describe('login redirects', () => {
  it('carries the current page unless a redirect is already set', () => {
    expect(loginUrlFor('/system/user/list', '?current=2')).toBe(
      '/user/login?redirect=%2Fsystem%2Fuser%2Flist%3Fcurrent%3D2',
    );
    expect(loginUrlFor('/exception', '?redirect=%2Fhome')).toBe('/user/login?redirect=%2Fhome');
    expect(loginUrlFor('/user/login', '?redirect=%2Fhome')).toBeNull();
    expect(loginUrlFor('/user/login', '')).toBeNull();
  });

  it('sends a signed-in user to an app path only', () => {
    expect(redirectTarget('?redirect=%2Fsystem%2Fuser%3Fa%3D1')).toBe('/system/user?a=1');
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Fuser%2Flogin')).toBe('/');
  });
});
