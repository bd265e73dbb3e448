// The OAuth client screens in the whole app against a fake back end: the secret is required only when
// creating, can be generated, is never shown, and an empty one on edit is not sent (the server keeps
// the stored secret); grant types are checkboxes; token lifetimes read in days and hours.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonIn, last } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons } from '../../../../tests/fixtures';
import { toSubmit } from './components/ClientForm';
import { humanDuration } from './components/duration';

const SWORD = {
  id: '5',
  clientId: 'sword',
  resourceIds: '',
  scope: 'all',
  authorizedGrantTypes: 'password,captcha,refresh_token',
  webServerRedirectUri: '',
  authorities: '',
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
  additionalInformation: '',
  autoapprove: '',
  status: 1,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-02 00:00:00',
};

function clientBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok([menu('system', '系统管理', '/system', 99, [menu('client', '应用管理', '/system/client', 10)])]),
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'client', parentId: 'system', code: 'client', name: '应用管理', alias: 'menu', path: '/system/client', children: crudButtons('client') }]),
    '/api/keeper-system/client/list': () => ok({ records: [SWORD], total: 1, size: 10, current: 1, pages: 1 }),
    '/api/keeper-system/client/detail': () => ok(SWORD),
    ...over,
  });
}

describe('client screens', () => {
  it('lists the clients with their grant types and lifetimes in hours and days', async () => {
    signIn();
    clientBackend();
    await renderApp('/system/client/list');
    const row = (await screen.findByText('sword')).closest('tr') as HTMLElement;
    for (const text of ['password', 'captcha', 'refresh_token', '1 小时', '7 天']) expect(row.textContent).toContain(text);
  });

  it('creates a client: the secret is required, can be generated, and goes out with the checked grant types', async () => {
    signIn();
    const { calls } = clientBackend({ '/api/keeper-system/client/submit': () => ok({ id: '6' }) });
    const app = await renderApp('/system/client/add');
    fireEvent.change(await screen.findByLabelText('客户端ID'), { target: { value: 'bigscreen' } });
    await submitForm('client-form');
    expect(await screen.findByText('请输入客户端密钥')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/client/submit')).toBe(false);
    await act(async () => {
      fireEvent.click(buttonIn(document, '随机生成'));
    });
    const secret = (screen.getByLabelText('客户端密钥') as HTMLInputElement).value;
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    // a grant type unticked, and a lifetime in seconds with its reading
    await act(async () => {
      fireEvent.click(screen.getByLabelText('验证码登录 (captcha)'));
    });
    fireEvent.change(screen.getByLabelText('访问令牌有效期'), { target: { value: '7200' } });
    expect(await screen.findByText('= 2 小时')).toBeTruthy();
    await submitForm('client-form');
    await waitFor(() => expect(app.location()).toBe('/system/client/list'));
    expect(body(last(calls, '/api/keeper-system/client/submit')!)).toEqual({
      clientId: 'bigscreen',
      clientSecret: secret,
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 7200,
      refreshTokenValidity: 604800,
      resourceIds: '',
      webServerRedirectUri: '',
      authorities: '',
      additionalInformation: '',
      autoapprove: '',
    });
  });

  it('edits a client without sending a secret unless one is typed', async () => {
    signIn();
    const { calls } = clientBackend({ '/api/keeper-system/client/submit': () => ok({ id: '5' }) });
    await renderApp('/system/client/edit/5');
    const id = (await screen.findByLabelText('客户端ID')) as HTMLInputElement;
    await waitFor(() => expect(id.value).toBe('sword'));
    const secret = screen.getByLabelText('客户端密钥') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('留空则保持原密钥不变');
    await submitForm('client-form');
    await waitFor(() => expect(last(calls, '/api/keeper-system/client/submit')).toBeTruthy());
    const sent = body(last(calls, '/api/keeper-system/client/submit')!);
    expect(sent).toMatchObject({ id: '5', clientId: 'sword', authorizedGrantTypes: 'password,captcha,refresh_token', accessTokenValidity: 3600 });
    expect(sent).not.toHaveProperty('clientSecret');
  });

  it('shows a client read-only, its secret hidden', async () => {
    signIn();
    clientBackend();
    await renderApp('/system/client/view/5');
    await waitFor(() => {
      const text = document.querySelector('form#client-form')!.textContent!;
      for (const t of ['sword', '已加密保存，不可查看', '3600 秒（1 小时）', '604800 秒（7 天）']) expect(text).toContain(t);
    });
    expect(document.querySelector('form#client-form button[type="submit"]')).toBeNull();
  });

  it('reads seconds as days, hours and minutes, and keeps an empty secret out of the body', () => {
    const units = { day: '天', hour: '小时', minute: '分钟', second: '秒' };
    expect(humanDuration(90061, units)).toBe('1 天 1 小时 1 分钟 1 秒');
    expect(humanDuration(0, units)).toBe('0 秒');
    expect(toSubmit({ clientId: 'a', clientSecret: '', authorizedGrantTypes: ['password'] }, '1')).not.toHaveProperty('clientSecret');
    expect(toSubmit({ clientId: 'a', clientSecret: ' s3cret ', authorizedGrantTypes: ['password'] }).clientSecret).toBe(' s3cret ');
  });
});
