// A monthly report's form values as the `projectReport/submit` body: decimals as text, days as
// YYYY-MM-DD, and the status change only when the status moves, with only the facts shown for it.
import { describe, expect, it } from 'vitest';
import { toSubmit } from './reportValues';

const target = { projectId: 'p1', period: '2026-10', currentStatus: '40', changeFields: ['actualStartDate', 'reason'] as const };

describe('toSubmit', () => {
  it('sends decimals as text without their padding, empty ones as null, and trims the texts', () => {
    const body = toSubmit({ monthInvestment: '1200.5000', otherCost: '', projectStatus: '40', progressDesc: ' 桩基 ', workersOnSite: 12 }, target);
    expect(body).toMatchObject({ monthInvestment: '1200.5', otherCost: null, progressDesc: '桩基', workersOnSite: 12, hasIssue: 'N', remark: '' });
    expect(body).not.toHaveProperty('statusChange');
    expect(body).not.toHaveProperty('id');
  });

  it('sends the facts shown for a move, not those left from another status chosen before', () => {
    const body = toSubmit(
      {
        monthInvestment: '0',
        projectStatus: '50',
        statusChange: { actualStartDate: '2026-10-08T00:00:00', actualCompletionDate: '2026-10-20', reason: '  ' },
      },
      { ...target, id: 'r1' },
    );
    expect(body).toMatchObject({ id: 'r1', projectStatus: '50', statusChange: { actualStartDate: '2026-10-08' } });
  });
});
