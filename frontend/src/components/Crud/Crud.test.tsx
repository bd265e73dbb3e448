// The shared list and form widgets with real antd and Pro components; only fetch is faked.
import { ProFormText } from '@ant-design/pro-components';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { fail, json, mockFetch, ok, type RecordedRequest } from '../../../tests/fetchMock';
import { currentUrl, messages, signIn, submitForm } from '../../../tests/helpers';
import { renderWidget } from '../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import { authorizedUrl } from '@/utils/files';
import { listUsers, submitUser } from '@/services/system/user';
import { CrudPage, CrudTable, type DeptTreeOption, deptsFitting, DictSelect, fieldErrorOf, filterTree, menuButtons, toListQuery, toSnakeCase } from '.';

// A loaded machine renders the first screens slowly; waiting longer costs nothing when it is fast.
configure({ asyncUtilTimeout: 15000 });

const path = (r: RecordedRequest) => r.url.split('?')[0];
const query = (r: RecordedRequest) => Object.fromEntries(new URL(r.url, 'http://x').searchParams);
const form = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(String(r.body)));

const button = (alias: string, action: number, p: string, sort: number): API.MenuButton => ({
  id: `b-${alias}`,
  parentId: 'user',
  code: `user_${alias.replace(/-/g, '_')}`,
  name: `${alias}-server-name`,
  alias,
  path: p,
  action,
  sort,
});
const ADD = button('add', 1, '/system/user/add', 1);
const EDIT = button('edit', 2, '/system/user/edit', 2);
const DELETE = button('delete', 3, '/api/keeper-system/user/remove', 3);
const VIEW = button('view', 2, '/system/user/view', 4);
const UNLOCK = button('unlock', 1, '/api/keeper-system/user/unlock', 7);

const row = (id: string, account: string) => ({ id, account, realName: `${account} name` });
const page = (records: unknown[], total: number, current = 1) => ok({ records, total, size: 10, current, pages: Math.ceil(total / 10) });

const COLUMNS = [
  { title: '账号', dataIndex: 'account', sorter: true },
  { title: '姓名', dataIndex: 'realName', sorter: true },
];

function renderUserTable(props: Partial<React.ComponentProps<typeof CrudTable>> = {}) {
  return renderWidget(<CrudTable menuCode="user" columns={COLUMNS} list={(q) => listUsers(q)} {...(props as any)} />);
}

describe('list query', () => {
  it('sends current/size, trimmed filters and the sorter as snake_case ascs/descs', () => {
    expect(toListQuery({ current: 2, pageSize: 20, account: ' ad ', phone: '', status: undefined }, { realName: 'descend' })).toEqual({
      current: 2,
      size: 20,
      account: 'ad',
      descs: 'real_name',
    });
    expect(toListQuery({ roleName: 'x' }, { sort: 'ascend' }, { paged: false })).toEqual({ roleName: 'x', ascs: 'sort' });
    expect(toSnakeCase('createTime')).toBe('create_time');
  });
});

