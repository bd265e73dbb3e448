// The wire shape of 产值统计: each view asks only the parameters it takes (the department basis where a
// department places the rows or filters them, the sort and the top of the ranking alone, no empty
// filter), and the export is asked with exactly the same query.
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { exportOutputStatistics, getOutputStatistics, type OutputStatsChoice, outputStatsQuery, takesDeptBasis } from './outputStats';

const choice = (over: Partial<OutputStatsChoice>): OutputStatsChoice => ({ view: 'dept', period: '2026-10', deptBasis: 'current', sort: 'growth', top: 20, ...over });

describe('outputStats service', () => {
  it('gives each view the parameters it takes', () => {
    expect(outputStatsQuery(choice({}))).toEqual({ view: 'dept', period: '2026-10', deptBasis: 'current' });
    // an industry's figures do not depend on where its enterprises sit, unless a department filters them
    expect(outputStatsQuery(choice({ view: 'industry', aboveScale: 'Y' }))).toEqual({ view: 'industry', period: '2026-10', aboveScale: 'Y' });
    expect(outputStatsQuery(choice({ view: 'leadingIndustry', deptId: 'd2', industryCode: '' }))).toEqual({
      view: 'leadingIndustry', period: '2026-10', deptBasis: 'current', deptId: 'd2',
    });
    expect(outputStatsQuery(choice({ view: 'enterprise' }))).toEqual({ view: 'enterprise', period: '2026-10', deptBasis: 'current', sort: 'growth', top: 20 });
    expect(outputStatsQuery(choice({ view: 'enterprise', top: undefined, sort: 'output' }))).toEqual({
      view: 'enterprise', period: '2026-10', deptBasis: 'current', sort: 'output',
    });
    // every decliner, worst first: no sort, no top
    expect(outputStatsQuery(choice({ view: 'decliners', industryCode: 'C39' }))).toEqual({
      view: 'decliners', period: '2026-10', deptBasis: 'current', industryCode: 'C39',
    });
    expect(outputStatsQuery(choice({ view: 'trend' }))).toEqual({ view: 'trend', period: '2026-10' });
    expect([takesDeptBasis('trend'), takesDeptBasis('trend', 'd1'), takesDeptBasis('dept')]).toEqual([false, true, true]);
  });

  it('asks a view and downloads it with the same query', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch((req) => (req.url.includes('export') ? new Response('xlsx') : ok({})));
    const q = outputStatsQuery(choice({ view: 'enterprise', deptId: 'd2', aboveScale: 'N', top: 10 }));
    await getOutputStatistics(q);
    await exportOutputStatistics(q, 's.xlsx');
    const wire = '?view=enterprise&period=2026-10&deptBasis=current&deptId=d2&aboveScale=N&sort=growth&top=10';
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `/api/outputValue/statistics${wire}`],
      ['GET', `/api/outputValue/export-statistics${wire}`],
    ]);
  });
});
