// Self-registration in the whole app against a fake back end: a public page (no session), the
// password checked twice and sent as md5 without a token, the result page telling the account waits
// for approval, and the server's refusals shown in the form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { submitForm } from '../../../../tests/helpers';
import { body, roleIn } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';

const REGISTER = '/api/keeper-system/user/register';

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
  }
}

const GOOD = { 租户编号: '482913', 账号: 'li.ming', 姓名: '李明', 密码: 'Park#2026', 确认密码: 'Park#2026', 手机号码: '13800000002', 邮箱: 'li@park.example' };

describe('registration', () => {
  it('checks the form before sending anything', async () => {
    const { calls } = backend();
    await renderApp('/user/register');
    await screen.findByLabelText('租户编号');
    await submitForm('register');
    for (const text of ['请输入租户编号', '请输入账号', '请输入姓名', '请输入密码', '请输入确认密码']) expect(await screen.findByText(text)).toBeTruthy();
    // a 7-digit number is a landline without its area code, not a mobile number
    await fill({ 租户编号: '48x', 账号: 'li ming', 密码: '123', 确认密码: '124', 手机号码: '6335000', 邮箱: 'nope' });
    await submitForm('register');
    for (const text of ['租户编号应为数字', '只能包含字母、数字和 _ . @ -', '密码最少6个字符', '两次输入的密码不一致', '请输入 11 位手机号码', '邮箱格式不正确，应如 name@example.com']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls.some((c) => path(c) === REGISTER)).toBe(false);
  });

  it('registers with the md5 of the password and no token, then says the account waits for approval', async () => {
    const { calls } = backend({ [REGISTER]: () => ok({ account: 'li.ming', status: 3 }) });
    const app = await renderApp('/user/register');
    await fill(GOOD);
    await submitForm('register');
    await waitFor(() => expect(app.location()).toBe('/user/register-result?account=li.ming&tenantId=482913'));
    const sent = calls.find((c) => path(c) === REGISTER)!;
    expect(sent.headers['keeper-auth']).toBeUndefined();
    expect(body(sent)).toEqual({
      tenantId: '482913',
      account: 'li.ming',
      realName: '李明',
      // md5('Park#2026')
      password: '1fa7cb010194d9942679f071fe281c9d',
      phone: '13800000002',
      email: 'li@park.example',
    });
    expect(await screen.findByText('注册申请已提交')).toBeTruthy();
    expect(screen.getByText(/账号 li\.ming 已提交到租户 482913，需等待该租户的管理员审核通过后才能登录/)).toBeTruthy();
  });

  it("shows the server's refusal when the tenant does not take registrations", async () => {
    backend({ [REGISTER]: () => json({ code: 400, success: false, msg: '该租户未开放用户注册', data: {} }, 400) });
    const app = await renderApp('/user/register');
    await fill(GOOD);
    await submitForm('register');
    expect((await waitFor(() => roleIn(document, 'alert'))).textContent).toContain('该租户未开放用户注册');
    expect(app.location()).toBe('/user/register');
  });

  it('puts a taken account on the account field', async () => {
    backend({
      [REGISTER]: () =>
        json({ code: 400, success: false, msg: 'account: 当前用户 [li.ming] 已存在!', data: { field: 'account', reason: '当前用户 [li.ming] 已存在!' } }, 400),
    });
    await renderApp('/user/register');
    await fill(GOOD);
    await submitForm('register');
    const reason = await screen.findByText('当前用户 [li.ming] 已存在!');
    expect(reason.closest('.ant-form-item')!.querySelector('#register_account')).toBeTruthy();
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
