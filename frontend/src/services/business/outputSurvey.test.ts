// The wire shape of enterprise output surveys: the list and the summary with the filters given (every
// round, all departments when left out), the prefill of an enterprise and year, saves and 生成分解 as
// JSON, the approval of one survey with the park's verified figure next to the review steps of
// `reviewService`, removals as form ids, and the export with the list's filters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import {
  exportOutputSurveys,
  generateFromSurveys,
  getOutputSurvey,
  getSurveyPrefill,
  getSurveySummary,
  listOutputSurveys,
  removeOutputSurveys,
  submitOutputSurvey,
  surveyReview,
  verifyOutputSurvey,
} from './outputSurvey';

const sent = (c: { method: string; url: string; body: unknown }) => [
  c.method,
  c.url,
  c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body,
];

afterEach(() => {
  vi.restoreAllMocks();
});

const QUARTERS = { expectedQ1: '2500', expectedQ2: '3000', expectedQ3: '3000', expectedQ4: '3000.5' };

describe('outputSurvey service', () => {
  it('lists, sums, reads, prefills, saves, reviews, generates and removes surveys', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 's1' }));
    await listOutputSurveys({ surveyYear: 2026, surveyRound: '1', deptId: 'd1', reportStatus: '', enterpriseName: '信达', current: 1, size: 50 });
    await listOutputSurveys({ surveyYear: 2026, current: 2, size: 50 });
    await getSurveySummary({ surveyYear: 2026, surveyRound: '2', deptId: undefined });
    await getOutputSurvey('s1');
    await getSurveyPrefill('e1', 2026);
    await submitOutputSurvey({
      surveyYear: 2026, surveyRound: '1', enterpriseId: 'e1', lastYearOutput: '10000', expectedOutput: '11500.5', ...QUARTERS,
      newCapacityOutput: '800', newProjectIds: ['p1', 'p2'], growthFactors: '新生产线投产', declineFactors: '', remark: '',
    });
    await verifyOutputSurvey('s1', '11200', '按用电量核减');
    await surveyReview.approve(['s1', 's2']);
    await surveyReview.return(['s3'], '请补充分季度预计');
    await generateFromSurveys({ surveyYear: 2026, surveyRound: '1', deptId: 'd2' });
    await removeOutputSurveys(['s4', 's5']);
    expect(calls.map(sent)).toEqual([
      ['GET', `/api/outputSurvey/list?surveyYear=2026&surveyRound=1&deptId=d1&enterpriseName=${encodeURIComponent('信达')}&current=1&size=50`, undefined],
      ['GET', '/api/outputSurvey/list?surveyYear=2026&current=2&size=50', undefined],
      ['GET', '/api/outputSurvey/summary?surveyYear=2026&surveyRound=2', undefined],
      ['GET', '/api/outputSurvey/detail?id=s1', undefined],
      ['GET', '/api/outputSurvey/prefill?enterpriseId=e1&surveyYear=2026', undefined],
      [
        'POST',
        '/api/outputSurvey/submit',
        {
          surveyYear: 2026, surveyRound: '1', enterpriseId: 'e1', lastYearOutput: '10000', expectedOutput: '11500.5', ...QUARTERS,
          newCapacityOutput: '800', newProjectIds: ['p1', 'p2'], growthFactors: '新生产线投产', declineFactors: '', remark: '',
        },
      ],
      ['POST', '/api/outputSurvey/review', { ids: ['s1'], step: 'approve', opinion: '按用电量核减', verifiedOutput: '11200' }],
      ['POST', '/api/outputSurvey/review', { ids: ['s1', 's2'], step: 'approve', opinion: '' }],
      ['POST', '/api/outputSurvey/review', { ids: ['s3'], step: 'return', opinion: '请补充分季度预计' }],
      ['POST', '/api/outputSurvey/generate', { surveyYear: 2026, surveyRound: '1', deptId: 'd2' }],
      ['POST', '/api/outputSurvey/remove', 'ids=s4%2Cs5'],
    ]);
  });

  it('exports with the filters of the list, without its paging', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(
      () => new Response('xlsx', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    );
    await exportOutputSurveys({ surveyYear: 2026, surveyRound: '1', deptId: 'd2', reportStatus: '2', current: 3, size: 50 }, '摸底分解.xlsx');
    await exportOutputSurveys({ surveyYear: 2026 }, '摸底分解.xlsx');
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/outputSurvey/export?surveyYear=2026&surveyRound=1&deptId=d2&reportStatus=2', undefined],
      ['GET', '/api/outputSurvey/export?surveyYear=2026', undefined],
    ]);
  });
});
