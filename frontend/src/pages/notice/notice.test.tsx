// 通知公告 with real antd and Pro components against a fake `/noticeManager` (contract
// /tmp/notice/api.md): the list shows the `notice` menu's buttons the person holds, and on each row only
// the moves its status allows (edit, publish and delete for drafts and withdrawn notices, withdraw for
// published ones); a toolbar move takes the selected rows it applies to and names the others as
// skipped; 阅读情况 lists the readers page by page. The form sends title, category, the audience as
// `deptIds`/`roleIds` arrays, the content as HTML and the stored files as `attachIds`; it refuses an
// empty content before anything is sent, and an edit starts from the notice as the server has it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../tests/backend';
import { ok, type RecordedRequest } from '../../../tests/fetchMock';
import { signIn, submitForm } from '../../../tests/helpers';
import { body, buttonIn, buttonsIn, click, findDialog, form, last, menuButton, pickOption, query, rowWith, toolbarButton, toolbarButtons } from '../../../tests/page';
import { renderWidget } from '../../../tests/renderWidget';
import type { NoticeDetail, NoticeRow } from '@/services/business/notice';
import { setButtons } from '@/utils/authority';
import NoticeForm, { toFormValues, toSubmit } from './components/NoticeForm';
import NoticeList from './list';

const MENU = 'notice';
const LIST = '/api/noticeManager/list';
const SUBMIT = '/api/noticeManager/submit';
const DETAIL = '/api/noticeManager/detail';
const PUBLISH = '/api/noticeManager/publish';
const WITHDRAW = '/api/noticeManager/withdraw';
const RECEIPTS = '/api/noticeManager/receipts';
const UPLOAD = '/api/keeper-resource/oss/endpoint/put-file-attach';

/** The seed's buttons of the `notice` menu, by alias. */
const BUTTONS: Record<string, API.MenuButton> = {
  add: menuButton(MENU, 'add', 1, '/notice/add', 1),
  edit: menuButton(MENU, 'edit', 2, '/notice/edit', 2),
  delete: menuButton(MENU, 'delete', 3, '/api/noticeManager/remove', 3),
  view: menuButton(MENU, 'view', 2, '/notice/view', 4),
  publish: { ...menuButton(MENU, 'publish', 3, PUBLISH, 5), source: 'send' },
  withdraw: { ...menuButton(MENU, 'withdraw', 3, WITHDRAW, 6), source: 'rollback' },
  receipt: menuButton(MENU, 'receipt', 2, RECEIPTS, 7),
};

const notice = (over: Partial<NoticeRow>): NoticeRow => ({
  id: 'n1',
  title: '关于报送三季度产值的通知',
  category: '1',
  categoryName: '通知',
  noticeStatus: 0,
  noticeStatusName: '草稿',
  releaseTime: null,
  deptIds: [],
  roleIds: [],
  audienceName: '全体人员',
  readCount: 0,
  createUserName: '管委会办公室',
  createTime: '2026-09-20 10:00:00',
  updateTime: '2026-09-20 10:00:00',
  ...over,
});
const DRAFT = notice({});
const PUBLISHED = notice({
  id: 'n2',
  title: '园区周六停电检修公告',
  category: '2',
  categoryName: '公告',
  noticeStatus: 1,
  noticeStatusName: '已发布',
  releaseTime: '2026-09-18 16:30:00',
  deptIds: ['d2'],
  audienceName: '高新片区',
  readCount: 12,
});
const WITHDRAWN = notice({
  id: 'n3',
  title: '二季度经济运行调度会议通知',
  category: '3',
  categoryName: '会议通知',
  noticeStatus: 2,
  noticeStatusName: '已撤回',
  releaseTime: '2026-06-20 09:00:00',
  deptIds: ['d2'],
  roleIds: ['r1'],
  audienceName: '高新片区、园区填报员',
  readCount: 3,
});

