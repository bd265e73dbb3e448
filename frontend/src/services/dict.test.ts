// Dictionaries (SPEC §3, §7, §9): 5-minute sessionStorage cache, reload, empty on failure,
// options de-duplicated by dictKey, tree form.
import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../tests/fetchMock';
import { advance, signIn } from '../../tests/helpers';
import { clearDictCache } from '@/utils/dict';
import { getDeptTree, getDictionary, loadStartupDictionaries, STARTUP_DICTIONARIES } from './dict';

const entries = [
  { dictKey: '1', dictValue: '国有企业' },
  { dictKey: '2', dictValue: '民营企业' },
  { dictKey: '1', dictValue: '重复项' },
];

describe('getDictionary', () => {
  it('loads the business dictionary by code as de-duplicated options', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(entries));
    const options = await getDictionary('company_type');
    expect(calls[0].url).toBe('/api/keeper-system/dict-biz/dictionary?code=company_type');
    expect(options).toEqual([
      { value: '1', label: '国有企业', key: '1' },
      { value: '2', label: '民营企业', key: '2' },
    ]);
  });

  it('caches by code in sessionStorage for 5 minutes unless reload is asked', async () => {
    vi.useFakeTimers();
    signIn({ expiresIn: 7200 });
    const { calls } = mockFetch(() => ok(entries));
    await getDictionary('industry');
    expect(sessionStorage.getItem('keeper-dict:biz:industry')).toContain('国有企业');
    await advance(4 * 60_000 + 59_000);
    await getDictionary('industry');
    expect(calls).toHaveLength(1);
    await getDictionary('industry', { reload: true });
    expect(calls).toHaveLength(2);
    await advance(5 * 60_000);
    await getDictionary('industry');
    expect(calls).toHaveLength(3);
    await getDictionary('project_type');
    expect(calls).toHaveLength(4);
  });

  it('gives an empty list when the call fails, without caching or a message', async () => {
    signIn();
    const { calls } = mockFetch(() => fail(500, '服务器异常'));
    expect(await getDictionary('project_status')).toEqual([]);
    mockFetch(() => ok({}, '暂无'));
    expect(await getDictionary('project_status')).toEqual([]);
    expect(calls.length).toBe(1);
    expect(sessionStorage.getItem('keeper-dict:biz:project_status')).toBeNull();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
  });

  it('reads system dictionaries and the tree form', async () => {
    signIn();
    const { calls } = mockFetch((req) =>
      req.url.includes('dictionary-tree')
        ? ok([
            { dictKey: 'a', dictValue: 'A', children: [{ dictKey: 'a1', dictValue: 'A1' }, { dictKey: 'a1', dictValue: 'dup' }] },
            { dictKey: 'b', dictValue: 'B' },
          ])
        : ok([{ dictKey: '1', dictValue: '男' }]),
    );
    expect(await getDictionary('sex', { source: 'system' })).toEqual([{ value: '1', label: '男', key: '1' }]);
    expect(await getDictionary('region', { source: 'bizTree' })).toEqual([
      { value: 'a', label: 'A', key: 'a', children: [{ value: 'a1', label: 'A1', key: 'a1' }] },
      { value: 'b', label: 'B', key: 'b' },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/keeper-system/dict/dictionary?code=sex',
      '/api/keeper-system/dict-biz/dictionary-tree?code=region',
    ]);
  });

  it('loads the four start-up dictionaries', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(entries));
    const dicts = await loadStartupDictionaries();
    expect(Object.keys(dicts)).toEqual(['company_type', 'project_type', 'project_status', 'industry']);
    expect(STARTUP_DICTIONARIES).toHaveLength(4);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('code')).sort()).toEqual(
      ['company_type', 'industry', 'project_status', 'project_type'],
    );
  });
});

describe('getDeptTree', () => {
  it('maps the department tree to options', async () => {
    signIn();
    clearDictCache();
    mockFetch(() => ok([{ id: '1', deptName: '园区', children: [{ id: '2', deptName: '招商局' }] }]));
    expect(await getDeptTree()).toEqual([
      { value: '1', label: '园区', key: '1', children: [{ value: '2', label: '招商局', key: '2' }] },
    ]);
  });
});
