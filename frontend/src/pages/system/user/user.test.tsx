// The account screens in the whole app against a fake back end: the list with its department
// filter and buttons, and the add / edit / view forms (validation, payload, server field errors).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, form, last, menuButton, openMore, pickOption, query, searchButton, squash, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons } from '../../../../tests/fixtures';
import { toSubmit } from './components/UserForm';

const ALL_BUTTONS = [
  ...crudButtons('user'),
  menuButton('user', 'role', 1, '/api/keeper-system/user/grant', 5),
  menuButton('user', 'reset-password', 1, '/api/keeper-system/user/reset-password', 6),
  menuButton('user', 'unlock', 1, '/api/keeper-system/user/unlock', 7),
  menuButton('user', 'enable', 2, '/api/keeper-system/user/enable', 8),
  menuButton('user', 'platform', 2, '/system/user/platform', 9),
  menuButton('user', 'import', 1, '/api/keeper-system/user/import-user', 10),
  menuButton('user', 'export', 1, '/api/keeper-system/user/export-user', 11),
  menuButton('user', 'audit', 2, '/api/keeper-system/user/audit', 0),
];

const DICTS: Record<string, [string, string][]> = {
  user_type: [['1', 'WEB'], ['2', 'APP'], ['3', 'OTHER']],
  sex: [['1', '男'], ['2', '女']],
  user_status: [['1', '正常'], ['2', '停用'], ['3', '待审核']],
};

const ZHANG = {
  id: '7',
  tenantId: '000000',
  tenantName: '平台管理',
  code: 'A01',
  userType: 1,
  account: 'zhang',
  name: '小张',
  realName: '张三',
  avatar: '',
  email: 'zhang@park.example',
  phone: '13800000001',
  birthday: '1990-05-04 00:00:00',
  sex: 1,
  sexName: '男',
  roleId: 'r2',
  roleName: '调度员',
  deptId: 'd2',
  deptName: '招商局',
  postId: 'p1',
  postName: '调度专员',
  status: 1,
  createTime: '2026-01-02 03:04:05',
  updateTime: '2026-01-02 03:04:05',
};

function userBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'user', parentId: 'system', code: 'user', name: '用户管理', alias: 'menu', path: '/system/user', children: ALL_BUTTONS }]),
    '/api/keeper-system/dict/dictionary': (req) =>
      ok((DICTS[query(req).code] ?? []).map(([dictKey, dictValue]) => ({ dictKey, dictValue }))),
    '/api/keeper-system/dept/commonList': () =>
      ok([{ id: 'd1', deptName: '园区管委会', children: [{ id: 'd2', deptName: '招商局' }] }]),
    '/api/keeper-system/role/tree': () =>
      ok([{ id: 'r1', parentId: '0', title: '园区管理员', key: 'r1', value: 'r1', children: [{ id: 'r2', parentId: 'r1', title: '调度员', key: 'r2', value: 'r2' }] }]),
    '/api/keeper-system/post/select': () => ok([{ id: 'p1', postName: '调度专员' }]),
    '/api/keeper-system/user/list': () => ok({ records: [ZHANG], total: 1, size: 10, current: 1, pages: 1 }),
    '/api/keeper-system/user/detail': () => ok(ZHANG),
    ...over,
  });
}

