// The statuses a monthly report may give its project (its own and the server's proposableStatuses)
// and the facts each asks for, as the lifecycle of services/business has them (lifecycle::requires).
import { describe, expect, it } from 'vitest';
import { changeFields, reportStatuses } from './statusChange';

describe('reportStatuses', () => {
  it('offers the project’s own status first, then what the server says a report may propose', () => {
    expect(reportStatuses({ projectStatus: '40', proposableStatuses: ['50', '90'] })).toEqual(['40', '50', '90']);
    expect(reportStatuses({ projectStatus: '60', proposableStatuses: ['70'] })).toEqual(['60', '70']);
  });

  it('resumes a halted project only to the status the server names', () => {
    expect(reportStatuses({ projectStatus: '90', proposableStatuses: ['50'] })).toEqual(['90', '50']);
  });

  it('lists each status once, and only the own one when the server proposes none', () => {
    expect(reportStatuses({ projectStatus: '50', proposableStatuses: ['50', '60', '60'] })).toEqual(['50', '60']);
    expect(reportStatuses({ projectStatus: '80', proposableStatuses: [] })).toEqual(['80']);
    // a server without the field: the status stays as it is
    expect(reportStatuses({ projectStatus: '80' } as never)).toEqual(['80']);
  });
});

describe('changeFields', () => {
  const local = { projectStatus: '40', projectSource: '2' };
  const attracted = { projectStatus: '30', projectSource: '1' };

  it('asks nothing when the status stays', () => {
    expect(changeFields(local, '40')).toEqual([]);
    expect(changeFields(local, undefined)).toEqual([]);
  });

  it('asks the days a status brings that the project lacks, and an optional reason', () => {
    expect(changeFields(local, '50')).toEqual([
      { field: 'actualStartDate', required: true },
      { field: 'reason', required: false },
    ]);
    // 在建 → 投产 records the completion too; the start is already there
    expect(changeFields({ ...local, projectStatus: '50', actualStartDate: '2025-03-01' }, '70').map((f) => f.field)).toEqual([
      'actualCompletionDate',
      'productionDate',
      'reason',
    ]);
  });

  it('asks the signing only of a 招商引资 project, and a reason for a halt', () => {
    expect(
      changeFields(attracted, '50')
        .filter((f) => f.required)
        .map((f) => f.field),
    ).toEqual(['signDate', 'contractAmount', 'actualStartDate']);
    expect(changeFields({ ...attracted, signDate: '2026-01-10', contractAmount: '3000' }, '40')).toEqual([{ field: 'reason', required: false }]);
    expect(changeFields({ ...local, projectStatus: '50' }, '90')).toEqual([{ field: 'reason', required: true }]);
  });
});
