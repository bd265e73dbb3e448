// The department screens in the whole app against a fake back end: the tree list with its granted
// buttons, refusals with the server's reason, adding under a row, validation and the payload.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, json, ok } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonByText, buttonsIn, findDialog, last, menuButton, pickOption, query, searchButton, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { toSubmit } from './components/DeptForm';
import { crudButtons, orgBackend } from '../../../../tests/fixtures';

const DEPTS = [
  {
    id: 'd1', tenantId: '000000', parentId: '0', parentName: '顶级', ancestors: '0', deptCategory: 1, deptCategoryName: '公司',
    powerType: 1, powerTypeName: '管委会(综合统筹)', deptName: '园区管委会', fullName: '经济开发区管委会', sort: 1, remark: '',
    children: [
      {
        id: 'd2', tenantId: '000000', parentId: 'd1', parentName: '园区管委会', ancestors: '0,d1', deptCategory: 2, deptCategoryName: '部门',
        powerType: 2, powerTypeName: '属地单位(园区/片区/街道/镇)', deptName: '招商局', fullName: '', sort: 2, remark: '',
      },
    ],
  },
];
const TREE = [{ id: 'd1', parentId: '0', title: '园区管委会', key: 'd1', value: 'd1', children: [{ id: 'd2', parentId: 'd1', title: '招商局', key: 'd2', value: 'd2' }] }];

function deptBackend(buttons = crudButtons('dept'), over: Parameters<typeof orgBackend>[1] = {}) {
  return orgBackend(
    { dept: buttons },
    {
      '/api/keeper-system/dept/list': () => ok(DEPTS),
      '/api/keeper-system/dept/tree': () => ok(TREE),
      '/api/keeper-system/dept/detail': () => ok(DEPTS[0].children[0]),
      '/api/keeper-system/dept/commonList': () => ok([]),
      ...over,
    },
  );
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 10000 })).closest('tr') as HTMLElement;

describe('department list', { timeout: 120_000 }, () => {
  it('shows the tree with dictionary labels, opened fully, and filters by name', async () => {
    signIn();
    const { calls } = deptBackend();
    await renderApp('/system/dept/list');
    const parent = await rowOf('园区管委会');
    expect(parent.textContent).toContain('公司');
    expect(parent.textContent).toContain('管委会(综合统筹)');
    const child = await rowOf('招商局');
    expect(child.textContent).toContain('部门');
    expect(child.textContent).toContain('属地单位(园区/片区/街道/镇)');
    expect(buttonsIn(child)).toEqual(['新增下级', '修改', '删除', '查看']);

    fireEvent.change(screen.getByLabelText('机构名称'), { target: { value: ' 招商 ' } });
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, '/api/keeper-system/dept/list')!)).toEqual({ deptName: '招商' }));
  });

  it('shows only the granted buttons', async () => {
    signIn();
    deptBackend([menuButton('dept', 'view', 2, '/system/dept/view', 4)]);
    await renderApp('/system/dept/list');
    const child = await rowOf('招商局');
    expect(buttonsIn(child)).toEqual(['查看']);
    expect(toolbarButtons()).toEqual([]);
  });

  it('shows the server reason when a department with sub-departments cannot go', async () => {
    signIn();
    const { calls } = deptBackend(undefined, {
      '/api/keeper-system/dept/remove': () => fail(400, '请先删除子节点!'),
    });
    await renderApp('/system/dept/list');
    const parent = await rowOf('园区管委会');
    await act(async () => {
      fireEvent.click(buttonByText('删除', parent)!);
    });
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.click(buttonByText('确定', dialog)!);
    });
    await waitFor(() => expect(messages('warning')).toContain('请先删除子节点!'));
    expect(calls.filter((c) => path(c) === '/api/keeper-system/dept/remove')).toHaveLength(1);
  });
});

