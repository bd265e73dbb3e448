// The wire shape of the project service (/tmp/project-contract.md): list filters as the query, the
// review on its one endpoint, 入库纳统 as JSON, and an export without paging.
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { exportProjects, listProjects, projectReview, statIncluded, submitProject } from './project';

describe('project service', () => {
  it('lists with the filters, submits JSON, reviews through /project/review and includes in the statistics', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ count: 1 }));
    await listProjects({ projectName: '电池', inLibrary: 'N', current: 1, size: 10 });
    await submitProject({ projectName: '电池', totalInvestment: '12000.5' });
    await projectReview.return(['p2'], '缺少环评批复');
    await projectReview.log('p2');
    await statIncluded('p2', '2026-03');
    expect(calls.map((c) => [c.method, c.url, c.body ? JSON.parse(String(c.body)) : undefined])).toEqual([
      ['GET', '/api/project/list?projectName=%E7%94%B5%E6%B1%A0&inLibrary=N&current=1&size=10', undefined],
      ['POST', '/api/project/submit', { projectName: '电池', totalInvestment: '12000.5' }],
      ['POST', '/api/project/review', { ids: ['p2'], step: 'return', opinion: '缺少环评批复' }],
      ['GET', '/api/project/review-log?id=p2', undefined],
      ['POST', '/api/project/stat-included', { id: 'p2', period: '2026-03' }],
    ]);
  });

  it('exports the filters and sort of the list without its paging', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => new Response('xlsx'));
    await exportProjects({ inLibrary: 'N', deptId: 'd2', current: 3, size: 20, descs: 'submit_time' }, '项目入库.xlsx');
    expect(calls.map((c) => c.url)).toEqual(['/api/project/export?inLibrary=N&deptId=d2&descs=submit_time']);
  });
});
