// The wire shape of enterprise output targets: the list by year (the department only when chosen),
// saves, revisions and 按上年结构分解 as JSON, the lifecycle steps and removals as form ids, and the
// export with the list's query.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import {
  confirmOutputTargets,
  exportOutputTargets,
  generateOutputTargets,
  getOutputTarget,
  listOutputTargets,
  monthsOf,
  releaseOutputTargets,
  removeOutputTargets,
  reviseOutputTarget,
  submitOutputTarget,
} from './outputTarget';

const sent = (c: { method: string; url: string; body: unknown }) => [
  c.method,
  c.url,
  c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body,
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('outputTarget service', () => {
  it('lists, reads, saves, generates, steps and removes targets', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 't1' }));
    await listOutputTargets({ year: 2025, deptId: 'd1' });
    await listOutputTargets({ year: 2025, deptId: '' });
    await getOutputTarget('t1');
    await submitOutputTarget({ targetYear: 2025, enterpriseId: 'e1', annualTarget: '1200', splitMode: '4', months: ['100', null, '1100', null, null, null, null, null, null, null, null, null], remark: '' });
    await submitOutputTarget({ id: 't1', targetYear: 2025, enterpriseId: 'e1', annualTarget: '1200', splitMode: '3', q1Share: '20', h1Share: '50', q3Share: '75' });
    await generateOutputTargets({ targetYear: 2025, deptId: 'd1' });
    await releaseOutputTargets(['t1', 't2']);
    await confirmOutputTargets(['t1']);
    await reviseOutputTarget('t1', '企业停产');
    await removeOutputTargets(['t3']);
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/outputTarget/list?year=2025&deptId=d1', undefined],
      ['GET', '/api/outputTarget/list?year=2025', undefined],
      ['GET', '/api/outputTarget/detail?id=t1', undefined],
      [
        'POST',
        '/api/outputTarget/submit',
        { targetYear: 2025, enterpriseId: 'e1', annualTarget: '1200', splitMode: '4', months: ['100', null, '1100', null, null, null, null, null, null, null, null, null], remark: '' },
      ],
      ['POST', '/api/outputTarget/submit', { id: 't1', targetYear: 2025, enterpriseId: 'e1', annualTarget: '1200', splitMode: '3', q1Share: '20', h1Share: '50', q3Share: '75' }],
      ['POST', '/api/outputTarget/generate', { targetYear: 2025, deptId: 'd1' }],
      ['POST', '/api/outputTarget/release', 'ids=t1%2Ct2'],
      ['POST', '/api/outputTarget/confirm', 'ids=t1'],
      ['POST', '/api/outputTarget/revise', { id: 't1', reason: '企业停产' }],
      ['POST', '/api/outputTarget/remove', 'ids=t3'],
    ]);
  });

  it('exports with the query of the list', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(
      () => new Response('xlsx', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    );
    await exportOutputTargets({ year: 2025, deptId: 'd1' }, '年度产值分解.xlsx');
    await exportOutputTargets({ year: 2025 }, '年度产值分解.xlsx');
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/outputTarget/export?year=2025&deptId=d1', undefined],
      ['GET', '/api/outputTarget/export?year=2025', undefined],
    ]);
  });

  it('reads the months of a target January first', () => {
    expect(monthsOf({ m01: '0', m02: '200', m12: '50.5' })).toEqual(['0', '200', null, null, null, null, null, null, null, null, null, '50.5']);
  });
});