describe('department form', { timeout: 120_000 }, () => {
  it('adds a department under the row it was started from', async () => {
    signIn();
    const { calls } = deptBackend(undefined, { '/api/keeper-system/dept/submit': () => ok({ id: 'd3', tenantId: '000000', deptCategoryName: '小组' }) });
    const app = await renderApp('/system/dept/list');
    const parent = await rowOf('园区管委会');
    await act(async () => {
      fireEvent.click(buttonByText('新增下级', parent)!);
    });
    await waitFor(() => expect(app.location()).toBe('/system/dept/add/d1'));
    const name = await screen.findByLabelText('机构名称');
    // the parent picker starts at the row's department
    await waitFor(() => expect(document.querySelector('form#dept-form')!.textContent).toContain('园区管委会'));
    fireEvent.change(name, { target: { value: ' 项目服务组 ' } });
    await pickOption('机构类型', '小组');
    await pickOption('职权类型', '管委会(综合统筹)');
    await submitForm('dept-form');
    await waitFor(() => expect(app.location()).toBe('/system/dept/list'));
    const sent = calls.find((c) => path(c) === '/api/keeper-system/dept/submit')!;
    expect(body(sent)).toEqual({ parentId: 'd1', deptName: '项目服务组', fullName: '', deptCategory: 3, powerType: 1, sort: 1, remark: '' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('refuses an empty form with antd default messages and sends nothing', async () => {
    signIn();
    const { calls } = deptBackend();
    await renderApp('/system/dept/add');
    await screen.findByLabelText('机构名称');
    await submitForm('dept-form');
    for (const text of ['请输入机构名称', '请选择机构类型', '请选择职权类型']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('机构名称'), { target: { value: '名'.repeat(46) } });
    await submitForm('dept-form');
    expect(await screen.findByText('机构名称最多45个字符')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/dept/submit')).toBe(false);
  });

  it('edits a department and puts a server refusal on its field', async () => {
    signIn();
    const { calls } = deptBackend(undefined, {
      '/api/keeper-system/dept/submit': () =>
        json({ code: 400, success: false, msg: 'parentId: 上级机构不能是自己或下级机构', data: { field: 'parentId', reason: '上级机构不能是自己或下级机构' } }, 400),
    });
    const app = await renderApp('/system/dept/edit/d2');
    const name = (await screen.findByLabelText('机构名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('招商局'));
    await submitForm('dept-form');
    expect(await screen.findByText('上级机构不能是自己或下级机构')).toBeTruthy();
    expect(app.location()).toBe('/system/dept/edit/d2');
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/dept/submit')!)).toMatchObject({
      id: 'd2',
      parentId: 'd1',
      deptName: '招商局',
      deptCategory: 2,
      powerType: 2,
    });
  });

  it('leaves the department itself and its branch out of the parent picker', async () => {
    signIn();
    deptBackend();
    await renderApp('/system/dept/edit/d2');
    await waitFor(() => expect((screen.getByLabelText('机构名称') as HTMLInputElement).value).toBe('招商局'));
    const item = (await screen.findByText('上级机构', { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(item.querySelector('.ant-select input') ?? item.querySelector('.ant-select')!);
    });
    await waitFor(() => expect(document.querySelector('.ant-select-tree-title')).toBeTruthy());
    expect(Array.from(document.querySelectorAll('.ant-select-tree-title')).map((n) => n.textContent)).toEqual(['园区管委会']);
  });

  it('shows a department read-only with its names', async () => {
    signIn();
    deptBackend();
    await renderApp('/system/dept/view/d2');
    await waitFor(() => {
      const text = document.querySelector('form#dept-form')!.textContent!;
      for (const t of ['园区管委会', '招商局', '部门', '属地单位(园区/片区/街道/镇)']) expect(text).toContain(t);
    });
    expect(document.querySelector('form#dept-form button[type="submit"]')).toBeNull();
  });

  it('builds the submit body', () => {
    expect(toSubmit({ deptName: ' a ', deptCategory: '2', powerType: '5' })).toEqual({
      parentId: '0',
      deptName: 'a',
      fullName: '',
      deptCategory: 2,
      powerType: 5,
      sort: 0,
      remark: '',
    });
    expect(toSubmit({ parentId: 'd1', deptName: 'a', deptCategory: '1', powerType: '1', sort: 3 }, 'd9')).toMatchObject({ id: 'd9', parentId: 'd1', sort: 3 });
  });
});