describe('CrudTable', { timeout: 60_000 }, () => {
  it('maps the paged reply and sends paging and sorting to the server', async () => {
    signIn();
    setButtons([{ code: 'user', buttons: [ADD] }]);
    const { calls } = mockFetch((req) => {
      const q = query(req);
      const records = Array.from({ length: q.current === '2' ? 2 : 10 }, (_, i) => row(`${q.current}${i}`, `user${q.current}-${i}`));
      return page(records, 12, Number(q.current));
    });
    renderUserTable();
    expect(await screen.findByText('user1-0')).toBeTruthy();
    expect(query(calls[0])).toEqual({ current: '1', size: '10' });
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toMatch(/12 条/);

    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    expect(await screen.findByText('user2-1')).toBeTruthy();
    expect(query(calls[calls.length - 1])).toEqual({ current: '2', size: '10' });

    await act(async () => {
      fireEvent.click(screen.getAllByText('姓名').find((n) => n.closest('th'))!);
    });
    await waitFor(() => expect(query(calls[calls.length - 1]).ascs).toBe('real_name'));
    await act(async () => {
      fireEvent.click(screen.getAllByText('姓名').find((n) => n.closest('th'))!);
    });
    await waitFor(() => expect(query(calls[calls.length - 1]).descs).toBe('real_name'));
    expect(calls.every((c) => path(c) === '/api/keeper-system/user/list')).toBe(true);
  });

  it('shows only the granted buttons, labelled from the locale, on the toolbar or the rows', async () => {
    signIn();
    setButtons([{ code: 'user', buttons: [VIEW, ADD, EDIT] }]);
    mockFetch(() => page([row('1', 'zhang')], 1));
    renderUserTable();
    await screen.findByText('zhang');
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    expect(within(toolbar).getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const cells = screen.getByText('zhang').closest('tr') as HTMLElement;
    expect(within(cells).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['修改', '查看']);
    // no toolbar button works on selected rows: no selection column
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();

    await act(async () => {
      fireEvent.click(within(cells).getByRole('button', { name: /修\s*改/ }));
    });
    expect(currentUrl()).toBe('/system/user/edit/1');
    await act(async () => {
      fireEvent.click(within(toolbar).getByRole('button', { name: /新\s*增/ }));
    });
    expect(currentUrl()).toBe('/system/user/add');
  });

  it('leaves out a button whose alias the page does not handle, and runs the page handler otherwise', async () => {
    signIn();
    setButtons([{ code: 'user', buttons: [ADD, UNLOCK] }]);
    mockFetch(() => page([row('1', 'zhang')], 1));
    const ran: string[][] = [];
    const view = renderUserTable();
    await screen.findByText('zhang');
    expect(screen.queryByRole('button', { name: '账号解锁' })).toBeNull();
    view.unmount();

    renderUserTable({ actions: { unlock: { run: ({ rows }: any) => ran.push(rows.map((r: any) => r.id)) } } });
    await screen.findByText('zhang');
    const unlock = screen.getByRole('button', { name: /账号解锁/ });
    await act(async () => {
      fireEvent.click(unlock);
    });
    await waitFor(() => expect(messages('warning')).toEqual(['请先勾选要操作的数据']));
    expect(ran).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByText('zhang').closest('tr')!.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(unlock);
    });
    expect(ran).toEqual([['1']]);
  });

  it('asks before deleting, posts the ids as a form and reloads', async () => {
    signIn();
    setButtons([{ code: 'user', buttons: [DELETE] }]);
    let removed = false;
    const { calls } = mockFetch((req) => {
      if (path(req) === '/api/keeper-system/user/remove') {
        removed = true;
        return ok({ count: 1 });
      }
      return page(removed ? [row('2', 'li')] : [row('1', 'zhang'), row('2', 'li')], removed ? 1 : 2);
    });
    renderUserTable();
    const tr = (await screen.findByText('zhang')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(tr).getByRole('button', { name: /删\s*除/ }));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定删除选中的 1 条数据吗？');
    expect(calls.some((c) => path(c) === '/api/keeper-system/user/remove')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(screen.queryByText('zhang')).toBeNull());
    const remove = calls.find((c) => path(c) === '/api/keeper-system/user/remove')!;
    expect(remove.method).toBe('POST');
    expect(remove.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form(remove)).toEqual({ ids: '1' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('deletes the ticked rows from the toolbar, and nothing when the dialog is cancelled', async () => {
    signIn();
    setButtons([{ code: 'user', buttons: [DELETE] }]);
    const { calls } = mockFetch((req) =>
      path(req) === '/api/keeper-system/user/remove' ? ok({ count: 2 }) : page([row('1', 'zhang'), row('2', 'li')], 2),
    );
    renderUserTable();
    await screen.findByText('zhang');
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    for (const name of ['zhang', 'li']) {
      await act(async () => {
        fireEvent.click(screen.getByText(name).closest('tr')!.querySelector('input[type="checkbox"]')!);
      });
    }
    await act(async () => {
      fireEvent.click(within(toolbar).getByRole('button', { name: /删\s*除/ }));
    });
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定删除选中的 2 条数据吗？');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    });
    expect(calls.some((c) => path(c) === '/api/keeper-system/user/remove')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => {
      fireEvent.click(within(toolbar).getByRole('button', { name: /删\s*除/ }));
    });
    dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/user/remove')).toBe(true));
    expect(form(calls.find((c) => path(c) === '/api/keeper-system/user/remove')!)).toEqual({ ids: '1,2' });
  });

  it('filters the list by the node picked in the tree panel', async () => {
    signIn();
    setButtons([]);
    const { calls } = mockFetch(() => page([row('1', 'zhang')], 1));
    const options = [
      { value: '10', title: '园区', label: '园区', key: '10', children: [{ value: '11', title: '招商局', label: '招商局', key: '11' }] },
    ];
    renderUserTable({ filterPanel: { title: '部门', param: 'deptId', options } });
    await screen.findByText('zhang');
    await act(async () => {
      fireEvent.click(screen.getByText('招商局'));
    });
    await waitFor(() => expect(query(calls[calls.length - 1])).toEqual({ current: '1', size: '10', deptId: '11' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('tree-filter-all'));
    });
    await waitFor(() => expect(query(calls[calls.length - 1])).toEqual({ current: '1', size: '10' }));
    expect(filterTree(options, '招商')).toEqual([{ ...options[0], children: [options[0].children[0]] }]);
    expect(filterTree(options, 'nothing')).toEqual([]);
  });

  it('shows a tree reply as a tree table without paging, opened fully', async () => {
    signIn();
    setButtons([]);
    const { calls } = mockFetch(() =>
      ok([{ id: 'r1', roleName: '园区', children: [{ id: 'r2', roleName: '招商', children: [{ id: 'r3', roleName: '专员' }] }] }]),
    );
    renderWidget(<CrudTable menuCode="role" tree columns={[{ title: '角色名称', dataIndex: 'roleName' }]} list={(q) => listUsers(q) as any} />);
    expect(await screen.findByText('专员')).toBeTruthy();
    expect(query(calls[0])).toEqual({});
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('CrudPage', () => {
  const Form: React.FC<{ mode?: 'add' | 'edit' | 'view' }> = ({ mode = 'add' }) => (
    <CrudPage<any, any>
      mode={mode}
      name="thing"
      title="新增"
      id="7"
      backTo="/system/user/list"
      load={async () => ({ code: 200, success: true, msg: '', data: { account: 'zhang', realName: '张三' } })}
      toValues={(r) => r}
      submit={(v) => submitUser({ ...v, password: '123456' })}
    >
      <ProFormText name="account" label="账号" rules={[{ required: true }]} />
      <ProFormText name="realName" label="姓名" />
    </CrudPage>
  );

  it('puts a server field error on the field it names', async () => {
    signIn();
    mockFetch(() => json({ code: 400, success: false, msg: 'account: 当前用户 [zhang] 已存在!', data: { field: 'account', reason: '当前用户 [zhang] 已存在!' } }, 400));
    renderWidget(<Form />);
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'zhang' } });
    await submitForm('thing');
    expect(await screen.findByText('当前用户 [zhang] 已存在!')).toBeTruthy();
    expect(document.querySelector('.ant-form-item-has-error #thing_account, .ant-form-item-has-error input#account')).toBeTruthy();
    // no second copy of the message as a toast
    expect(messages()).toEqual([]);
  });

  it('shows a field error for a field the form does not have as a message', async () => {
    signIn();
    mockFetch(() => json({ code: 400, success: false, msg: 'password: 格式不正确', data: { field: 'password', reason: '格式不正确' } }, 400));
    renderWidget(<Form />);
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'zhang' } });
    await submitForm('thing');
    await waitFor(() => expect(messages('error')).toEqual(['password: 格式不正确']));
  });

  it('submits, announces the success and goes back to the list', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: '9' }));
    renderWidget(<Form />);
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'wang' } });
    await submitForm('thing');
    await waitFor(() => expect(currentUrl()).toBe('/system/user/list'));
    expect(JSON.parse(String(calls[0].body))).toMatchObject({ account: 'wang', password: 'e10adc3949ba59abbe56e057f20f883e' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('loads the record and shows it read-only in view mode, with no submit button', async () => {
    signIn();
    mockFetch(() => ok({}));
    renderWidget(<Form mode="view" />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect([...document.querySelectorAll('input')].filter((i) => i.style.display !== 'none')).toEqual([]);
    expect(document.querySelector('button[type="submit"]')).toBeNull();
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
  });

  it('says so when the record does not exist', async () => {
    signIn();
    mockFetch(() => fail(404, '数据不存在'));
    renderWidget(
      <CrudPage mode="edit" name="thing" title="修改" id="404" backTo="/x" load={() => listUsers({}) as any}>
        <ProFormText name="account" label="账号" />
      </CrudPage>,
    );
    expect(await screen.findByText('数据不存在或已被删除')).toBeTruthy();
  });

  it('reads the field error of both failure shapes', () => {
    expect(fieldErrorOf({ response: { data: { msg: 'a: b', data: { field: 'a', reason: 'b' } } } })).toEqual({ field: 'a', reason: 'b', message: 'a: b' });
    expect(fieldErrorOf({ name: 'BizError', info: { errorMessage: 'x: y', data: { field: 'x', reason: 'y' } } })).toEqual({
      field: 'x',
      reason: 'y',
      message: 'x: y',
    });
    expect(fieldErrorOf({ response: { data: { msg: '业务异常', data: {} } } })).toBeUndefined();
    expect(fieldErrorOf(new Error('network'))).toBeUndefined();
  });
});

describe('DictSelect', () => {
  it('loads a system dictionary once for every select that asks for it', async () => {
    signIn();
    const { calls } = mockFetch(() => ok([{ dictKey: '1', dictValue: '正常' }, { dictKey: '2', dictValue: '停用' }]));
    renderWidget(
      <>
        <DictSelect code="user_status" source="system" open />
        <DictSelect code="user_status" source="system" />
      </>,
    );
    expect(await screen.findByText('停用')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/keeper-system/dict/dictionary?code=user_status']);
  });
});

describe('page buttons and token links', () => {
  const granted = (alias: string, sort: number): API.MenuButton => ({ id: alias, parentId: 'oss', code: `oss_${alias}`, name: alias, alias, path: `/p/${alias}`, action: 2, sort });

  it('adds a page button after the granted button that brings it, and not without it', () => {
    setButtons([{ code: 'oss', buttons: [granted('delete', 3), granted('edit', 2), granted('view', 1)] }]);
    const extras = [{ alias: 'test', name: '测试连接', grantedBy: 'edit', place: 'row' as const }];
    expect(menuButtons('oss', extras).map((b) => b.alias)).toEqual(['view', 'edit', 'test', 'delete']);
    expect(menuButtons('oss', extras).find((b) => b.alias === 'test')).toMatchObject({ code: 'oss_test', name: '测试连接', action: 2 });
    setButtons([{ code: 'oss', buttons: [granted('view', 1)] }]);
    expect(menuButtons('oss', extras).map((b) => b.alias)).toEqual(['view']);
    expect(menuButtons(undefined, extras)).toEqual([]);
  });

  it('puts a fresh access token in a link, refreshing one about to expire first', async () => {
    signIn({ expiresIn: 3600, now: Date.now() - 3590 * 1000 });
    const { calls } = mockFetch((req) =>
      path(req) === '/api/keeper-auth/oauth/token'
        ? json({ access_token: 'A2', token_type: 'bearer', refresh_token: 'R2', expires_in: 3600 })
        : fail(404, 'no such path'),
    );
    expect(await authorizedUrl('/keeper-resource/attach/preview', { id: '7' })).toBe('/api/keeper-resource/attach/preview?id=7&keeper-auth=bearer+A2');
    expect(calls.map(path)).toEqual(['/api/keeper-auth/oauth/token']);
    expect(await authorizedUrl('/keeper-resource/attach/download', { id: '7' })).toBe('/api/keeper-resource/attach/download?id=7&keeper-auth=bearer+A2');
    expect(calls).toHaveLength(1);
  });
});

describe('department pickers by power type', () => {
  const node = (value: string, powerType: number, children?: DeptTreeOption[]): DeptTreeOption => ({
    value,
    key: value,
    title: value,
    label: value,
    powerType,
    children,
  });
  // 管委会 (1) › 南湖园区 (2), 经济发展局 (3), 自然资源局 (4) › 东片区 (2)
  const tree = [node('管委会', 1, [node('南湖园区', 2), node('经济发展局', 3), node('自然资源局', 4, [node('东片区', 2)])])];
  const shown = (nodes: DeptTreeOption[]): [string, boolean][] =>
    nodes.flatMap((n) => [[n.value, !!n.disabled] as [string, boolean], ...shown(n.children ?? [])]);

  it('offers the parks, and keeps the departments that lead to them unpickable', () => {
    expect(shown(deptsFitting(tree, 'park'))).toEqual([
      ['管委会', false],
      ['南湖园区', false],
      ['自然资源局', true],
      ['东片区', false],
    ]);
  });

  it('offers the industry authorities only', () => {
    expect(shown(deptsFitting(tree, 'industry'))).toEqual([
      ['管委会', true],
      ['经济发展局', false],
    ]);
  });

  it('keeps the department a record holds even when it does not fit, unpickable', () => {
    expect(shown(deptsFitting(tree, 'industry', new Set(['自然资源局'])))).toEqual([
      ['管委会', true],
      ['经济发展局', false],
      ['自然资源局', true],
    ]);
  });

  it('offers every department to a field without a fit', () => {
    expect(deptsFitting(tree, undefined)).toBe(tree);
  });
});
