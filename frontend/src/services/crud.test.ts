// The wire shape of every administered record, written once: what each of the four calls sends.
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../tests/fetchMock';
import { signIn } from '../../tests/helpers';
import { crudService } from './crud';

const things = crudService<{ id: string; name: string }, { name?: string; current?: number }, { id?: string; name: string }>('/keeper-system/thing');

describe('crudService', () => {
  it('lists with the filters as the query string and reads one record by id', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ records: [], total: 0 }));
    await things.list({ name: '园区', current: 2 });
    await things.detail('7');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/keeper-system/thing/list?name=%E5%9B%AD%E5%8C%BA&current=2'],
      ['GET', '/api/keeper-system/thing/detail?id=7'],
    ]);
  });

  it('submits the record as JSON and removes ids as a form', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: '9' }));
    const saved = await things.submit({ name: '新区' });
    await things.remove(['1', '2']);
    expect(saved.data).toEqual({ id: '9' });
    expect([calls[0].method, calls[0].url, JSON.parse(String(calls[0].body))]).toEqual(['POST', '/api/keeper-system/thing/submit', { name: '新区' }]);
    expect([calls[1].method, calls[1].url, String(calls[1].body)]).toEqual(['POST', '/api/keeper-system/thing/remove', 'ids=1%2C2']);
    expect(calls[1].headers['Content-Type'] ?? calls[1].headers['content-type']).toContain('application/x-www-form-urlencoded');
  });
});
