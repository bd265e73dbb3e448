// The wire shape of a project's annual plans: listed by project, saved as JSON with the months as a
// list (or split evenly on the server), removed by form ids.
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { listPlans, monthsOf, removePlans, submitPlan } from './projectPlan';

describe('projectPlan service', () => {
  it('lists the plans of a project, saves a year as JSON and removes by ids', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 'pl1' }));
    await listPlans('p1');
    await submitPlan({
      projectId: 'p1',
      planYear: 2026,
      yearPlanInvestment: '1200',
      yearMilestone: '主体封顶',
      planStartThisYear: 'N',
      planCompleteThisYear: 'Y',
      splitMode: '1',
    });
    await removePlans(['pl1']);
    expect(calls.map((c) => [c.method, c.url, c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body])).toEqual([
      ['GET', '/api/projectPlan/list?projectId=p1', undefined],
      [
        'POST',
        '/api/projectPlan/submit',
        { projectId: 'p1', planYear: 2026, yearPlanInvestment: '1200', yearMilestone: '主体封顶', planStartThisYear: 'N', planCompleteThisYear: 'Y', splitMode: '1' },
      ],
      ['POST', '/api/projectPlan/remove', 'ids=pl1'],
    ]);
  });

  it('reads the months of a plan January first, empty months as null', () => {
    expect(monthsOf({ m01: '100', m12: '50.5' })).toEqual(['100', null, null, null, null, null, null, null, null, null, null, '50.5']);
  });
});
