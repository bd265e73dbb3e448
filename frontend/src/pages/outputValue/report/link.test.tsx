// 产值填报 opened by a link (the home page's to-dos, issue 18) with real antd and Pro components against a
// fake back end: the month and the status in the URL are those of the list's first request and show in
// its filters; 未报 (not filed, a draft or returned) is a status of its own beside 未填; 重置 clears the
// link's status from the list and the URL and keeps the month; without a status the list opens as always.
import { StyleProvider } from '@ant-design/cssinjs';
import { screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { buttonIn, click, itemOf, last, menuButton, query } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type { CompletenessView, OutputReportRecord } from '@/services/business/outputReport';
import { setButtons } from '@/utils/authority';
import OutputReport from '.';

const MENU = 'output_report';
const LIST = '/api/outputValue/list';
const COMPLETENESS = '/api/outputValue/completeness';

/** A submitted September report: what a reviewer's 待审核的产值填报 leads to. */
const SUBMITTED = {
  id: 'r1',
  enterpriseId: 'e1',
  enterpriseName: '东区机械',
  creditCode: '',
  deptId: 'd2',
  deptName: '东区',
  industryCode: 'C34',
  industryName: '通用设备制造业',
  isAboveScale: 'Y',
  isAboveScaleName: '是',
  expected: true,
  period: '2026-09',
  monthOutput: '1200',
  ytdBefore: '0',
  ytdOutput: '1200',
  lastYearMonthOutput: null,
  lastYearYtdOutput: null,
  lastYearFromReports: false,
  yoy: null,
  monthYoy: null,
  annualTarget: null,
  ytdTarget: null,
  completion: null,
  reportStatus: '1',
  reportStatusName: '待审核',
  isLate: '',
  submitTime: '2026-10-03 10:00:00',
  reviewOpinion: '',
  nextSteps: ['approve', 'return'],
} as unknown as OutputReportRecord;

const SUMMARY: CompletenessView = {
  period: '2026-09',
  deadline: '2026-10-05',
  locked: false,
  reportingMonth: true,
  depts: [],
  total: { deptId: null, deptName: '', expected: 1, reported: 1, approved: 0, missing: 0, late: 0 },
};

/** A reviewer's screen opened at `search`. */
function open(search: string) {
  signIn();
  setButtons([
    {
      code: MENU,
      buttons: [menuButton(MENU, 'view', 2, '/outputValue/report/view', 4), menuButton(MENU, 'approve', 3, '/api/outputValue/approve', 8)],
    },
  ]);
  history.replace(`/outputValue/report${search}`);
  const server = projectBackend({
    [LIST]: () => ok({ records: [SUBMITTED], total: 1, size: 10, current: 1, pages: 1 }),
    [COMPLETENESS]: () => ok(SUMMARY),
  });
  renderWidget(
    <StyleProvider mock="server">
      <OutputReport />
    </StyleProvider>,
  );
  return server;
}

const listCalls = (calls: ReturnType<typeof open>['calls']) => calls.filter((c) => path(c) === LIST);
const filters = () => waitFor(() => document.querySelector('.ant-pro-query-filter') as HTMLElement);

describe('产值填报 opened from a link', () => {
  it('asks for the month and the status of the URL at once and shows the status in the filters', async () => {
    const { calls } = open('?period=2026-09&reportStatus=1');
    await screen.findByText('东区机械');
    // the first request already carries both: no unfiltered list on the way
    expect(listCalls(calls).map(query)).toEqual([{ current: '1', size: '10', period: '2026-09', reportStatus: '1' }]);
    expect((await itemOf(await filters(), '状态')).textContent).toContain('待审核');
  });

  it('offers 未报 beside 未填 and asks for it by its key', async () => {
    const { calls } = open('?period=2026-10&reportStatus=unreported');
    await screen.findByText('东区机械');
    expect(query(listCalls(calls)[0])).toMatchObject({ period: '2026-10', reportStatus: 'unreported' });
    expect((await itemOf(await filters(), '状态')).textContent).toContain('未报（未填、草稿、退回）');
  });

  it('clears the link’s status with 重置, from the list and from the URL, and keeps the month', async () => {
    const { calls } = open('?period=2026-09&reportStatus=1');
    await screen.findByText('东区机械');
    await click(buttonIn(await filters(), '重置'));
    await waitFor(() => expect(listCalls(calls).length).toBe(2));
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10', period: '2026-09' });
    await waitFor(() => expect(history.location.search).toBe('?period=2026-09'));
  });

  it('opens without a status as before when the URL names none', async () => {
    const { calls } = open('?period=2026-09');
    await screen.findByText('东区机械');
    expect(listCalls(calls).map(query)).toEqual([{ current: '1', size: '10', period: '2026-09' }]);
    expect(history.location.search).toBe('?period=2026-09');
  });
});
