// The top-menu screens in the whole app against a fake back end: the paged list, the form, and the
// "菜单配置" dialog that chooses the side menus of the ticked top menus.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonByText, findDialog, menuButton, query, toolbarButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons, orgBackend } from '../../../../tests/fixtures';
import { leafKeys } from './components/TopMenuGrantModal';
import { toSubmit } from './components/TopMenuForm';

const PARK = { id: 't1', tenantId: '000000', code: 'park', name: '园区运营', source: 'bank', path: '', sort: 1, createTime: '', updateTime: '' };
const node = (id: string, title: string, children?: unknown[]) => ({ id, parentId: '0', title, key: id, value: id, ...(children ? { children } : {}) });
const GRANT_TREE = [node('system', '系统管理', [node('user', '用户管理'), node('dept', '机构管理')]), node('output', '产值管理')];

function topBackend(over: Parameters<typeof orgBackend>[1] = {}) {
  return orgBackend(
    { topmenu: [...crudButtons('topmenu'), menuButton('topmenu', 'setting', 1, '/api/keeper-system/topmenu/grant', 5)] },
    {
      '/api/keeper-system/topmenu/list': () => ok({ records: [PARK], total: 1, size: 10, current: 1, pages: 1 }),
      '/api/keeper-system/topmenu/detail': () => ok(PARK),
      '/api/keeper-system/menu/grant-top-tree': () => ok({ menu: GRANT_TREE }),
      // `system` is held as well as its menu `user`: it must not tick `dept` too
      '/api/keeper-system/menu/top-tree-keys': () => ok({ menu: ['system', 'user'] }),
      ...over,
    },
  );
}

describe('top menu list', { timeout: 120_000 }, () => {
  it('sets the menus of the ticked top menu', async () => {
    signIn();
    const { calls } = topBackend({ '/api/keeper-system/topmenu/grant': () => ok({ count: 1 }) });
    await renderApp('/system/topmenu/list');
    const row = (await screen.findByText('园区运营', {}, { timeout: 10000 })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('park');
    expect(row.querySelector('[aria-label="bank"]')).toBeTruthy();
    // nothing ticked: the setting asks for a row first
    await act(async () => {
      fireEvent.click(toolbarButton('配置'));
    });
    await waitFor(() => expect(messages('warning')).toEqual(['请先勾选要操作的数据']));
    await act(async () => {
      fireEvent.click(row.querySelector('input[type="checkbox"]')!);
    });
    await act(async () => {
      fireEvent.click(toolbarButton('配置'));
    });
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('顶部菜单：园区运营');
    const tree = await within(dialog).findByTestId('topmenu-grant-tree');
    await waitFor(() => expect(query(calls.find((c) => path(c) === '/api/keeper-system/menu/top-tree-keys')!)).toEqual({ topMenuIds: 't1' }));
    const checked = () => Array.from(tree.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')).map((n) => n.textContent);
    expect(checked()).toEqual(['用户管理']);
    await act(async () => {
      fireEvent.click(within(tree).getByText('产值管理'));
    });
    await act(async () => {
      fireEvent.click(buttonByText('确定', dialog)!);
    });
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/topmenu/grant')).toBe(true));
    const sent = body(calls.find((c) => path(c) === '/api/keeper-system/topmenu/grant')!);
    expect(sent.topMenuIds).toEqual(['t1']);
    expect([...sent.menuIds].sort()).toEqual(['output', 'user']);
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('keeps only the leaves a top menu holds', () => {
    expect(leafKeys(GRANT_TREE as any, ['system', 'user', 'output', 'gone'])).toEqual(['user', 'output']);
  });
});

describe('top menu form', { timeout: 120_000 }, () => {
  it('creates a top menu, then the header shows it', async () => {
    signIn();
    let topMenus: unknown[] = [];
    const { calls } = topBackend({
      '/api/keeper-system/topmenu/submit': () => {
        topMenus = [{ id: 't2', code: 'invest', name: '招商引资', source: 'fund', sort: 2 }];
        return ok({ id: 't2' });
      },
      '/api/keeper-system/menu/top-menu': () => ok(topMenus),
    });
    const app = await renderApp('/system/topmenu/add');
    await submitForm('topmenu-form');
    for (const text of ['请输入名称', '请输入编号']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '招商引资' } });
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'invest' } });
    fireEvent.change(screen.getByLabelText('图标'), { target: { value: 'fund' } });
    await submitForm('topmenu-form');
    await waitFor(() => expect(app.location()).toBe('/system/topmenu/list'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/topmenu/submit')!)).toEqual({
      code: 'invest',
      name: '招商引资',
      source: 'fund',
      path: '',
      sort: 1,
    });
    const bar = await screen.findByTestId('top-menu', {}, { timeout: 10000 });
    await waitFor(() => expect(bar.textContent).toContain('招商引资'));
  });

  it('builds the payload', () => {
    expect(toSubmit({ code: ' a ', name: 'b' }, 't9')).toEqual({ id: 't9', code: 'a', name: 'b', source: '', path: '', sort: 0 });
  });
});