const DEPTS = [{ id: 'd1', deptName: '东区经开区', powerType: 1, children: [{ id: 'd2', deptName: '高新片区', powerType: 2 }] }];
const ROLES = [{ id: 'r1', parentId: '0', title: '园区填报员', key: 'r1', value: 'r1' }];
const CATEGORIES = [
  ['1', '通知'],
  ['2', '公告'],
  ['3', '会议通知'],
  ['4', '工作提醒'],
  ['5', '政策文件'],
].map(([dictKey, dictValue]) => ({ dictKey, dictValue }));

const detailOf = (row: NoticeRow): NoticeDetail => ({
  ...row,
  content: '<p>请各园区于<b>10月5日</b>前报送。</p>',
  read: false,
  attachments: [{ attachId: 'a1', originalName: '报送模板.xlsx', fileName: 'upload/t.xlsx', ossCode: '', attachSize: 9216, extension: 'xlsx' }],
});

/** The fake back end of the screen, with `routes` added. */
function serve(routes: Parameters<typeof backend>[0] = {}) {
  return backend({
    [LIST]: () => ok({ records: [DRAFT, PUBLISHED, WITHDRAWN], total: 3, size: 10, current: 1, pages: 1 }),
    [DETAIL]: (req) => ok(detailOf([DRAFT, PUBLISHED, WITHDRAWN].find((n) => n.id === body(req).id)!)),
    [PUBLISH]: (req) => ok({ count: form(req).ids.split(',').length }),
    [WITHDRAW]: (req) => ok({ count: form(req).ids.split(',').length }),
    [RECEIPTS]: () => ok({ records: [{ userId: 'u7', userName: '钱填报', readTime: '2026-09-18 17:02:11' }], total: 1, size: 10, current: 1, pages: 1 }),
    [SUBMIT]: () => ok({ id: 'n9' }),
    [UPLOAD]: () => ok({ link: '/x', domain: '/api/keeper-resource', name: 'upload/agenda.docx', originalName: '会议议程.docx', attachId: 'a9' }),
    '/api/keeper-system/dict-biz/dictionary': () => ok(CATEGORIES),
    '/api/keeper-system/dept/commonList': () => ok(DEPTS),
    '/api/keeper-system/role/tree': () => ok(ROLES),
    ...routes,
  });
}

/** The list of a person holding the buttons `aliases` of the menu. */
async function openList(aliases: string[]) {
  signIn();
  setButtons([{ code: MENU, buttons: aliases.map((a) => BUTTONS[a]) }]);
  const server = serve();
  renderWidget(<NoticeList />);
  await screen.findByText(DRAFT.title);
  return server;
}

const ALL = Object.keys(BUTTONS);
const calledTo = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p);
const select = async (title: string) => click((await rowWith(title)).querySelector('input[type="checkbox"]')!);

