// The header's notice bell with real antd against a fake `/noticeManager`: the unread count on the
// badge, the newest unread notices in its popover (an empty state when there are none), one opened in
// the shared detail dialog — content through the allow-list, files as download links — after which the
// count is fetched again and the badge goes; the count is fetched again every minute, and a failure of
// that background fetch stays quiet.
import { act, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../tests/fetchMock';
import { messages, signIn } from '../../../tests/helpers';
import { body, findDialog } from '../../../tests/page';
import { click, renderWidget } from '../../../tests/renderWidget';
import type { MyNotice, NoticeDetail } from '@/services/business/notice';
import NoticeBell from './NoticeBell';

const path = (r: RecordedRequest) => r.url.split('?')[0];
const UNREAD = '/api/noticeManager/unread';
const DETAIL = '/api/noticeManager/detail';

const mine = (id: string, title: string, releaseTime: string): MyNotice => ({
  id,
  title,
  category: '3',
  categoryName: '会议通知',
  releaseTime,
  createUserName: '管委会办公室',
  read: false,
});
const MEETING = mine('n1', '关于召开二季度经济运行调度会的通知', '2026-06-20 09:00:00');
const POWER = mine('n2', '园区周六停电检修公告', '2026-06-18 16:30:00');

const DETAIL_OF_MEETING: NoticeDetail = {
  id: 'n1',
  title: MEETING.title,
  category: '3',
  categoryName: '会议通知',
  noticeStatus: 1,
  noticeStatusName: '已发布',
  releaseTime: MEETING.releaseTime,
  deptIds: ['d2'],
  roleIds: [],
  audienceName: '南湖园区',
  readCount: 1,
  createUserName: '管委会办公室',
  createTime: '2026-06-19 10:00:00',
  updateTime: '2026-06-20 09:00:00',
  content: '<p>请各园区<b>准时</b>参会。</p><img src="x" onerror="steal()">',
  read: true,
  attachments: [{ attachId: 'a1', originalName: '会议议程.docx', fileName: 'upload/agenda.docx', ossCode: '', attachSize: 20480, extension: 'docx' }],
};

/** The fake back end: `unread` answers what `state` holds; opening a notice reads it. */
function serve(initial: MyNotice[]) {
  const state = { unread: [...initial], failUnread: false };
  const mock = mockFetch((req) => {
    switch (path(req)) {
      case UNREAD:
        return state.failUnread ? fail(500, '服务器异常') : ok({ count: state.unread.length, list: state.unread });
      case DETAIL: {
        const { id } = body(req);
        state.unread = state.unread.filter((n) => n.id !== id);
        return ok(DETAIL_OF_MEETING);
      }
      default:
        return fail(404, 'no such path');
    }
  });
  return { ...mock, state };
}

const bell = () => screen.getByTestId('notice-bell');
const badgeText = () => bell().querySelector('.ant-badge-count')?.textContent ?? '';
const unreadCalls = (calls: RecordedRequest[]) => calls.filter((c) => path(c) === UNREAD).length;

describe('NoticeBell', () => {
  it('shows the unread count, lists the unread notices and opens one; the count then goes', async () => {
    signIn();
    const { calls } = serve([MEETING, POWER]);
    renderWidget(<NoticeBell />);
    await waitFor(() => expect(badgeText()).toBe('2'));
    expect(bell().getAttribute('aria-label')).toBe('通知公告，2 条未读');

    await click(bell());
    const list = await screen.findByTestId('notice-bell-list');
    expect(within(list).getAllByTestId('notice-bell-item').map((i) => i.textContent)).toEqual([MEETING.title, POWER.title]);
    expect(list.textContent).toContain('2026-06-20 09:00:00');

    await click(within(list).getByText(MEETING.title));
    const dialog = await findDialog();
    await within(dialog).findByTestId('notice-detail');
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe(MEETING.title);
    for (const text of ['会议通知', '2026-06-20 09:00:00', '管委会办公室', '会议议程.docx', '20 KB']) expect(dialog.textContent).toContain(text);
    // the server's sanitised HTML, through the allow-list once more
    expect(within(dialog).getByTestId('notice-content').innerHTML).toBe('<p>请各园区<b>准时</b>参会。</p>');
    expect(body(calls.find((c) => path(c) === DETAIL)!)).toEqual({ id: 'n1' });

    // read now: the count is asked for again, and one is left
    await waitFor(() => expect(badgeText()).toBe('1'));
    expect(bell().getAttribute('aria-label')).toBe('通知公告，1 条未读');
    expect(unreadCalls(calls)).toBeGreaterThanOrEqual(2);
  });

  it('says when nothing is unread, with no badge', async () => {
    signIn();
    const { calls } = serve([]);
    renderWidget(<NoticeBell />);
    await waitFor(() => expect(unreadCalls(calls)).toBe(1));
    expect(badgeText()).toBe('');
    expect(bell().getAttribute('aria-label')).toBe('通知公告');
    await click(bell());
    const list = await screen.findByTestId('notice-bell-list');
    expect(list.textContent).toContain('没有未读通知');
  });

  it('asks again every minute, and a failed ask keeps the last count without a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const { calls, state } = serve([MEETING]);
    renderWidget(<NoticeBell />);
    await waitFor(() => expect(badgeText()).toBe('1'));
    const before = unreadCalls(calls);
    state.unread = [MEETING, POWER];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() => expect(badgeText()).toBe('2'));
    expect(unreadCalls(calls)).toBe(before + 1);

    state.failUnread = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await waitFor(() => expect(unreadCalls(calls)).toBe(before + 2));
    expect(badgeText()).toBe('2');
    expect(messages()).toEqual([]);
  });
});
