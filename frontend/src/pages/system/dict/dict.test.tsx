// The dictionary screens (system and business) in the whole app against a fake back end: the list
// of dictionaries, "字典配置" to a dictionary's items, adding a dictionary and an item (validation,
// payload, where the form returns) and the item tree.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonByText, query, toolbarButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons, orgBackend } from '../../../../tests/fixtures';
import { parentOptions, toSubmit } from './components/DictForm';

const row = (id: string, parentId: string, code: string, dictKey: string, dictValue: string, extra: Record<string, unknown> = {}) => ({
  id, parentId, parentName: parentId === '0' ? '顶级' : '', code, dictKey, dictValue, sort: 1, remark: '', isSealed: 0, ...extra,
});
const COLOR = row('c0', '0', 'park_zone', '-1', '园区片区', { hasChildren: true });
const EAST = row('c1', 'c0', 'park_zone', '1', '东区', { parentName: '园区片区' });
const EAST_A = row('c2', 'c1', 'park_zone', '11', '东区A地块', { parentName: '东区' });
const ITEMS = [{ ...EAST, children: [EAST_A] }];

function dictBackend(prefix: 'dict' | 'dict-biz', over: Parameters<typeof orgBackend>[1] = {}) {
  const api = `/api/keeper-system/${prefix}`;
  const rows: Record<string, unknown> = { c0: COLOR, c1: EAST, c2: EAST_A };
  return orgBackend(
    { dict: crudButtons('dict'), dictbiz: crudButtons('dictbiz', '/api/keeper-system/dict-biz') },
    {
      [`${api}/parent-list`]: () => ok({ records: [COLOR], total: 1, size: 10, current: 1, pages: 1 }),
      [`${api}/child-list`]: () => ok(ITEMS),
      [`${api}/detail`]: (req) => ok(rows[query(req).id]),
      ...over,
    },
  );
}

describe('dictionary list', { timeout: 120_000 }, () => {
  it('lists the dictionaries and opens the items of one with 字典配置', async () => {
    signIn();
    const { calls } = dictBackend('dict-biz');
    const app = await renderApp('/system/dictbiz/list');
    const line = (await screen.findByText('园区片区', {}, { timeout: 10000 })).closest('tr') as HTMLElement;
    expect(line.textContent).toContain('park_zone');
    expect(query(calls.find((c) => path(c) === '/api/keeper-system/dict-biz/parent-list')!)).toEqual({ current: '1', size: '10' });
    await act(async () => {
      fireEvent.click(buttonByText('字典配置', line)!);
    });
    await waitFor(() => expect(app.location()).toBe('/system/dictbiz/sub/c0'));

    // the items as a tree, opened fully, under a header naming the dictionary
    const child = (await screen.findByText('东区A地块', {}, { timeout: 10000 })).closest('tr') as HTMLElement;
    expect(child.textContent).toContain('11');
    expect(screen.getByText('「园区片区」的字典项')).toBeTruthy();
    expect(query(calls.find((c) => path(c) === '/api/keeper-system/dict-biz/child-list')!)).toEqual({ parentId: 'c0' });

    // the toolbar's 新增 adds to this dictionary
    await act(async () => {
      fireEvent.click(toolbarButton('新增'));
    });
    await waitFor(() => expect(app.location()).toBe('/system/dictbiz/add/c0'));
  });
});

describe('dictionary form', { timeout: 120_000 }, () => {
  it('adds a dictionary: code rule and required fields, then the payload', async () => {
    signIn();
    const { calls } = dictBackend('dict', { '/api/keeper-system/dict/submit': () => ok({ id: 'c9' }) });
    const app = await renderApp('/system/dict/add');
    await screen.findByLabelText('字典编号');
    await submitForm('dict-form');
    for (const text of ['请输入字典编号', '请输入字典名称']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('字典编号'), { target: { value: 'park zone' } });
    await submitForm('dict-form');
    expect(await screen.findByText('只能包含字母、数字和 _ - .')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/keeper-system/dict/submit')).toBe(false);

    fireEvent.change(screen.getByLabelText('字典编号'), { target: { value: 'park_level' } });
    fireEvent.change(screen.getByLabelText('字典名称'), { target: { value: '园区等级' } });
    await submitForm('dict-form');
    await waitFor(() => expect(app.location()).toBe('/system/dict/list'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/dict/submit')!)).toEqual({
      parentId: '0',
      code: 'park_level',
      dictKey: '-1',
      dictValue: '园区等级',
      sort: 1,
      remark: '',
      isSealed: 0,
    });
  });

  it('adds an item under an item, with the dictionary code, and returns to the items', async () => {
    signIn();
    const { calls } = dictBackend('dict-biz', { '/api/keeper-system/dict-biz/submit': () => ok({ id: 'c3' }) });
    const app = await renderApp('/system/dictbiz/add/c1');
    const key = await screen.findByLabelText('字典键值');
    expect((screen.getByLabelText('字典编号') as HTMLInputElement).value).toBe('park_zone');
    await submitForm('dict-form');
    for (const text of ['请输入字典键值', '请输入字典值']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(key, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('字典值'), { target: { value: '东区B地块' } });
    await submitForm('dict-form');
    await waitFor(() => expect(app.location()).toBe('/system/dictbiz/sub/c0'));
    expect(body(calls.find((c) => path(c) === '/api/keeper-system/dict-biz/submit')!)).toEqual({
      parentId: 'c1',
      code: 'park_zone',
      dictKey: '12',
      dictValue: '东区B地块',
      sort: 1,
      remark: '',
      isSealed: 0,
    });
  });

  it('shows a taken key on the key field', async () => {
    signIn();
    dictBackend('dict', {
      '/api/keeper-system/dict/submit': () =>
        json({ code: 400, success: false, msg: 'dictKey: 当前字典键值已存在!', data: { field: 'dictKey', reason: '当前字典键值已存在!' } }, 400),
    });
    const app = await renderApp('/system/dict/edit/c2');
    const key = (await screen.findByLabelText('字典键值')) as HTMLInputElement;
    await waitFor(() => expect(key.value).toBe('11'));
    await submitForm('dict-form');
    expect(await screen.findByText('当前字典键值已存在!')).toBeTruthy();
    expect(key.closest('.ant-form-item')!.className).toContain('ant-form-item-has-error');
    expect(app.location()).toBe('/system/dict/edit/c2');
  });

  it('builds the payloads and the parent tree', () => {
    expect(toSubmit({ code: ' a ', dictValue: 'b', dictKey: 'x' }, {})).toEqual({
      parentId: '0', code: 'a', dictKey: '-1', dictValue: 'b', sort: 0, remark: '', isSealed: 0,
    });
    expect(toSubmit({ parentId: 'c1', code: 'ignored', dictKey: ' 5 ', dictValue: 'v', isSealed: 1 }, { id: 'c5', itemOf: 'park_zone' })).toEqual({
      id: 'c5', parentId: 'c1', code: 'park_zone', dictKey: '5', dictValue: 'v', sort: 0, remark: '', isSealed: 1,
    });
    expect(parentOptions(COLOR as any, ITEMS as any)).toEqual([
      {
        value: 'c0', title: '园区片区', label: '园区片区', key: 'c0',
        children: [{ value: 'c1', title: '东区', label: '东区', key: 'c1', children: [{ value: 'c2', title: '东区A地块', label: '东区A地块', key: 'c2' }] }],
      },
    ]);
  });
});
