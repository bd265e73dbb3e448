// The wire shape of the review workflow, written once for every filing kind (see review.ts).
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../tests/fetchMock';
import { signIn } from '../../tests/helpers';
import { reviewService } from './review';

const reports = reviewService('/outputReport');

describe('reviewService', () => {
  it('posts every step to one endpoint as JSON {ids, step, opinion} and reads the history by id', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ count: 1 }));
    await reports.submit(['1', '2']);
    await reports.return(['3'], '上年同期数据有误');
    await reports.unapprove(['4'], '企业更正本月产值');
    await reports.log('3');
    expect(calls.map((c) => [c.method, c.url, c.body ? JSON.parse(String(c.body)) : undefined])).toEqual([
      ['POST', '/api/outputReport/review', { ids: ['1', '2'], step: 'submit', opinion: '' }],
      ['POST', '/api/outputReport/review', { ids: ['3'], step: 'return', opinion: '上年同期数据有误' }],
      ['POST', '/api/outputReport/review', { ids: ['4'], step: 'unapprove', opinion: '企业更正本月产值' }],
      ['GET', '/api/outputReport/review-log?id=3', undefined],
    ]);
    expect(String(calls[0].headers['content-type'] ?? calls[0].headers['Content-Type'])).toContain('application/json');
  });
});
