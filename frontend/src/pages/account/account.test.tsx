// Account centre and settings (own profile, password), and the exception screen, in the whole app.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { ok } from '../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../tests/helpers';
import { renderApp } from '../../../tests/renderApp';
import { getToken } from '@/utils/authority';

const INFO = {
  id: '1',
  tenantId: '000000',
  tenantName: '管理组',
  account: 'admin',
  name: 'boss',
  realName: '管理员',
  email: 'admin@park.example',
  phone: '13800000000',
  sex: 1,
  birthday: '1990-05-04 00:00:00',
  avatar: '',
  deptName: '园区',
  postName: '主任',
  roleName: '超级管理员',
};

describe('account centre', () => {
  it('shows the own profile from user/info', async () => {
    signIn();
    backend({ '/api/keeper-system/user/info': () => ok(INFO) });
    await renderApp('/account/center');
    const table = await screen.findByTestId('account-center');
    ['admin', '管理员', 'boss', '管理组', '园区', '主任', '超级管理员', '男', 'admin@park.example', '13800000000', '1990-05-04'].forEach(
      (text) => expect(table.textContent).toContain(text),
    );
    expect(document.title).toBe('个人中心 - 经济调度平台');
  });
});

describe('account settings', () => {
  it('/account/settings redirects to the base settings', async () => {
    signIn();
    backend({ '/api/keeper-system/user/info': () => ok(INFO) });
    const app = await renderApp('/account/settings');
    await waitFor(() => expect(app.location()).toBe('/account/settings/base'));
  });

  it('saves the own profile as JSON to update-info', async () => {
    signIn();
    const { calls } = backend({
      '/api/keeper-system/user/info': () => ok(INFO),
      '/api/keeper-system/user/update-info': () => ok({}, '操作成功'),
    });
    await renderApp('/account/settings/base');
    const realName = (await screen.findByLabelText('姓名')) as HTMLInputElement;
    await waitFor(() => expect(realName.value).toBe('管理员'));
    fireEvent.change(realName, { target: { value: '张主任' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'zhang@park.example' } });
    await submitForm('base-settings');
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/update-info')).toBe(true));
    const call = calls.find((c) => path(c) === '/api/keeper-system/user/update-info')!;
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(call.body))).toEqual({
      realName: '张主任',
      name: 'boss',
      email: 'zhang@park.example',
      phone: '13800000000',
      sex: '1',
      birthday: '1990-05-04 00:00:00',
      avatar: '',
    });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it("refuses an invalid email with a form message in the interface's language", async () => {
    signIn();
    const { calls } = backend({ '/api/keeper-system/user/info': () => ok(INFO) });
    await renderApp('/account/settings/base');
    const email = await screen.findByLabelText('邮箱');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('admin@park.example'));
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    await submitForm('base-settings');
    expect(await screen.findByText('邮箱格式不正确，应如 name@example.com')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/user/update-info')).toBe(false);
  });

  it('changes the password with md5 form fields and stays signed in', async () => {
    signIn();
    const { calls } = backend({ '/api/keeper-system/user/update-password': () => ok({}, '操作成功') });
    const app = await renderApp('/account/settings/password');
    fireEvent.change(await screen.findByLabelText('原密码'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: '123456' } });
    await submitForm('password');
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/update-password')).toBe(true));
    const call = calls.find((c) => path(c) === '/api/keeper-system/user/update-password')!;
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(String(call.body)))).toEqual({
      oldPassword: '21232f297a57a5a743894a0e4a801fc3',
      newPassword: 'e10adc3949ba59abbe56e057f20f883e',
      newPassword1: 'e10adc3949ba59abbe56e057f20f883e',
    });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
    expect(getToken()).toBe('bearer A1');
    expect(app.location()).toBe('/account/settings/password');
  });

  it('shows the server refusal of a wrong old password', async () => {
    signIn();
    backend({
      '/api/keeper-system/user/update-password': () =>
        new Response(JSON.stringify({ code: 400, success: false, msg: '原密码不正确!', data: {} }), { status: 400 }),
    });
    await renderApp('/account/settings/password');
    fireEvent.change(await screen.findByLabelText('原密码'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: '123456' } });
    await submitForm('password');
    await waitFor(() => expect(messages('warning')).toEqual(['原密码不正确!']));
    expect(getToken()).toBe('bearer A1');
  });
});

describe('exception screen', () => {
  it('shows errorCode and errorMessage from the query', async () => {
    signIn();
    backend();
    await renderApp('/exception', '?errorCode=503&errorMessage=%E6%9C%8D%E5%8A%A1%E4%B8%8D%E5%8F%AF%E7%94%A8');
    expect(await screen.findByText('503')).toBeTruthy();
    expect(screen.getByText('服务不可用')).toBeTruthy();
  });

  it('has 403, 404 and 500 pages', async () => {
    signIn();
    backend();
    await renderApp('/exception/403');
    expect(await screen.findByText('抱歉，你无权访问该页面')).toBeTruthy();
  });
});