describe('notice list', () => {
  it('lists the notices with their status, audience and readers, and asks the server for them newest first', async () => {
    const { calls } = await openList(ALL);
    const published = await rowWith(PUBLISHED.title);
    for (const text of ['公告', '已发布', '高新片区', '2026-09-18 16:30:00', '12', '管委会办公室']) expect(published.textContent).toContain(text);
    expect((await rowWith(DRAFT.title)).textContent).toContain('草稿');
    expect((await rowWith(WITHDRAWN.title)).textContent).toContain('已撤回');
    // no sort of its own: the server's default, newest first
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10' });
    const header = document.querySelector('.ant-table-thead')!.textContent;
    for (const title of ['标题', '类别', '状态', '发送范围', '发布时间', '已读人数', '发布人']) expect(header).toContain(title);
  });

  it('offers on each row only the moves its status allows, and the toolbar moves by grant', async () => {
    await openList(ALL);
    expect(toolbarButtons()).toEqual(['新增', '删除', '发布', '撤回']);
    // the seed's icons of the two
    expect(toolbarButton('发布').querySelector('.anticon-send')).not.toBeNull();
    expect(toolbarButton('撤回').querySelector('.anticon-rollback')).not.toBeNull();
    expect(buttonsIn(await rowWith(DRAFT.title))).toEqual(['修改', '删除', '查看', '发布']);
    expect(buttonsIn(await rowWith(PUBLISHED.title))).toEqual(['查看', '撤回', '阅读情况']);
    expect(buttonsIn(await rowWith(WITHDRAWN.title))).toEqual(['修改', '删除', '查看', '发布', '阅读情况']);
  });

  it('shows a reader of the screen only what they were granted', async () => {
    await openList(['view', 'receipt']);
    expect(toolbarButtons()).toEqual([]);
    expect(buttonsIn(await rowWith(DRAFT.title))).toEqual(['查看']);
    expect(buttonsIn(await rowWith(PUBLISHED.title))).toEqual(['查看', '阅读情况']);
    expect(document.querySelector('.ant-table-tbody input[type="checkbox"]')).toBeNull();
  });

  it('publishes a draft from its row after asking, and lists again', async () => {
    const { calls } = await openList(ALL);
    const lists = calledTo(calls, LIST).length;
    await click(buttonIn(await rowWith(DRAFT.title), '发布'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定发布选中的 1 条通知吗？');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(calledTo(calls, PUBLISH)).toHaveLength(1));
    expect(form(calledTo(calls, PUBLISH)[0])).toEqual({ ids: 'n1' });
    await waitFor(() => expect(calledTo(calls, LIST).length).toBeGreaterThan(lists));
  });

  it('withdraws from the toolbar only the selected notices that are published, naming the others', async () => {
    const { calls } = await openList(ALL);
    await select(DRAFT.title);
    await select(PUBLISHED.title);
    await click(toolbarButton('撤回'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定撤回选中的 1 条通知吗？');
    expect(dialog.textContent).toContain('另有 1 条通知当前不能撤回，已略过。');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(calledTo(calls, WITHDRAW)).toHaveLength(1));
    expect(form(calledTo(calls, WITHDRAW)[0])).toEqual({ ids: 'n2' });
  });

  it('lists who read a notice in 阅读情况', async () => {
    const { calls } = await openList(ALL);
    await click(buttonIn(await rowWith(PUBLISHED.title), '阅读情况'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe(`阅读情况 - ${PUBLISHED.title}`);
    const reader = (await within(dialog).findByText('钱填报')).closest('tr')!;
    expect(reader.textContent).toContain('2026-09-18 17:02:11');
    expect(within(dialog).getByTestId('notice-receipt-summary').textContent).toBe('已读 1 人（发送范围：高新片区）');
    expect(query(last(calls, RECEIPTS)!)).toEqual({ id: 'n2', current: '1', size: '10' });
  });
});

/** The form of `mode` (of the notice `id`) against the fake back end. */
async function openForm(mode: 'add' | 'edit' | 'view', id?: string, routes: Parameters<typeof backend>[0] = {}) {
  signIn();
  const server = serve(routes);
  renderWidget(<NoticeForm mode={mode} id={id} />);
  // a read-only form has labels but no inputs
  if (mode === 'view') await screen.findByTestId('rich-text-view');
  else await screen.findByLabelText('标题');
  return server;
}

const editor = () => document.querySelector<HTMLElement>('form#notice-form [role="textbox"]')!;

async function typeContent(html: string) {
  await act(async () => {
    editor().innerHTML = html;
    fireEvent.input(editor());
  });
}

describe('notice form', () => {
  it('sends the title, category, audience arrays, the content as HTML and the stored files', async () => {
    const { calls } = await openForm('add');
    // nobody chosen yet: the whole zone
    expect(screen.getByTestId('notice-audience-hint').textContent).toContain('部门和角色都不选时，通知发给本单位全体人员。');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: ' 关于召开四季度调度会的通知 ' } });
    await pickOption('类别', '会议通知');
    await pickOption('接收部门', '高新片区');
    await waitFor(() => expect(screen.getByTestId('notice-audience-hint').textContent).toContain('所选部门（含其下级部门）'));
    await typeContent('<h3>一、时间</h3><p>10月8日<b>上午9点</b></p>');
    const input = screen.getByTestId('notice-attach').querySelector('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['docx'], '会议议程.docx')] } });
    });
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-done')?.textContent).toContain('会议议程.docx'));
    expect(((calledTo(calls, UPLOAD)[0].body as FormData).get('file') as File).name).toBe('会议议程.docx');

    await submitForm('notice-form');
    await waitFor(() => expect(calledTo(calls, SUBMIT)).toHaveLength(1));
    expect(body(calledTo(calls, SUBMIT)[0])).toEqual({
      title: '关于召开四季度调度会的通知',
      category: '3',
      content: '<h3>一、时间</h3><p>10月8日<b>上午9点</b></p>',
      deptIds: ['d2'],
      roleIds: [],
      attachIds: ['a9'],
    });
  });

  it('refuses an empty content before anything is sent', async () => {
    const { calls } = await openForm('add');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '停电通知' } });
    await pickOption('类别', '通知');
    await typeContent('<p><br></p>');
    await submitForm('notice-form');
    expect(await screen.findByText('请输入正文')).toBeTruthy();
    // outlined as refused, like any refused input
    await waitFor(() => expect(editor().getAttribute('aria-invalid')).toBe('true'));
    expect(calledTo(calls, SUBMIT)).toHaveLength(0);
  });

  it('edits a withdrawn notice from what the server holds, keeping its audience and files', async () => {
    const { calls } = await openForm('edit', 'n3');
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe(WITHDRAWN.title));
    expect(body(last(calls, DETAIL)!)).toEqual({ id: 'n3' });
    await waitFor(() => expect(editor().innerHTML).toBe('<p>请各园区于<b>10月5日</b>前报送。</p>'));
    expect(screen.getByTestId('notice-attach').textContent).toContain('报送模板.xlsx');
    expect(screen.queryByTestId('notice-published-edit')).toBeNull();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '二季度经济运行调度会议通知（更正）' } });
    await submitForm('notice-form');
    await waitFor(() => expect(calledTo(calls, SUBMIT)).toHaveLength(1));
    expect(body(calledTo(calls, SUBMIT)[0])).toEqual({
      id: 'n3',
      title: '二季度经济运行调度会议通知（更正）',
      category: '3',
      content: '<p>请各园区于<b>10月5日</b>前报送。</p>',
      deptIds: ['d2'],
      roleIds: ['r1'],
      attachIds: ['a1'],
    });
  });

  it('says that a published notice is withdrawn before it is changed', async () => {
    await openForm('edit', 'n2');
    expect(await screen.findByTestId('notice-published-edit')).toBeTruthy();
    expect(screen.getByTestId('notice-published-edit').textContent).toContain('须先撤回才能修改');
  });

  it('shows a notice read-only in view, its content rendered and its files as downloads', async () => {
    await openForm('view', 'n2');
    const content = await screen.findByTestId('rich-text-view');
    expect(content.innerHTML).toBe('<p>请各园区于<b>10月5日</b>前报送。</p>');
    expect(screen.getByTestId('notice-attachments').textContent).toContain('报送模板.xlsx');
    expect(document.querySelector('form#notice-form [role="textbox"]')).toBeNull();
    expect(document.querySelector('form#notice-form button[type="submit"]')).toBeNull();
  });

  it('maps a notice to the form and back', () => {
    expect(toSubmit(toFormValues(detailOf(WITHDRAWN)), 'n3')).toEqual({
      id: 'n3',
      title: WITHDRAWN.title,
      category: '3',
      content: '<p>请各园区于<b>10月5日</b>前报送。</p>',
      deptIds: ['d2'],
      roleIds: ['r1'],
      attachIds: ['a1'],
    });
  });
});
