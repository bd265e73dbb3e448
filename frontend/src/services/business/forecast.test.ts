// The wire shape of investment forecasts: the month's list with empty filters left out, a forecast
// saved as JSON, removals as form ids, the review under `/investmentForecast`, the summary and the
// project detail by period, and each tab's export with the same query.
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import {
  exportForecastProjects,
  exportForecasts,
  exportForecastSummary,
  forecastReview,
  getForecast,
  getForecastSummary,
  listForecastProjects,
  listForecasts,
  removeForecasts,
  submitForecast,
} from './forecast';

const sent = (c: { method: string; url: string; body: unknown }) => [
  c.method,
  c.url,
  c.method === 'POST' && String(c.body).startsWith('{') ? JSON.parse(String(c.body)) : c.body,
];

describe('forecast service', () => {
  it('lists, reads, saves, removes and reviews forecasts', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: 'f1' }));
    await listForecasts({ period: '2026-03', reportStatus: '', deptId: 'd2' });
    await getForecast('f1');
    await submitForecast({ projectId: 'p1', period: '2026-03', expectedMonthInvestment: '300', expectedQuarterInvestment: null, expectedYearInvestment: '3600' });
    await removeForecasts(['f1', 'f2']);
    await forecastReview.return(['f1'], '依据不足');
    await forecastReview.log('f1');
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/investmentForecast/list?period=2026-03&deptId=d2', undefined],
      ['GET', '/api/investmentForecast/detail?id=f1', undefined],
      ['POST', '/api/investmentForecast/submit', { projectId: 'p1', period: '2026-03', expectedMonthInvestment: '300', expectedQuarterInvestment: null, expectedYearInvestment: '3600' }],
      ['POST', '/api/investmentForecast/remove', 'ids=f1%2Cf2'],
      ['POST', '/api/investmentForecast/review', { ids: ['f1'], step: 'return', opinion: '依据不足' }],
      ['GET', '/api/investmentForecast/review-log?id=f1', undefined],
    ]);
  });

  it('asks the summary and the projects of a month', async () => {
    signIn();
    const { calls } = mockFetch(() => ok([]));
    await getForecastSummary('2026-03');
    await listForecastProjects({ period: '2026-03', deptId: undefined });
    await listForecastProjects({ period: '2026-03', deptId: 'd2' });
    expect(calls.map(sent)).toEqual([
      ['GET', '/api/investmentForecast/summary?period=2026-03', undefined],
      ['GET', '/api/investmentForecast/projects?period=2026-03', undefined],
      ['GET', '/api/investmentForecast/projects?period=2026-03&deptId=d2', undefined],
    ]);
  });

  it('downloads each tab with the query it was listed with, empty filters left out', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = mockFetch(() => new Response('xlsx'));
    await exportForecasts({ period: '2026-03', reportStatus: '' }, 'f.xlsx');
    await exportForecastSummary('2026-03', 's.xlsx');
    await exportForecastProjects({ period: '2026-03', deptId: 'd2' }, 'p.xlsx');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/investmentForecast/export?period=2026-03',
      '/api/investmentForecast/export-summary?period=2026-03',
      '/api/investmentForecast/export-projects?period=2026-03&deptId=d2',
    ]);
  });
});
