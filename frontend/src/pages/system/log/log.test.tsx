// The log screens in the whole app against a fake back end: each list with its filters (the time
// range as beginTime / endTime), the outcome tags and the tenant column of the platform's staff, the
// export of what the filters find, and the detail page with its parameters pretty-printed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { messages, signIn } from '../../../../tests/helpers';
import { buttonIn, buttonsIn, click, menuButton, pickOption, query, rowWith, searchButton, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { setCurrentUser } from '@/utils/authority';
import { grantedButtons } from '../../../../tests/fixtures';
import { prettyJson, toTimeRange } from './components/logScreens';

const LOG_MENUS = [
  menu('system', '系统管理', '/system', 99, [
    menu('log', '日志管理', '/system/log', 20, [
      menu('log_login', '登录日志', '/system/log/login', 1),
      menu('log_operation', '操作日志', '/system/log/operation', 2),
      menu('log_error', '错误日志', '/system/log/error', 3),
    ]),
  ]),
];

const buttonsOf = (code: string, kind: string) => [
  menuButton(code, 'view', 2, `/system/log/${kind}/view`, 1),
  menuButton(code, 'export', 1, `/api/keeper-log/${kind === 'operation' ? 'api' : kind}/export`, 2),
];

const LOGIN_OK = {
  id: '11', tenantId: '000000', account: 'admin', userId: '1', success: 1, message: '登录成功', grantType: 'captcha',
  clientId: 'sword', ip: '10.0.0.8', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0', createTime: '2026-11-20 08:59:01',
};
const LOGIN_BAD = { ...LOGIN_OK, id: '12', tenantId: '482913', account: 'zhang', userId: '', success: 0, message: '用户名或密码错误', createTime: '2026-11-20 09:01:44' };
const API_LOG = {
  id: '21', tenantId: '000000', serviceId: 'keeper-system', title: '新增用户', method: 'POST', requestUri: '/keeper-system/user/submit',
  params: '{"account":"li","roleId":["1","2"],"remark":"东区"}', status: 200, success: 1, time: 37, remoteIp: '10.0.0.8',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  requestId: 'req-7f3a', userId: '1', account: 'admin', createTime: '2026-11-20 10:00:00',
};
const ERROR_LOG = {
  id: '31', tenantId: '482913', serviceId: 'keeper-resource', requestId: 'req-9', method: 'POST', requestUri: '/keeper-resource/oss/test',
  params: 'id=1', exceptionName: 'StorageUnreachable', message: 'connection refused (127.0.0.1:9000)', remoteIp: '10.0.0.9',
  userAgent: 'curl/8.5', userId: '5', account: 'wang', createTime: '2026-11-20 11:00:00',
};

const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

function logBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(LOG_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () =>
      ok(grantedButtons({ log_login: buttonsOf('log_login', 'login'), log_operation: buttonsOf('log_operation', 'operation'), log_error: buttonsOf('log_error', 'error') })),
    '/api/keeper-log/login/list': () => page([LOGIN_OK, LOGIN_BAD]),
    '/api/keeper-log/api/list': () => page([API_LOG]),
    '/api/keeper-log/api/detail': () => ok(API_LOG),
    '/api/keeper-log/error/list': () => page([ERROR_LOG]),
    '/api/keeper-log/error/detail': () => ok(ERROR_LOG),
    ...over,
  });
}

const lastList = (calls: { url: string }[], kind: string) => query(calls.filter((c) => path(c as any) === `/api/keeper-log/${kind}/list`).pop() as any);
const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent?.trim());

