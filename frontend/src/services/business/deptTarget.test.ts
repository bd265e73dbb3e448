// The wire shape of department targets and official figures: lists by year (empty filters left out),
// saves and revisions as JSON, the lifecycle steps and removals as form ids, the completion by period,
// indicator and department basis.
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import {
  confirmTargets,
  getCompletion,
  getTarget,
  listOfficial,
  listTargets,
  monthsOf,
  releaseTargets,
  removeOfficial,
  removeTargets,
  reviseTarget,
  submitOfficial,
  submitTarget,
} from './deptTarget';

const sent = (c: { method: string; url: string; body: unknown }) => [
  c.method,
  c.url,
  c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body,
];

describe('deptTarget service', () => {
  it('lists, reads, saves, steps and removes targets', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 't1' }));
    await listTargets({ year: 2026, indicatorCode: '4', deptId: '' });
    await getTarget('t1');
    await submitTarget({ targetYear: 2026, deptId: 'd2', indicatorCode: '4', annualTarget: '12000', splitMode: '3', q1Share: '20', h1Share: '50', q3Share: '75' });
    await releaseTargets(['t1', 't2']);
    await confirmTargets(['t1']);
    await reviseTarget('t1', '年中调整');
    await removeTargets(['t3']);
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/target/list?year=2026&indicatorCode=4', undefined],
      ['GET', '/api/target/detail?id=t1', undefined],
      ['POST', '/api/target/submit', { targetYear: 2026, deptId: 'd2', indicatorCode: '4', annualTarget: '12000', splitMode: '3', q1Share: '20', h1Share: '50', q3Share: '75' }],
      ['POST', '/api/target/release', 'ids=t1%2Ct2'],
      ['POST', '/api/target/confirm', 'ids=t1'],
      ['POST', '/api/target/revise', { id: 't1', reason: '年中调整' }],
      ['POST', '/api/target/remove', 'ids=t3'],
    ]);
  });

  it('asks the completion of a period and keeps the official figures', async () => {
    signIn();
    const { calls } = mockFetch(() => ok([]));
    await getCompletion({ period: '2026-06', indicatorCode: '4', deptBasis: 'current' });
    await listOfficial({ year: 2026 });
    await submitOfficial({ deptId: 'd1', period: '2026-06', indicatorCode: '1', dataSource: '2', indicatorValue: '52000', remark: '' });
    await removeOfficial(['o1']);
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/target/completion?period=2026-06&indicatorCode=4&deptBasis=current', undefined],
      ['GET', '/api/officialIndicator/list?year=2026', undefined],
      ['POST', '/api/officialIndicator/submit', { deptId: 'd1', period: '2026-06', indicatorCode: '1', dataSource: '2', indicatorValue: '52000', remark: '' }],
      ['POST', '/api/officialIndicator/remove', 'ids=o1'],
    ]);
  });

  it('reads the months of a target January first', () => {
    expect(monthsOf({ m01: '100', m12: '50.5' })).toEqual(['100', null, null, null, null, null, null, null, null, null, null, '50.5']);
  });
});
