// The sign-in screen, in the whole app, against a fake back end behind fetch.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json } from '../../../../tests/fetchMock';
import { renderApp } from '../../../../tests/renderApp';
import { messages, submitForm } from '../../../../tests/helpers';
import { STORAGE_KEYS } from '@/utils/authority';

const form = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));

async function fillAndSubmit(code = 'x7k2p') {
  fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: code } });
  await submitForm('login');
}

describe('login page', () => {
  it('shows the captcha image, refreshes it on click and stores its key', async () => {
    const { calls } = backend();
    await renderApp('/user/login');
    const img = (await screen.findByAltText('验证码')) as HTMLImageElement;
    expect(img.src).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(localStorage.getItem(STORAGE_KEYS.captchaKey)).toBe('K1');
    expect((screen.getByLabelText('租户编号') as HTMLInputElement).value).toBe('000000');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '看不清？点击刷新' }));
    });
    await waitFor(() =>
      expect(calls.filter((c) => path(c) === '/api/keeper-auth/oauth/captcha')).toHaveLength(2),
    );
  });

  it('signs in: md5 password, captcha headers, stored session, then the redirect page', async () => {
    const { calls } = backend();
    const app = await renderApp('/user/login', '?redirect=%2Faccount%2Fcenter');
    await screen.findByAltText('验证码');
    await fillAndSubmit();
    await waitFor(() => expect(app.location()).toBe('/account/center'), { timeout: 5000 });

    const token = calls.find((c) => path(c) === '/api/keeper-auth/oauth/token')!;
    expect(form(token.body)).toMatchObject({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
      code: 'x7k2p',
    });
    expect(token.headers['tenant-id']).toBe('000000');
    expect(token.headers['captcha-key']).toBe('K1');
    expect(token.headers['captcha-code']).toBe('x7k2p');

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('bearer A1');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('A1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R1');
    expect(Number(localStorage.getItem(STORAGE_KEYS.tokenExpireTime))).toBeGreaterThan(Date.now());
    expect(Number(localStorage.getItem(STORAGE_KEYS.sessionExpireTime))).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(localStorage.getItem(STORAGE_KEYS.tokenCreateTime)).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authority)!)).toEqual(['administrator']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.routes)!)).not.toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.buttons)!)[0].code).toBe('user');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.topMenus)!)[0].code).toBe('park');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!)).toMatchObject({
      account: 'admin',
      tenant_id: '000000',
    });
    const later = calls.filter((c) => path(c) !== '/api/keeper-auth/oauth/token' && path(c) !== '/api/keeper-auth/oauth/captcha');
    expect(later.length).toBeGreaterThan(0);
    later.forEach((c) => expect(c.headers['keeper-auth']).toBe('bearer A1'));

    // the account centre of the signed-in user
    expect(await screen.findByText('管理组')).toBeTruthy();
  });

  it('shows the server error_description in the form, toasts nothing, and renews the captcha', async () => {
    const { calls } = backend({
      '/api/keeper-auth/oauth/token': () => json({ error_code: 400, error_description: '用户名或密码不正确' }),
    });
    const app = await renderApp('/user/login');
    await screen.findByAltText('验证码');
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('用户名或密码不正确');
    expect(messages()).toEqual([]);
    expect(app.location()).toBe('/user/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => path(c) === '/api/keeper-auth/oauth/captcha')).toHaveLength(2),
    );
  });

  it('does not sign in when the server returns no menus', async () => {
    backend({ '/api/keeper-system/menu/routes': () => json({ code: 200, success: true, msg: '', data: [] }) });
    const app = await renderApp('/user/login');
    await screen.findByAltText('验证码');
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('未获得可用的菜单');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(app.location()).toBe('/user/login');
  });

  it('requires the fields with the default form messages', async () => {
    const { calls } = backend();
    await renderApp('/user/login');
    await screen.findByAltText('验证码');
    await submitForm('login');
    // antd validates the fields one promise each: a message may show a render after the first one
    for (const text of ['请输入账号', '请输入密码', '请输入验证码']) expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.filter((c) => path(c) === '/api/keeper-auth/oauth/token')).toHaveLength(0);
  });
});
