// The wire shape of the finished-project service: the list filters as the query, an export without
// paging, the completion fields as JSON on /project/finished/submit, and the screen's status moves on
// /project/status.
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { changeProjectStatus, exportFinishedProjects, listFinishedProjects, submitCompletion } from './finished';

describe('finished project service', () => {
  it('lists the finished projects with their filters and exports them without paging', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch((req) => (req.url.includes('/export') ? new Response('xlsx') : ok({ records: [], total: 0, size: 10, current: 1, pages: 0 })));
    await listFinishedProjects({ completionYear: '2026', projectStatus: '70', current: 1, size: 10 });
    await exportFinishedProjects({ completionYear: '2026', deptId: 'd2', current: 2, size: 20 }, '已完成项目.xlsx');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/project/finished?completionYear=2026&projectStatus=70&current=1&size=10'],
      ['GET', '/api/project/finished/export?completionYear=2026&deptId=d2'],
    ]);
  });

  it('records the completion and moves the status as JSON', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 'p21' }));
    await submitCompletion({ id: 'p21', actualTotalInvestment: '47000.25', acceptanceDate: '2026-05-10', enteredAboveScale: 'Y' });
    await changeProjectStatus({ id: 'p21', toStatus: '80', fullCapacityDate: '2026-10-01' });
    expect(calls.map((c) => [c.method, c.url, JSON.parse(String(c.body))])).toEqual([
      ['POST', '/api/project/finished/submit', { id: 'p21', actualTotalInvestment: '47000.25', acceptanceDate: '2026-05-10', enteredAboveScale: 'Y' }],
      ['POST', '/api/project/status', { id: 'p21', toStatus: '80', fullCapacityDate: '2026-10-01' }],
    ]);
  });
});
