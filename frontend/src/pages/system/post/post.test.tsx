// The post screens in the whole app against a fake back end: the paged list with its filters, the
// form's validation, payload and server refusals, and add/:id starting from a copy.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonsIn, last, pickOption, query, searchButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons, orgBackend } from '../../../../tests/fixtures';
import { toFormValues, toSubmit } from './components/PostForm';

const LEADER = {
  id: 'p1', tenantId: '000000', category: 1, categoryName: '高层', postCode: 'ceo', postName: '首席执行官', sort: 1, remark: '园区负责人',
  createTime: '2026-01-02 03:04:05', updateTime: '2026-01-02 03:04:05',
};

function postBackend(over: Parameters<typeof orgBackend>[1] = {}) {
  return orgBackend(
    { post: crudButtons('post') },
    {
      '/api/keeper-system/post/list': () => ok({ records: [LEADER], total: 1, size: 10, current: 1, pages: 1 }),
      '/api/keeper-system/post/detail': () => ok(LEADER),
      ...over,
    },
  );
}

describe('post list', { timeout: 120_000 }, () => {
  it('pages the posts, shows the category label and filters by category and code', async () => {
    signIn();
    const { calls } = postBackend();
    await renderApp('/system/post/list');
    const row = (await screen.findByText('首席执行官', {}, { timeout: 10000 })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('高层');
    expect(row.textContent).toContain('ceo');
    expect(buttonsIn(row)).toEqual(['修改', '删除', '查看']);
    expect(query(calls.find((c) => path(c) === '/api/keeper-system/post/list')!)).toEqual({ current: '1', size: '10' });
    // the header names the page; the site's name is for the browser tab
    expect(document.querySelector('.ant-page-header-heading-title')?.textContent).toBe('岗位管理');
    expect(document.title).toBe('岗位管理 - 经济调度平台');

    await pickOption('岗位类型', '中层');
    fireEvent.change(screen.getByLabelText('岗位编号'), { target: { value: 'c' } });
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, '/api/keeper-system/post/list')!)).toEqual({ current: '1', size: '10', category: '2', postCode: 'c' }));
  });
});

describe('post form', { timeout: 120_000 }, () => {
  it('refuses an empty form and too long a code, sending nothing', async () => {
    signIn();
    const { calls } = postBackend();
    await renderApp('/system/post/add');
    await screen.findByLabelText('岗位编号');
    await submitForm('post-form');
    for (const text of ['请选择岗位类型', '请输入岗位编号', '请输入岗位名称']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('岗位编号'), { target: { value: 'x'.repeat(13) } });
    await submitForm('post-form');
    expect(await screen.findByText('岗位编号最多12个字符')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/post/submit')).toBe(false);
  });

  it('creates a post and returns to the list', async () => {
    signIn();
    const { calls } = postBackend({ '/api/keeper-system/post/submit': () => ok({ id: 'p2' }) });
    const app = await renderApp('/system/post/add');
    await pickOption('岗位类型', '基层');
    fireEvent.change(screen.getByLabelText('岗位编号'), { target: { value: ' clerk ' } });
    fireEvent.change(screen.getByLabelText('岗位名称'), { target: { value: '办事员' } });
    await submitForm('post-form');
    await waitFor(() => expect(app.location()).toBe('/system/post/list'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/post/submit')!)).toEqual({
      category: 3,
      postCode: 'clerk',
      postName: '办事员',
      sort: 1,
      remark: '',
    });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('starts add/:id from a copy of that post without its code', async () => {
    signIn();
    const { calls } = postBackend({ '/api/keeper-system/post/submit': () => ok({ id: 'p3' }) });
    await renderApp('/system/post/add/p1');
    expect(await screen.findByText('以岗位「首席执行官」为模板新增，请填写新的岗位编号')).toBeTruthy();
    expect((screen.getByLabelText('岗位名称') as HTMLInputElement).value).toBe('首席执行官');
    expect((screen.getByLabelText('岗位编号') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('岗位编号'), { target: { value: 'coo' } });
    await submitForm('post-form');
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/keeper-system/post/submit')).toBe(true));
    const sent = body(calls.find((c) => path(c) === '/api/keeper-system/post/submit')!);
    expect(sent).toEqual({ category: 1, postCode: 'coo', postName: '首席执行官', sort: 1, remark: '园区负责人' });
  });

  it('shows the server refusal of a taken code on the code field', async () => {
    signIn();
    postBackend({
      '/api/keeper-system/post/submit': () =>
        json({ code: 400, success: false, msg: 'postCode: 岗位编号 [ceo] 已存在!', data: { field: 'postCode', reason: '岗位编号 [ceo] 已存在!' } }, 400),
    });
    const app = await renderApp('/system/post/edit/p1');
    const code = (await screen.findByLabelText('岗位编号')) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('ceo'));
    await submitForm('post-form');
    expect(await screen.findByText('岗位编号 [ceo] 已存在!')).toBeTruthy();
    expect(code.closest('.ant-form-item')!.className).toContain('ant-form-item-has-error');
    expect(app.location()).toBe('/system/post/edit/p1');
  });

  it('maps a record to the form and back', () => {
    expect(toSubmit(toFormValues(LEADER), 'p1')).toEqual({ id: 'p1', category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1, remark: '园区负责人' });
  });
});
