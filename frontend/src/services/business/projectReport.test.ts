// The wire shape of the monthly progress reports and the tracked projects: list filters as the query,
// the report as JSON (decimals as text, the status change nested), the review on its one endpoint, a
// removal as form ids, and an export without paging.
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { exportReports, getTrackedProject, listReports, listTrackedProjects, removeReports, reportReview, submitReport } from './projectReport';

describe('projectReport service', () => {
  it('lists tracked projects and reports with their filters, submits JSON, removes by ids and reviews through /projectReport/review', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ count: 1 }));
    await listTrackedProjects({ period: '2026-10', reported: 'N', current: 1, size: 10 });
    await listReports({ period: '2026-10', reportStatus: '1', current: 1, size: 10 });
    await submitReport({
      projectId: 'p1',
      period: '2026-10',
      monthInvestment: '1200.5',
      buildingInvestment: null,
      installInvestment: null,
      equipmentPurchase: null,
      otherCost: null,
      fundsInPlaceMonth: null,
      projectStatus: '50',
      statusChange: { actualStartDate: '2026-10-08' },
      currentStage: '',
      progressDesc: '主体施工',
      nextMonthPlan: '',
      workersOnSite: 80,
      hasIssue: 'N',
      remark: '',
    });
    await removeReports(['r1', 'r2']);
    await reportReview.approve(['r1', 'r2']);
    await reportReview.log('r1');
    expect(calls.map((c) => [c.method, c.url, c.body && c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body])).toEqual([
      ['GET', '/api/project/tracked?period=2026-10&reported=N&current=1&size=10', undefined],
      ['GET', '/api/projectReport/list?period=2026-10&reportStatus=1&current=1&size=10', undefined],
      [
        'POST',
        '/api/projectReport/submit',
        expect.objectContaining({ projectId: 'p1', period: '2026-10', monthInvestment: '1200.5', statusChange: { actualStartDate: '2026-10-08' } }),
      ],
      ['POST', '/api/projectReport/remove', 'ids=r1%2Cr2'],
      ['POST', '/api/projectReport/review', { ids: ['r1', 'r2'], step: 'approve', opinion: '' }],
      ['GET', '/api/projectReport/review-log?id=r1', undefined],
    ]);
  });

  it('reads one tracked project of a period by its id', async () => {
    signIn();
    const { calls } = mockFetch(() =>
      ok({
        records: [{ id: 'p8', projectName: '电池', projectStatus: '40', proposableStatuses: ['50', '90'] }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    );
    const found = await getTrackedProject('p8', '2026-10');
    expect(found).toMatchObject({ id: 'p8', proposableStatuses: ['50', '90'] });
    expect(calls.map((c) => c.url)).toEqual(['/api/project/tracked?projectId=p8&period=2026-10']);
  });

  it('answers no project when the id is not among the tracked ones', async () => {
    signIn();
    mockFetch(() => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }));
    expect(await getTrackedProject('p9', '2026-10')).toBeUndefined();
  });

  it('exports the filters and sort of the list without its paging', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => new Response('xlsx'));
    await exportReports({ period: '2026-10', deptId: 'd2', current: 3, size: 20 }, '项目月报.xlsx');
    expect(calls.map((c) => c.url)).toEqual(['/api/projectReport/export?period=2026-10&deptId=d2']);
  });
});
