// The wire shape of the issue ledger: list filters as the query, the raise and the assignment as JSON,
// every other move on `act` with comma-joined ids, a removal as form ids, and exports without paging
// (the agenda as `agenda=Y`).
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { actOnIssues, assignIssue, exportIssues, getIssue, listIssues, removeIssues, submitIssue } from './projectIssue';

const sent = (c: { method: string; url: string; body: unknown }) => [
  c.method,
  c.url,
  c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body,
];

describe('projectIssue service', () => {
  it('lists with filters, raises and assigns as JSON, acts with joined ids and removes by form ids', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ count: 1 }));
    await listIssues({ projectId: 'p1', open: 'Y', minLevel: '3', current: 1, size: 10 });
    await getIssue('i1');
    await submitIssue({ projectId: 'p1', reportId: 'r1', raisedPeriod: '2026-10', issueType: '1', description: '用地指标未落实' });
    await assignIssue({ id: 'i1', issueLevel: '3', responsibleDeptId: 'd3', coDeptIds: ['d2'], deadline: '2026-12-31' });
    await actOnIssues(['i1', 'i2'], { action: 'relevel', content: '涉及多部门', issueLevel: '4' });
    await removeIssues(['i1', 'i2']);
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/projectIssue/list?projectId=p1&open=Y&minLevel=3&current=1&size=10', undefined],
      ['GET', '/api/projectIssue/detail?id=i1', undefined],
      ['POST', '/api/projectIssue/submit', { projectId: 'p1', reportId: 'r1', raisedPeriod: '2026-10', issueType: '1', description: '用地指标未落实' }],
      ['POST', '/api/projectIssue/assign', { id: 'i1', issueLevel: '3', responsibleDeptId: 'd3', coDeptIds: ['d2'], deadline: '2026-12-31' }],
      ['POST', '/api/projectIssue/act', { ids: 'i1,i2', action: 'relevel', content: '涉及多部门', issueLevel: '4' }],
      ['POST', '/api/projectIssue/remove', 'ids=i1%2Ci2'],
    ]);
  });

  it('exports the filters of the list without its paging, and the agenda with agenda=Y', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => new Response('xlsx'));
    await exportIssues({ open: 'Y', deptId: 'd2', current: 2, size: 20 }, '问题台账.xlsx');
    await exportIssues({ open: 'Y', current: 1, size: 10 }, '会议议程.xlsx', true);
    expect(calls.map((c) => c.url)).toEqual(['/api/projectIssue/export?open=Y&deptId=d2', '/api/projectIssue/export?open=Y&agenda=Y']);
  });
});
