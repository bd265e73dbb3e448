// Login and refresh calls on the wire (SPEC §3, §7; api-contract §2.1).
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../tests/fetchMock';
import { messages, settle } from '../../tests/helpers';
import { getCaptcha, login, refreshAccessToken } from './auth';

const form = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));

describe('login', () => {
  it('posts the captcha grant as a form with md5 password and the login headers', async () => {
    const { calls } = mockFetch(() =>
      json({ access_token: 'A', token_type: 'bearer', refresh_token: 'R', expires_in: 3600, account: 'admin' }),
    );
    const reply = await login({ tenantId: '000000', username: 'admin', password: 'admin', code: 'x7k2p', captchaKey: 'K1' });
    expect(reply).toMatchObject({ access_token: 'A', account: 'admin' });
    const call = calls[0];
    expect(call.url).toBe('/api/keeper-auth/oauth/token');
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers.authorization).toBe('Basic c3dvcmQ6c3dvcmRfc2VjcmV0');
    expect(call.headers['tenant-id']).toBe('000000');
    expect(call.headers['captcha-key']).toBe('K1');
    expect(call.headers['captcha-code']).toBe('x7k2p');
    expect(call.headers['keeper-auth']).toBeUndefined();
    expect(form(call.body)).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
      code: 'x7k2p',
    });
  });

  it('returns the flat error of a failed login without any toast (HTTP 200 or 400)', async () => {
    mockFetch(() => json({ error_code: 400, error_description: '用户名或密码不正确' }));
    expect(await login({ tenantId: '000000', username: 'a', password: 'b', code: 'c', captchaKey: 'k' })).toEqual({
      error_code: 400,
      error_description: '用户名或密码不正确',
    });
    mockFetch(() => json({ error_code: 400, error_description: '验证码不正确' }, 400));
    expect(await login({ tenantId: '000000', username: 'a', password: 'b', code: 'c', captchaKey: 'k' })).toEqual({
      error_code: 400,
      error_description: '验证码不正确',
    });
    mockFetch(() => json({ code: 400, success: false, msg: '登录错误次数过多,请稍后再试', data: {} }, 400));
    expect(await login({ tenantId: '000000', username: 'a', password: 'b', code: 'c', captchaKey: 'k' })).toEqual({
      error_code: 400,
      error_description: '登录错误次数过多,请稍后再试',
    });
    await settle();
    expect(messages()).toEqual([]);
  });
});

describe('refreshAccessToken', () => {
  it('posts the refresh grant', async () => {
    const { calls } = mockFetch(() => json({ access_token: 'A2', token_type: 'bearer', expires_in: 3600 }));
    await refreshAccessToken({ refreshToken: 'R1', tenantId: '100001' });
    expect(form(calls[0].body)).toEqual({
      grant_type: 'refresh_token',
      scope: 'all',
      refresh_token: 'R1',
      tenantId: '100001',
    });
    expect(calls[0].headers['tenant-id']).toBe('100001');
  });
});

describe('getCaptcha', () => {
  it('reads {key, image} without a token', async () => {
    localStorage.setItem('sword-token', 'bearer OLD');
    const { calls } = mockFetch(() => json({ key: 'K', image: 'data:image/png;base64,iVBOR' }));
    expect(await getCaptcha()).toEqual({ key: 'K', image: 'data:image/png;base64,iVBOR' });
    expect(calls[0].url).toBe('/api/keeper-auth/oauth/captcha');
    expect(calls[0].headers['keeper-auth']).toBeUndefined();
  });
});
