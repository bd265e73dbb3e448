// The request layer (SPEC §4, §7, §8, §9) through Umi's real `request` and our runtime config;
// only `fetch` is fake.
import { request } from '@umijs/max';
import { message, notification } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { deferred, fail, json, mockFetch, ok } from '../../tests/fetchMock';
import { advance, currentUrl, goTo, messages, notifications, settle, signIn, withLocale } from '../../tests/helpers';
import { getToken, STORAGE_KEYS } from './authority';
import { isGlobalLoading } from './requestLoading';

describe('request layer: what goes out', () => {
  it('sends Basic and Keeper-Auth headers under /api with same-origin credentials', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: '1' }));
    const res = await request('/keeper-system/user/info');
    expect(res).toEqual({ code: 200, success: true, msg: '操作成功', data: { id: '1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/keeper-system/user/info');
    expect(calls[0].headers.authorization).toBe('Basic c3dvcmQ6c3dvcmRfc2VjcmV0');
    expect(calls[0].headers['keeper-auth']).toBe('bearer A1');
    expect(calls[0].credentials).toBe('same-origin');
  });

  it('rewrites /api/api/keeper- to /api/keeper- and never doubles the base', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ x: 1 }));
    await request('/api/api/keeper-system/user/remove', { method: 'POST', data: {} });
    await request('/api/keeper-system/menu/routes');
    await request('keeper-system/dict/dictionary', { params: { code: 'sex' } });
    await request('/parkCompany/list', { method: 'POST', data: {} });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/keeper-system/user/remove',
      '/api/keeper-system/menu/routes',
      '/api/keeper-system/dict/dictionary?code=sex',
      '/api/parkCompany/list',
    ]);
  });

  it('encodes bodies as JSON, form-urlencoded or multipart', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ saved: true }));
    await request('/keeper-system/user/update-info', { method: 'POST', data: { realName: '张三', sex: 1 } });
    await request('/keeper-system/user/remove', {
      method: 'POST',
      data: { ids: ['1', '2'], skip: undefined },
      requestType: 'form',
    } as any);
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.xlsx');
    await request('/keeper-resource/oss/endpoint/put-file', { method: 'POST', data: fd });
    await request('/keeper-system/user/grant', { method: 'PUT', data: new URLSearchParams({ userIds: '1' }) });

    expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(calls[0].body))).toEqual({ realName: '张三', sex: 1 });
    expect(calls[1].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(calls[1].body)).toBe('ids=1%2C2');
    expect(calls[2].body).toBe(fd);
    expect(calls[2].headers['content-type']).toBeUndefined();
    expect(calls[3].method).toBe('PUT');
    expect(String(calls[3].body)).toBe('userIds=1');
  });

  it('sends an upload that reports progress through XMLHttpRequest, with the same headers and handling', async () => {
    signIn();
    let answer = () => ok({ attachId: '9' });
    const { calls, fn } = mockFetch(() => answer());
    const data = new FormData();
    data.append('file', new File(['x'], 'a.txt'));
    const progress: { loaded: number; total?: number }[] = [];
    const res = await request('/keeper-resource/oss/endpoint/put-file-attach', {
      method: 'POST',
      data,
      onUploadProgress: (e: { loaded: number; total?: number }) => progress.push(e),
    });
    expect(res).toEqual({ code: 200, success: true, msg: '操作成功', data: { attachId: '9' } });
    expect(fn).not.toHaveBeenCalled();
    expect(calls[0].url).toBe('/api/keeper-resource/oss/endpoint/put-file-attach');
    expect(calls[0].headers['keeper-auth']).toBe('bearer A1');
    expect(calls[0].headers.authorization).toBe('Basic c3dvcmQ6c3dvcmRfc2VjcmV0');
    expect(calls[0].body).toBe(data);
    expect(progress).toEqual([
      { loaded: 50, total: 100 },
      { loaded: 100, total: 100 },
    ]);

    answer = () => fail(400, '文件过大');
    await expect(request('/keeper-resource/oss/endpoint/put-file-attach', { method: 'POST', data, onUploadProgress: () => undefined })).rejects.toMatchObject({
      response: { status: 400, data: { msg: '文件过大' } },
    });
    await settle();
    expect(messages('warning')).toEqual(['文件过大']);
  });

  it('sends no Keeper-Auth header when asked not to (login, captcha)', async () => {
    signIn();
    const { calls } = mockFetch(() => json({ key: 'k', image: 'data:image/png;base64,AA' }));
    await request('/keeper-auth/oauth/captcha', { isToken: false } as any);
    expect(calls[0].headers['keeper-auth']).toBeUndefined();
    expect(calls[0].headers.authorization).toBe('Basic c3dvcmQ6c3dvcmRfc2VjcmV0');
  });
});