describe('user list', { timeout: 120_000 }, () => {
  it('lists the accounts with their department tree, status and granted buttons', async () => {
    signIn();
    const { calls } = userBackend();
    await renderApp('/system/user/list');
    const row = (await screen.findByText('zhang')).closest('tr') as HTMLElement;
    for (const text of ['张三', '调度员', '招商局', '正常']) expect(row.textContent).toContain(text);
    // the phone number, the platform and the creation time are optional columns: hidden until chosen
    // in the column settings
    for (const text of ['13800000001', 'WEB', '2026-01-02 03:04:05']) expect(row.textContent).not.toContain(text);
    expect(buttonsIn(row)).toEqual(['修改', '删除', '查看', '更多']);
    await openMore(row);
    expect(Array.from(document.querySelectorAll('.ant-dropdown-menu-item')).map((n) => squash(n.textContent))).toEqual(['停用', '平台配置']);
    expect(toolbarButtons()).toEqual(expect.arrayContaining(['新增', '删除', '角色配置', '密码重置', '账号解锁']));

    // the department tree on the left filters the list
    await act(async () => {
      fireEvent.click(await screen.findByText('招商局', { selector: '.ant-tree-title' }));
    });
    await waitFor(() => expect(query(last(calls, '/api/keeper-system/user/list')!)).toMatchObject({ deptId: 'd2', current: '1' }));
  });

  it('offers no delete or disable on the account in use', async () => {
    signIn();
    userBackend({
      '/api/keeper-system/user/list': () =>
        ok({ records: [{ ...ZHANG, id: '1', account: 'me_myself', realName: '我自己' }], total: 1, size: 10, current: 1, pages: 1 }),
    });
    await renderApp('/system/user/list');
    const row = (await screen.findByText('me_myself')).closest('tr') as HTMLElement;
    expect(buttonsIn(row)).toEqual(['修改', '查看', '平台配置']);
  });

  it('disables an account after asking, posting the ids and the new status', async () => {
    signIn();
    const { calls } = userBackend({ '/api/keeper-system/user/enable': () => ok({ count: 1 }) });
    await renderApp('/system/user/list');
    const row = (await screen.findByText('zhang')).closest('tr') as HTMLElement;
    await openMore(row);
    await act(async () => {
      fireEvent.click(Array.from(document.querySelectorAll('.ant-dropdown-menu-item')).find((n) => squash(n.textContent) === '停用')!);
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定停用账号 zhang 吗？');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/enable')).toBe(true));
    expect(form(calls.find((c) => path(c) === '/api/keeper-system/user/enable')!)).toEqual({ userIds: '7', status: '2' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('assigns roles to the ticked accounts', async () => {
    signIn();
    const { calls } = userBackend({ '/api/keeper-system/user/grant': () => ok({ count: 1 }) });
    await renderApp('/system/user/list');
    const row = (await screen.findByText('zhang')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(buttonIn(document, '角色配置'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('张三（zhang）');
    await pickOption('所属角色', '园区管理员');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/grant')).toBe(true));
    expect(form(calls.find((c) => path(c) === '/api/keeper-system/user/grant')!)).toEqual({ userIds: '7', roleIds: 'r2,r1' });
  });

  it('resets passwords only after the confirmation', async () => {
    signIn();
    const { calls } = userBackend({ '/api/keeper-system/user/reset-password': () => ok({ count: 1 }) });
    await renderApp('/system/user/list');
    const row = (await screen.findByText('zhang')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(buttonIn(document, '密码重置'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定将选中的 1 个账号的密码重置为初始密码吗？');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '确定'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/reset-password')).toBe(true));
    expect(form(calls.find((c) => path(c) === '/api/keeper-system/user/reset-password')!)).toEqual({ userIds: '7' });
  });
});

describe('registration review', { timeout: 120_000 }, () => {
  const LI = { ...ZHANG, id: '8', account: 'lisi', realName: '李四', roleId: '', roleName: '', status: 3 };
  const pendingBackend = (calls: RecordedRequest[] = []) =>
    userBackend({
      '/api/keeper-system/user/list': () => ok({ records: [LI], total: 1, size: 10, current: 1, pages: 1 }),
      '/api/keeper-system/user/audit': (req) => {
        calls.push(req);
        return ok({ count: 1 });
      },
    });
  const openReview = async () => {
    const row = (await screen.findByText('lisi')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('待审核');
    // the review comes first and a registration cannot be switched on
    expect(buttonsIn(row)).toEqual(['审核', '修改', '删除', '更多']);
    await openMore(row);
    expect(Array.from(document.querySelectorAll('.ant-dropdown-menu-item')).map((n) => squash(n.textContent))).toEqual(['查看', '平台配置']);
    await act(async () => {
      fireEvent.click(buttonIn(row, '审核'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('李四（lisi）');
    return dialog;
  };

  it('approves a registration, granting the chosen role at once', async () => {
    signIn();
    const audits: RecordedRequest[] = [];
    pendingBackend(audits);
    await renderApp('/system/user/list');
    const dialog = await openReview();
    await pickOption('授予角色', '调度员');
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '通过'));
    });
    await waitFor(() => expect(audits).toHaveLength(1));
    expect(form(audits[0])).toEqual({ userIds: '8', status: '1', roleIds: 'r2' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('rejects a registration only after the confirmation', async () => {
    signIn();
    const audits: RecordedRequest[] = [];
    pendingBackend(audits);
    await renderApp('/system/user/list');
    const dialog = await openReview();
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '驳回'));
    });
    const confirm = await waitFor(() => {
      const p = document.querySelector('.ant-popconfirm');
      if (!p) throw new Error('no confirmation');
      return p as HTMLElement;
    });
    expect(confirm.textContent).toContain('驳回后该注册账号将被删除');
    expect(audits).toHaveLength(0);
    await act(async () => {
      fireEvent.click(buttonIn(confirm, '确定'));
    });
    await waitFor(() => expect(audits).toHaveLength(1));
    expect(form(audits[0])).toEqual({ userIds: '8', status: '2' });
  });
});

describe('user import and export', { timeout: 120_000 }, () => {
  it('reports every bad row of a refused import, then imports the corrected file', async () => {
    signIn();
    let attempt = 0;
    const { calls } = userBackend({
      '/api/keeper-system/user/import-user': () => {
        attempt += 1;
        if (attempt === 1) {
          return json(
            {
              code: 400,
              success: false,
              msg: '导入失败: 1 行数据有误，未导入任何数据。第3行 账号: 不能为空',
              data: [
                { row: 3, field: '账号', reason: '不能为空', message: '第3行 账号: 不能为空' },
                { row: 3, field: '角色', reason: '角色不存在: 值守', message: '第3行 角色: 角色不存在: 值守' },
              ],
            },
            400,
          );
        }
        return ok({ created: 2, updated: 0 }, '导入成功: 新增 2 条，更新 0 条');
      },
    });
    await renderApp('/system/user/list');
    await screen.findByText('zhang');
    await act(async () => {
      fireEvent.click(buttonIn(document, '导入'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('导入用户');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['xlsx'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await waitFor(() => expect(dialog.textContent).toContain('users.xlsx'));
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '开始导入'));
    });
    const report = await screen.findByTestId('user-import-report');
    expect(report.textContent).toContain('导入失败：1 行数据有误（共 2 处），没有导入任何数据');
    for (const text of ['第 3 行', '账号', '不能为空', '角色不存在: 值守']) expect(report.textContent).toContain(text);
    const sent = calls.find((c) => path(c) === '/api/keeper-system/user/import-user')!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body as FormData).get('isCovered')).toBe('0');
    expect(((sent.body as FormData).get('file') as File).name).toBe('users.xlsx');
    expect(messages()).toEqual([]);

    await act(async () => {
      fireEvent.click(buttonIn(dialog, '开始导入'));
    });
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 2 条，更新 0 条']));
  });

  it('exports the accounts of the current filters', async () => {
    signIn();
    const created = vi.fn(() => 'blob:users');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { calls } = userBackend({
      '/api/keeper-system/user/export-user': () =>
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx" },
        }),
    });
    await renderApp('/system/user/list');
    await screen.findByText('zhang');
    fireEvent.change(screen.getAllByLabelText('账号')[0], { target: { value: 'zh' } });
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, '/api/keeper-system/user/list')!).account).toBe('zh'));
    await act(async () => {
      fireEvent.click(buttonIn(document, '导出'));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/export-user')).toBe(true));
    await waitFor(() => expect([messages('error'), created.mock.calls.length]).toEqual([[], 1]));
    const exported = calls.find((c) => path(c) === '/api/keeper-system/user/export-user')!;
    expect(query(exported)).toEqual({ account: 'zh' });
    expect(messages('error')).toEqual([]);
  });
});

describe('user form', { timeout: 120_000 }, () => {
  it('refuses an empty form with antd default messages and sends nothing', async () => {
    signIn();
    const { calls } = userBackend();
    await renderApp('/system/user/add');
    await screen.findByLabelText('账号');
    await submitForm('user-form');
    // the roles are chosen, not typed
    for (const text of ['请输入账号', '请输入姓名', '请输入密码', '请输入确认密码', '请选择所属角色']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: '124' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'nope' } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'zhang san' } });
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '6335000' } });
    await submitForm('user-form');
    for (const text of ['密码最少6个字符', '两次输入的密码不一致', '邮箱格式不正确，应如 name@example.com', '只能包含字母、数字和 _ . @ -', '请输入 11 位手机号码']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls.some((c) => path(c) === '/api/keeper-system/user/submit')).toBe(false);
  });

  it('creates an account with the md5 password, then returns to the list', async () => {
    signIn();
    const { calls } = userBackend({ '/api/keeper-system/user/submit': () => ok({ id: '9' }) });
    const app = await renderApp('/system/user/add');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'wang' } });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王五' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: '123456' } });
    await pickOption('所属角色', '调度员');
    await pickOption('所属部门', '招商局');
    await submitForm('user-form');
    await waitFor(() => expect(app.location()).toBe('/system/user/list'));
    const submit = calls.find((c) => path(c) === '/api/keeper-system/user/submit')!;
    expect(submit.headers['content-type']).toMatch(/^application\/json/);
    expect(body(submit)).toEqual({
      account: 'wang',
      realName: '王五',
      password: 'e10adc3949ba59abbe56e057f20f883e',
      name: '',
      code: '',
      email: '',
      phone: '',
      sex: 0,
      birthday: '',
      roleId: 'r2',
      deptId: 'd2',
      postId: '',
      userType: 1,
    });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('shows the server refusal of a taken account on the account field', async () => {
    signIn();
    userBackend({
      '/api/keeper-system/user/submit': () =>
        json({ code: 400, success: false, msg: 'account: 当前用户 [zhang] 已存在!', data: { field: 'account', reason: '当前用户 [zhang] 已存在!' } }, 400),
    });
    const app = await renderApp('/system/user/edit/7');
    const account = (await screen.findByLabelText('账号')) as HTMLInputElement;
    await waitFor(() => expect(account.value).toBe('zhang'));
    await submitForm('user-form');
    expect(await screen.findByText('当前用户 [zhang] 已存在!')).toBeTruthy();
    expect(account.closest('.ant-form-item')!.className).toContain('ant-form-item-has-error');
    expect(app.location()).toBe('/system/user/edit/7');
  });

  it('edits an account without its password', async () => {
    signIn();
    const { calls } = userBackend({ '/api/keeper-system/user/submit': () => ok({ id: '7' }) });
    await renderApp('/system/user/edit/7');
    const realName = (await screen.findByLabelText('姓名')) as HTMLInputElement;
    await waitFor(() => expect(realName.value).toBe('张三'));
    expect(screen.queryByLabelText('密码')).toBeNull();
    fireEvent.change(realName, { target: { value: '张三丰' } });
    await submitForm('user-form');
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/submit')).toBe(true));
    const sent = body(calls.find((c) => path(c) === '/api/keeper-system/user/submit')!);
    expect(sent).toMatchObject({ id: '7', account: 'zhang', realName: '张三丰', roleId: 'r2', deptId: 'd2', postId: 'p1', sex: 1, userType: 1, birthday: '1990-05-04 00:00:00' });
    expect(sent).not.toHaveProperty('password');
  });

  it('shows an account read-only, with names for its roles, department and dictionaries', async () => {
    signIn();
    userBackend();
    await renderApp('/system/user/view/7');
    const card = await screen.findByText('zhang');
    await waitFor(() => {
      const text = document.querySelector('form#user-form')!.textContent!;
      for (const t of ['张三', '调度员', '招商局', '调度专员', 'WEB', '男', 'zhang@park.example', '1990-05-04']) expect(text).toContain(t);
    });
    expect(card).toBeTruthy();
    expect(document.querySelector('form#user-form button[type="submit"]')).toBeNull();
  });

  it('shows the platform of an account from the user_type dictionary', async () => {
    signIn();
    userBackend({ '/api/keeper-system/user/detail': () => ok({ ...ZHANG, userType: 2 }) });
    await renderApp('/system/user/platform/7');
    const details = await screen.findByTestId('user-platform');
    await waitFor(() => expect(details.textContent).toContain('APP'));
    expect(screen.getByText('该账号在此平台没有扩展信息')).toBeTruthy();
  });

  it('builds the submit body from the form values', () => {
    expect(toSubmit({ account: ' a ', realName: 'b', password: 'x', roleId: ['1', '2'], deptId: [], sex: '2', birthday: '2000-01-02' })).toMatchObject({
      account: 'a',
      password: 'x',
      roleId: '1,2',
      deptId: '',
      sex: 2,
      birthday: '2000-01-02 00:00:00',
    });
    expect(toSubmit({ account: 'a', password: 'x' }, '5')).not.toHaveProperty('password');
  });
});
