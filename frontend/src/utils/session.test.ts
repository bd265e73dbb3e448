// Session handling (SPEC §2, §4, §6, §9): token times, refresh with concurrent requests, expiry,
// logout and where it leads. Only `fetch` is fake.
import { createHistory } from '@@/core/history';
import { request } from '@umijs/max';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch, ok, type RecordedRequest } from '../../tests/fetchMock';
import { advance, currentUrl, goTo, messages, settle, signIn } from '../../tests/helpers';
import {
  getButton,
  getSessionExpireTime,
  getToken,
  getTokenCreateTime,
  getTokenExpireTime,
  SESSION_KEYS,
  setButtons,
  STORAGE_KEYS,
  UNAUTHORISED_CLEARED_KEYS,
} from './authority';
import { logout, REFRESH_LIFETIME_MS, saveToken, tokenState } from './session';

const T0 = Date.UTC(2025, 0, 6, 1, 0, 0);
const isTokenCall = (r: RecordedRequest) => r.url === '/api/keeper-auth/oauth/token';
const form = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(String(r.body)));

describe('saveToken', () => {
  it('stores the sword-* items with expiry = time received + expires_in', () => {
    saveToken(
      { access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 3600 },
      { now: T0 },
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer A');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('A');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R');
    expect(getTokenCreateTime()).toBe(T0);
    expect(getTokenExpireTime()).toBe(T0 + 3600_000);
    // no refresh_expires_in in the reply: the refresh token is assumed to live 7 days
    expect(getSessionExpireTime()).toBe(T0 + REFRESH_LIFETIME_MS);
    expect(REFRESH_LIFETIME_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('uses refresh_expires_in when the reply has it', () => {
    saveToken(
      { access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 600, refresh_expires_in: 7200 },
      { now: T0 },
    );
    expect(getSessionExpireTime()).toBe(T0 + 7200_000);
  });

  it('a refresh without refresh_expires_in keeps the session end', () => {
    saveToken({ access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 3600 }, { now: T0 });
    saveToken(
      { access_token: 'B', token_type: 'bearer', refresh_token: 'R2', expires_in: 3600 },
      { now: T0 + 3_000_000, refresh: true },
    );
    expect(getToken()).toBe('bearer B');
    expect(getTokenExpireTime()).toBe(T0 + 3_000_000 + 3600_000);
    expect(getSessionExpireTime()).toBe(T0 + REFRESH_LIFETIME_MS);
  });
});

describe('tokenState', () => {
  it('walks valid → refresh (5-minute window) → expired', () => {
    saveToken({ access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 3600 }, { now: T0 });
    expect(tokenState(T0)).toBe('valid');
    expect(tokenState(T0 + 3600_000 - 5 * 60_000 - 1)).toBe('valid');
    expect(tokenState(T0 + 3600_000 - 5 * 60_000)).toBe('refresh');
    expect(tokenState(T0 + 3600_000 + 1)).toBe('refresh');
    expect(tokenState(T0 + REFRESH_LIFETIME_MS - 1)).toBe('refresh');
    expect(tokenState(T0 + REFRESH_LIFETIME_MS)).toBe('expired');
  });

  it('never lets the window swallow more than half of a short token', () => {
    saveToken({ access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 60 }, { now: T0 });
    expect(tokenState(T0 + 29_000)).toBe('valid');
    expect(tokenState(T0 + 30_000)).toBe('refresh');
  });

  it('is none without a token', () => {
    expect(tokenState()).toBe('none');
  });
});

describe('refresh', () => {
  it('refreshes once while concurrent requests wait, then sends them with the new token', async () => {
    vi.useFakeTimers({ now: T0 });
    signIn({ now: T0, expiresIn: 3600 });
    goTo('/home');
    await advance(3600_000); // the access token has expired, the session has not
    expect(tokenState()).toBe('refresh');

    const tokenReply = deferred<Response>();
    const { calls } = mockFetch((req) => {
      if (isTokenCall(req)) return tokenReply.promise;
      return ok({ path: req.url });
    });
    const results = Promise.all([
      request('/keeper-system/a'),
      request('/keeper-system/b'),
      request('/keeper-system/c', { method: 'POST', data: { x: 1 } }),
    ]);
    await advance(0);
    expect(calls.filter(isTokenCall)).toHaveLength(1);
    expect(calls.filter((c) => !isTokenCall(c))).toHaveLength(0);
    expect(form(calls[0])).toEqual({
      grant_type: 'refresh_token',
      scope: 'all',
      refresh_token: 'R1',
      tenantId: '000000',
    });
    expect(calls[0].headers['keeper-auth']).toBeUndefined();
    expect(calls[0].headers.authorization).toBe('Basic c3dvcmQ6c3dvcmRfc2VjcmV0');

    tokenReply.resolve(
      json({ access_token: 'A2', token_type: 'bearer', refresh_token: 'R2', expires_in: 3600 }),
    );
    const answers = await results;
    expect(answers.map((a: any) => a.data.path)).toEqual([
      '/api/keeper-system/a',
      '/api/keeper-system/b',
      '/api/keeper-system/c',
    ]);
    const sent = calls.filter((c) => !isTokenCall(c));
    expect(sent).toHaveLength(3);
    sent.forEach((c) => expect(c.headers['keeper-auth']).toBe('bearer A2'));
    expect(getToken()).toBe('bearer A2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R2');
    expect(getTokenExpireTime()).toBe(Date.now() + 3600_000);

    // the next request uses the new token without another refresh
    await request('/keeper-system/d');
    expect(calls.filter(isTokenCall)).toHaveLength(1);
  });

  it('a failed refresh tells the user to log in again and logs out', async () => {
    vi.useFakeTimers({ now: T0 });
    signIn({ now: T0 });
    goTo('/account/center');
    await advance(3600_000);
    const { calls } = mockFetch((req) =>
      isTokenCall(req)
        ? json({ error_code: 401, error_description: '令牌授权已过期' }, 400)
        : ok({}),
    );
    await expect(request('/keeper-system/a')).rejects.toMatchObject({ name: 'SessionError' });
    await advance(0);
    expect(calls.filter((c) => !isTokenCall(c))).toHaveLength(0);
    expect(messages('error')).toEqual(['登录已过期，请重新登录']);
    expect(getToken()).toBeNull();
    expect(currentUrl()).toBe('/user/login?redirect=%2Faccount%2Fcenter');
  });

  it('when both tokens expired the user is told to log in again and nothing is sent', async () => {
    vi.useFakeTimers({ now: T0 });
    signIn({ now: T0 });
    goTo('/home');
    await advance(REFRESH_LIFETIME_MS + 1);
    expect(tokenState()).toBe('expired');
    const { calls } = mockFetch(() => ok({}));
    await expect(request('/keeper-system/a')).rejects.toMatchObject({ name: 'SessionError' });
    await advance(0);
    expect(calls).toHaveLength(0);
    expect(messages('error')).toEqual(['登录已过期，请重新登录']);
    expect(getToken()).toBeNull();
    expect(currentUrl()).toBe('/user/login?redirect=%2Fhome');
  });
});

describe('no token', () => {
  it('on a non-public path logs out and sends nothing', async () => {
    goTo('/system/user/list');
    const { calls } = mockFetch(() => ok({}));
    await expect(request('/keeper-system/user/list')).rejects.toMatchObject({ name: 'SessionError' });
    expect(calls).toHaveLength(0);
    expect(currentUrl()).toBe('/user/login?redirect=%2Fsystem%2Fuser%2Flist');
  });

  it('on a public path the call goes out without Keeper-Auth', async () => {
    goTo('/dataAnalysis/screen');
    const { calls } = mockFetch(() => ok([1]));
    await request('/dataAnalysis/overview');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['keeper-auth']).toBeUndefined();
    expect(window.location.pathname).toBe('/dataAnalysis/screen');
  });
});

describe('logout', () => {
  const fill = () => {
    SESSION_KEYS.forEach((k) => localStorage.setItem(k, 'x'));
    localStorage.setItem('umi_locale', 'en-US');
  };

  it('clears every SPEC §4 item (and the rest of the session), keeps other settings', () => {
    fill();
    goTo('/home');
    logout();
    UNAUTHORISED_CLEARED_KEYS.forEach((k) => expect(localStorage.getItem(k)).toBeNull());
    SESSION_KEYS.forEach((k) => expect(localStorage.getItem(k)).toBeNull());
    expect(UNAUTHORISED_CLEARED_KEYS).toEqual(
      expect.arrayContaining([
        'sword-authority',
        'sword-token',
        'sword-top-menus',
        'sword-routes',
        'sword-buttons',
        'sword-current-user',
        'sword-captcha-key',
        'sword-refresh-token',
        'sword-token-expire-time',
        'sword-session-expire-time',
      ]),
    );
    expect(localStorage.getItem('umi_locale')).toBe('en-US');
  });

  it('goes to the login page with the current page as redirect', () => {
    goTo('/account/settings/base?tab=1');
    logout();
    expect(currentUrl()).toBe(`/user/login?redirect=${encodeURIComponent('/account/settings/base?tab=1')}`);
  });

  it('stays put on the login page', () => {
    goTo('/user/login?redirect=%2Fhome');
    logout();
    expect(currentUrl()).toBe('/user/login?redirect=%2Fhome');
  });

  it('keeps a redirect that is already set', () => {
    goTo('/exception?redirect=%2Fsystem%2Fuser');
    logout();
    expect(currentUrl()).toBe('/user/login?redirect=%2Fsystem%2Fuser');
  });

  it('works under a router base', () => {
    window.routerBase = '/keeper/';
    createHistory({ type: 'browser', basename: '/keeper/' });
    try {
      goTo('/home');
      expect(window.location.pathname).toBe('/keeper/home');
      logout();
      expect(window.location.pathname).toBe('/keeper/user/login');
      expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/home');
    } finally {
      delete window.routerBase;
      createHistory({ type: 'browser', basename: '/' });
    }
  });
});

describe('buttons', () => {
  it('a lookup by menu code gives its buttons, or an empty list', () => {
    setButtons([{ code: 'user', buttons: [{ id: '1', parentId: '0', code: 'user_add', name: '新增', alias: 'add', path: '/system/user/add' }] }]);
    expect(getButton('user').map((b) => b.code)).toEqual(['user_add']);
    expect(getButton('dept')).toEqual([]);
  });
});

it('settles antd holders', async () => {
  await settle();
});