describe('request layer: global loading flag', () => {
  it('is on while any request is in flight and off when the count reaches zero', async () => {
    signIn();
    const first = deferred<Response>();
    const second = deferred<Response>();
    const pending = [first, second];
    mockFetch(() => pending.shift()!.promise);
    expect(isGlobalLoading()).toBe(false);
    const a = request('/keeper-system/a');
    const b = request('/keeper-system/b');
    await vi.waitFor(() => expect(isGlobalLoading()).toBe(true));
    first.resolve(ok({ a: 1 }));
    await a;
    expect(isGlobalLoading()).toBe(true);
    second.resolve(fail(500, 'boom'));
    await expect(b).rejects.toBeTruthy();
    expect(isGlobalLoading()).toBe(false);
  });

  it('turns off after 8 s even when a request never finishes', async () => {
    vi.useFakeTimers();
    signIn();
    mockFetch(() => new Promise<Response>(() => undefined));
    void request('/keeper-system/slow').catch(() => undefined);
    await advance(10);
    expect(isGlobalLoading()).toBe(true);
    await advance(7980);
    expect(isGlobalLoading()).toBe(true);
    await advance(20);
    expect(isGlobalLoading()).toBe(false);
  });
});

describe('request layer: failures by showType', () => {
  const bizFail = (showType?: number) =>
    json({ code: 200, success: false, msg: '业务失败', data: {}, showType });

  it('0 is silent', async () => {
    signIn();
    mockFetch(() => bizFail(0));
    await expect(request('/keeper-system/x')).rejects.toMatchObject({ name: 'BizError' });
    await settle();
    expect(messages()).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it('1 is a warning message', async () => {
    signIn();
    mockFetch(() => bizFail(1));
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await settle();
    expect(messages('warning')).toEqual(['业务失败']);
  });

  it('2 is an error message shown 3 s', async () => {
    signIn();
    const spy = vi.spyOn(message, 'error');
    mockFetch(() => bizFail(2));
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await settle();
    expect(messages('error')).toEqual(['业务失败']);
    expect(spy).toHaveBeenCalledWith({ content: '业务失败', duration: 3 });
  });

  it('4 is a notification with the code as title and the message as description, 4.5 s', async () => {
    signIn();
    const spy = vi.spyOn(notification, 'error');
    mockFetch(() => json({ code: 200, success: false, msg: '需要处理', data: {}, showType: 4 }));
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await settle();
    expect(notifications()).toEqual([{ title: '200', description: '需要处理' }]);
    expect(spy.mock.calls[0][0]).toMatchObject({ duration: 4.5 });
  });

  it('9 redirects to /exception with errorCode and errorMessage', async () => {
    signIn();
    goTo('/home');
    mockFetch(() => fail(500, '数据库不可用', {}, 200));
    await expect(request('/keeper-system/x', { showType: 9 } as any)).rejects.toBeTruthy();
    expect(window.location.pathname).toBe('/exception');
    const q = new URLSearchParams(window.location.search);
    expect(q.get('errorCode')).toBe('500');
    expect(q.get('errorMessage')).toBe('数据库不可用');
  });

  it('any other value, or none, is an error message', async () => {
    signIn();
    mockFetch(() => bizFail(3));
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    mockFetch(() => bizFail(undefined));
    await expect(request('/keeper-system/y')).rejects.toBeTruthy();
    await settle();
    expect(messages('error')).toEqual(['业务失败', '业务失败']);
  });
});

describe('request layer: business results', () => {
  it('success false is a business error raised with the server message', async () => {
    signIn();
    mockFetch(() => json({ code: 200, success: false, msg: '名称已存在', data: {} }));
    await expect(request('/keeper-system/x')).rejects.toMatchObject({
      name: 'BizError',
      message: '名称已存在',
      info: { errorCode: 200, errorMessage: '名称已存在' },
    });
  });

  it('a body code outside 200-299 fails unless noCode is set', async () => {
    signIn();
    mockFetch(() => json({ code: 400, msg: '参数错误', data: {} }));
    await expect(request('/keeper-system/x')).rejects.toMatchObject({ name: 'BizError', message: '参数错误' });
    await expect(request('/keeper-system/x', { noCode: true } as any)).resolves.toEqual({
      code: 400,
      msg: '参数错误',
      data: {},
    });
    mockFetch(() => json({ code: 204, success: true, msg: 'ok', data: [1] }));
    await expect(request('/keeper-system/y')).resolves.toMatchObject({ code: 204 });
  });

  it('passes blob responses through unchanged', async () => {
    signIn();
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x7b]);
    mockFetch(() => new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }));
    const blob: Blob = await request('/keeper-system/user/export-user', { responseType: 'blob' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    await settle();
    expect(messages()).toEqual([]);
  });

  it('shows a 1.5 s success toast when data is empty and success is true', async () => {
    signIn();
    const spy = vi.spyOn(message, 'success');
    mockFetch(() => ok({}, '保存成功'));
    await request('/keeper-system/user/update-info', { method: 'POST', data: {} });
    await settle();
    expect(messages('success')).toEqual(['保存成功']);
    expect(spy).toHaveBeenCalledWith({ content: '保存成功', duration: 1.5 });
  });

  it('shows no toast when data is not empty, or for the "no data" message', async () => {
    signIn();
    mockFetch(() => ok({ id: '1' }));
    await request('/keeper-system/a');
    mockFetch(() => ok(null, '暂无承载数据'));
    await request('/keeper-system/b');
    await settle();
    expect(messages()).toEqual([]);
  });
});