/** Types a moment into one end of the search form's range picker and confirms it. */
async function typeTime(index: 0 | 1, text: string) {
  const input = document.querySelectorAll<HTMLInputElement>('.ant-pro-query-filter .ant-picker-range input')[index];
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
  });
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('login log', () => {
  it('lists sign-ins with a green or red result, the tenant for the platform, and no buttons but view', async () => {
    signIn();
    const { calls } = logBackend();
    await renderApp('/system/log/login');
    const ok1 = await rowWith('登录成功');
    for (const text of ['2026-11-20 08:59:01', '000000', 'admin', '成功', '账号密码 + 验证码 (captcha)', 'sword', '10.0.0.8']) expect(ok1.textContent).toContain(text);
    expect(ok1.querySelector('.ant-tag-success')?.textContent).toBe('成功');
    const bad = await rowWith('用户名或密码错误');
    expect(bad.querySelector('.ant-tag-error')?.textContent).toBe('失败');
    expect(buttonsIn(bad)).toEqual(['查看']);
    expect(headers()).toContain('租户');
    expect(toolbarButtons()).toEqual(expect.arrayContaining(['导出']));
    expect(lastList(calls, 'login')).toEqual({ current: '1', size: '10' });
  });

  it('leaves the tenant column out for a tenant of its own', async () => {
    signIn();
    setCurrentUser({ account: 'admin', tenant_id: '482913', userId: '1' });
    logBackend();
    await renderApp('/system/log/login');
    await rowWith('登录成功');
    expect(headers()).not.toContain('租户');
  });

  it('searches by time range, account and result, and exports exactly that', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:log', revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = logBackend({ '/api/keeper-log/login/export': () => new Response('xlsx', { status: 200 }) });
    await renderApp('/system/log/login');
    await rowWith('登录成功');
    await typeTime(0, '2026-11-01 00:00:00');
    await typeTime(1, '2026-11-20 23:59:59');
    fireEvent.change(screen.getAllByLabelText('账号')[0], { target: { value: ' zhang ' } });
    await pickOption('结果', '失败', document.querySelector('.ant-pro-query-filter') as HTMLElement);
    await click(searchButton());
    const expected = { account: 'zhang', success: '0', beginTime: '2026-11-01 00:00:00', endTime: '2026-11-20 23:59:59' };
    await waitFor(() => expect(lastList(calls, 'login')).toEqual({ current: '1', size: '10', ...expected }));
    await click(buttonIn(document.querySelector('.ant-pro-table-list-toolbar')!, '导出'));
    await waitFor(() => expect(saved).toEqual(['登录日志.xlsx']));
    const exported = calls.filter((c) => path(c) === '/api/keeper-log/login/export').pop()!;
    expect(query(exported)).toEqual(expected);
    expect(messages('error')).toEqual([]);
  });
});

describe('operation log', () => {
  it('lists calls with their operation, address, outcome and duration, and searches by operation and address', async () => {
    signIn();
    const { calls } = logBackend();
    await renderApp('/system/log/operation');
    const row = await rowWith('新增用户');
    for (const text of ['POST', '/keeper-system/user/submit', '成功', '37 ms', 'admin']) expect(row.textContent).toContain(text);
    fireEvent.change(screen.getAllByLabelText('业务操作')[0], { target: { value: '用户' } });
    fireEvent.change(screen.getAllByLabelText('请求地址')[0], { target: { value: '/keeper-system/user' } });
    await click(searchButton());
    await waitFor(() => expect(lastList(calls, 'api')).toEqual({ current: '1', size: '10', title: '用户', requestUri: '/keeper-system/user' }));
  });

  it('shows one call in full: parameters as indented JSON and the whole user agent', async () => {
    signIn();
    const { calls } = logBackend();
    const app = await renderApp('/system/log/operation');
    await click(buttonIn(await rowWith('新增用户'), '查看'));
    await waitFor(() => expect(app.location()).toBe('/system/log/operation/view/21'));
    const detail = await screen.findByTestId('log-detail');
    await waitFor(() => expect(detail.textContent).toContain('req-7f3a'));
    expect(query(calls.filter((c) => path(c) === '/api/keeper-log/api/detail').pop()!)).toEqual({ id: '21' });
    const blocks = Array.from(detail.querySelectorAll('pre')).map((p) => p.textContent);
    expect(blocks).toContain(prettyJson(API_LOG.params));
    expect(blocks[0]).toContain('\n  "roleId": [\n    "1",\n    "2"\n  ]');
    expect(blocks).toContain(API_LOG.userAgent);
    for (const text of ['业务操作', '新增用户', '耗时', '37 ms', '请求编号', 'keeper-system']) expect(detail.textContent).toContain(text);
  });
});

describe('error log', () => {
  it('lists errors without a result filter, and shows one with its message and raw parameters', async () => {
    signIn();
    logBackend();
    const app = await renderApp('/system/log/error');
    const row = await rowWith('StorageUnreachable');
    for (const text of ['keeper-resource', 'connection refused (127.0.0.1:9000)', 'wang', '482913']) expect(row.textContent).toContain(text);
    const filters = document.querySelector('.ant-pro-query-filter')!.textContent;
    expect(filters).toContain('请求地址');
    expect(filters).not.toContain('结果');
    await click(buttonIn(row, '查看'));
    await waitFor(() => expect(app.location()).toBe('/system/log/error/view/31'));
    const detail = await screen.findByTestId('log-detail');
    await waitFor(() => expect(detail.textContent).toContain('异常信息'));
    const blocks = Array.from(detail.querySelectorAll('pre')).map((p) => p.textContent);
    expect(blocks).toEqual(expect.arrayContaining(['connection refused (127.0.0.1:9000)', 'id=1', 'curl/8.5']));
  });
});

describe('log helpers', () => {
  it('turns the picked range into beginTime and endTime', () => {
    expect(toTimeRange(['2026-11-01 00:00:00', '2026-11-20 23:59:59'])).toEqual({ beginTime: '2026-11-01 00:00:00', endTime: '2026-11-20 23:59:59' });
    expect(toTimeRange(undefined)).toEqual({ beginTime: undefined, endTime: undefined });
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('a=1&b=2')).toBe('a=1&b=2');
  });
});
