// Notices in the signed-in shell, the whole app against the fake back end: the header's bell counts the
// unread notices, the home page's 最新通知 lists the newest five with the unread ones marked, and one
// opened from the home page shows in the shared detail dialog, after which both the list's marker and
// the bell's count go. The management screen answers at /notice (the menu's path) under its own title.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { ok, type RecordedRequest } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { menu } from '../../../tests/menus';
import { body, click, findDialog, menuButton, query } from '../../../tests/page';
import { renderApp } from '../../../tests/renderApp';
import type { MyNotice } from '@/services/business/notice';

const MINE = '/api/noticeManager/mine';
const UNREAD = '/api/noticeManager/unread';
const DETAIL = '/api/noticeManager/detail';

const mine = (id: string, title: string, read: boolean): MyNotice => ({
  id,
  title,
  category: '1',
  categoryName: '通知',
  releaseTime: '2026-09-18 16:30:00',
  createUserName: '管委会办公室',
  read,
});

/** The back end of the shell, with the notices of the signed-in person; opening one reads it. */
function serve() {
  let notices = [mine('n1', '关于报送三季度产值的通知', false), mine('n2', '国庆假期值班安排', true)];
  return backend({
    [MINE]: () => ok({ records: notices, total: notices.length, size: 5, current: 1, pages: 1 }),
    [UNREAD]: () => {
      const unread = notices.filter((n) => !n.read);
      return ok({ count: unread.length, list: unread });
    },
    [DETAIL]: (req) => {
      const { id } = body(req);
      notices = notices.map((n) => (n.id === id ? { ...n, read: true } : n));
      const n = notices.find((x) => x.id === id)!;
      return ok({
        ...n,
        noticeStatus: 1,
        noticeStatusName: '已发布',
        deptIds: [],
        roleIds: [],
        audienceName: '全体人员',
        readCount: 1,
        createTime: '2026-09-18 10:00:00',
        updateTime: '2026-09-18 16:30:00',
        content: '<p>请于10月5日前报送。</p>',
        attachments: [],
      });
    },
  });
}

const badge = () => document.querySelector('[data-testid="notice-bell"] .ant-badge-count')?.textContent ?? '';
const called = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p);

describe('notices on the home page and in the header', { timeout: 120_000 }, () => {
  it('counts the unread in the bell, lists the newest with the unread marked, and reads one', async () => {
    signIn();
    const { calls } = serve();
    await renderApp('/home');
    const card = await screen.findByTestId('home-notices');
    await within(card).findByText('关于报送三季度产值的通知');
    expect(card.querySelector('.ant-card-head-title')?.textContent).toBe('最新通知');
    expect(query(called(calls, MINE)[0])).toEqual({ current: '1', size: '5' });
    const items = within(card).getAllByTestId('home-notice');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(items[0].textContent).toContain('未读');
    expect(items[1].textContent).not.toContain('未读');
    await waitFor(() => expect(badge()).toBe('1'));
    // the modules are still there
    expect(screen.getByText('可用模块')).toBeTruthy();

    await click(within(card).getByText('关于报送三季度产值的通知'));
    const dialog = await findDialog();
    expect(await within(dialog).findByText('请于10月5日前报送。')).toBeTruthy();
    expect(body(called(calls, DETAIL)[0])).toEqual({ id: 'n1' });
    await waitFor(() => expect(badge()).toBe(''));
    await waitFor(() => expect(within(card).getAllByTestId('home-notice').map((i) => i.getAttribute('data-read'))).toEqual(['true', 'true']));
  });

  it('opens the management screen at the menu path /notice under its title', async () => {
    signIn();
    backend({
      '/api/keeper-system/menu/routes': () => ok([menu('notice', '通知公告', '/notice', 3)]),
      '/api/keeper-system/menu/buttons': () =>
        ok([{ id: 'notice', parentId: '0', code: 'notice', name: '通知公告', alias: 'menu', path: '/notice', children: [menuButton('notice', 'add', 1, '/notice/add', 1)] }]),
      '/api/noticeManager/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    });
    const app = await renderApp('/notice');
    await waitFor(() => expect(app.location()).toBe('/notice/list'));
    await waitFor(() => expect(document.title).toBe('通知公告 - 经济调度平台'));
    await waitFor(() => expect(document.querySelector('.ant-pro-table-list-toolbar')?.textContent?.replace(/\s/g, '')).toContain('新增'));
  });
});