describe('request layer: HTTP failures', () => {
  it('a non-2xx status fails with a warning holding the server message', async () => {
    signIn();
    mockFetch(() => fail(400, '手机号格式不正确'));
    await expect(request('/keeper-system/user/submit', { method: 'POST', data: {} })).rejects.toMatchObject({
      response: { status: 400 },
    });
    await settle();
    expect(messages('warning')).toEqual(['手机号格式不正确']);
  });

  it('without a server message it shows the catalogue text of the code or status (zh-CN)', async () => {
    signIn();
    mockFetch(() => new Response('', { status: 404 }));
    await expect(request('/keeper-system/nothing')).rejects.toBeTruthy();
    await settle();
    expect(messages('warning')).toEqual(['发出的请求针对的是不存在的记录，服务器没有进行操作。']);
  });

  it('speaks English when the language is en-US', async () => {
    signIn();
    mockFetch(() => json({ code: 403, success: false, data: {} }, 403));
    await withLocale('en-US', async () => {
      await expect(request('/keeper-system/forbidden')).rejects.toBeTruthy();
      await settle();
    });
    expect(messages('warning')).toEqual(['You are authorised, but access is forbidden.']);
  });

  it('warns at most once per second', async () => {
    vi.useFakeTimers();
    signIn();
    mockFetch(() => fail(500, '服务器异常'));
    await Promise.all(
      [1, 2, 3].map(() => expect(request('/keeper-system/x')).rejects.toBeTruthy()),
    );
    await advance(0);
    expect(messages('warning')).toEqual(['服务器异常']);
    await advance(500);
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await advance(0);
    expect(messages('warning')).toHaveLength(1);
    await advance(500);
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await advance(0);
    expect(messages('warning')).toHaveLength(2);
  });

  it('does not warn when the failure carries data, or carries the "no data" message', async () => {
    signIn();
    mockFetch(() => fail(400, '校验失败', { field: 'phone' }));
    await expect(request('/keeper-system/a')).rejects.toBeTruthy();
    mockFetch(() => fail(400, '暂无承载数据'));
    await expect(request('/keeper-system/b')).rejects.toBeTruthy();
    await settle();
    expect(messages()).toEqual([]);
  });

  it('showMsg=false suppresses the warning and the success toast', async () => {
    signIn();
    mockFetch(() => fail(500, '服务器异常'));
    await expect(request('/keeper-system/a', { showMsg: false } as any)).rejects.toBeTruthy();
    mockFetch(() => ok([]));
    await request('/keeper-system/b', { showMsg: false } as any);
    await settle();
    expect(messages()).toEqual([]);
  });

  it('with no structured information it shows the error message, else the fallback', async () => {
    signIn();
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('/keeper-system/a')).rejects.toBeTruthy();
    await settle();
    expect(messages('error')).toEqual(['Failed to fetch']);
    message.destroy();
    mockFetch(() => Promise.reject(new TypeError('')));
    await withLocale('en-US', async () => {
      await expect(request('/keeper-system/b')).rejects.toBeTruthy();
      await settle();
    });
    expect(messages('error')).toContain('Request error, please retry.');
  });

  it('skipErrorHandler leaves the failure to the caller', async () => {
    signIn();
    mockFetch(() => fail(500, '服务器异常'));
    await expect(request('/keeper-system/a', { skipErrorHandler: true })).rejects.toBeTruthy();
    await settle();
    expect(messages()).toEqual([]);
  });

  it('a 401 logs out after 200 ms and goes to the login page with the current page', async () => {
    vi.useFakeTimers();
    signIn();
    goTo('/system/user/list?current=2');
    mockFetch(() => json({ code: 401, success: false, msg: '请求未授权', data: {} }, 401));
    await expect(request('/keeper-system/user/list')).rejects.toBeTruthy();
    await expect(request('/keeper-system/user/list')).rejects.toBeTruthy();
    await advance(199);
    expect(getToken()).toBe('bearer A1');
    expect(window.location.pathname).toBe('/system/user/list');
    await advance(1);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(currentUrl()).toBe(`/user/login?redirect=${encodeURIComponent('/system/user/list?current=2')}`);
  });

  it('a 401 body code in a 200 answer logs out too', async () => {
    vi.useFakeTimers();
    signIn();
    goTo('/home');
    mockFetch(() => json({ code: 401, success: false, msg: '请求未授权', data: {} }));
    await expect(request('/keeper-system/x')).rejects.toBeTruthy();
    await advance(200);
    expect(getToken()).toBeNull();
    expect(window.location.pathname).toBe('/user/login');
  });
});

describe('request layer: GET cache', () => {
  it('serves a cached GET for 60 s, then asks again', async () => {
    vi.useFakeTimers();
    signIn({ expiresIn: 7200 });
    let n = 0;
    const { calls } = mockFetch(() => ok({ n: (n += 1) }));
    const first = await request('/keeper-system/dict/dictionary', { params: { code: 'sex' }, cache: true } as any);
    await advance(59_000);
    const second = await request('/keeper-system/dict/dictionary', { params: { code: 'sex' }, cache: true } as any);
    expect(calls).toHaveLength(1);
    expect(second.data).toEqual(first.data);
    await advance(1_001);
    const third = await request('/keeper-system/dict/dictionary', { params: { code: 'sex' }, cache: true } as any);
    expect(calls).toHaveLength(2);
    expect(third.data).toEqual({ n: 2 });
    await request('/keeper-system/dict/dictionary', { params: { code: 'sex' } });
    expect(calls).toHaveLength(3);
  });
});
