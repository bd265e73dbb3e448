// The signed-in shell: home page, server menus in the layout, paths without a page, language switch.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@umijs/max';
import { describe, expect, it } from 'vitest';
import { backend } from '../../../tests/backend';
import { signIn } from '../../../tests/helpers';
import { renderApp } from '../../../tests/renderApp';

describe('home', () => {
  it('shows the user, the tenant and the modules from the returned menus', async () => {
    signIn();
    backend();
    const app = await renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/index'));
    expect(await screen.findByText('欢迎，管理员')).toBeTruthy();
    expect(screen.getByText('管理组 (000000)')).toBeTruthy();
    expect(screen.getByText('管理员', { selector: '.ant-tag' })).toBeTruthy();

    const system = screen.getByTestId('module-system');
    expect(within(system).getByText('系统管理')).toBeTruthy();
    expect(within(system).getByText('用户管理')).toBeTruthy();
    // the system screens are built, and so are both output value screens in the menus (产值填报 and
    // 年度产值分解)
    expect(within(system).queryAllByText('暂未开放')).toHaveLength(0);
    expect(within(screen.getByTestId('module-output_value')).queryAllByText('暂未开放')).toHaveLength(0);
    expect(screen.getByTestId('module-output_value')).toBeTruthy();
    expect(document.title).toBe('首页 - 经济调度平台');
  });

  it('answers a path outside the route table with the 404 page', async () => {
    signIn();
    backend();
    // every route of the table has its page now: a stale or mistyped menu path lands here
    await renderApp('/outputValue/noSuchScreen');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeTruthy();
  });

  it('sends a visitor without a session to the login page with the page as redirect', async () => {
    const { calls } = backend();
    const app = await renderApp('/account/center');
    await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Faccount%2Fcenter'));
    expect(calls.filter((c) => !c.url.includes('/oauth/captcha'))).toHaveLength(0);
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy();
  });

  it('switches to English with the language menu', async () => {
    signIn();
    backend();
    await renderApp('/home');
    expect(await screen.findByText('欢迎，管理员')).toBeTruthy();
    const lang = document.querySelector(
      '.ant-pro-global-header-header-actions-item .ant-dropdown-trigger',
    ) as Element;
    await act(async () => {
      fireEvent.mouseEnter(lang);
    });
    const english = await screen.findByText(/English/, undefined, { timeout: 3000 });
    await act(async () => {
      fireEvent.click(english);
    });
    expect(await screen.findByText('Welcome, 管理员')).toBeTruthy();
    expect(screen.getByText('Your modules')).toBeTruthy();
    // server menus get their English names
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    expect(localStorage.getItem('umi_locale')).toBe('en-US');
    await act(async () => setLocale('zh-CN', false));
  });
});
