// The attachment screen in the whole app against a fake back end: the list (sizes for people, who
// uploaded what), the upload (through the request layer with its headers, with progress, the
// server's refusal shown), the preview and the download (links carrying the token), and removal.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, ok } from '../../../../tests/fetchMock';
import { signIn } from '../../../../tests/helpers';
import { buttonIn, buttonsIn, click, findDialog, form, last, menuButton, query, rowWith, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { humanSize } from '@/utils/files';
import { page, resourceBackend } from '../../../../tests/fixtures';

const attach = (over: Record<string, unknown>) => ({
  id: '1',
  link: 'http://127.0.0.1:9000/keeper/upload/20260101/a.png',
  domain: 'http://127.0.0.1:9000/keeper',
  name: 'upload/20260101/a.png',
  originalName: '园区平面图.png',
  extension: 'png',
  attachSize: 1572864,
  createUser: '1',
  createUserName: '管理员',
  createTime: '2026-01-01 08:00:00',
  ...over,
});
const PLAN = attach({});
const REPORT = attach({ id: '2', originalName: '月度报表.pdf', extension: 'pdf', attachSize: 2048, name: 'upload/20260101/b.pdf' });
const SHEET = attach({ id: '3', originalName: '企业名录.xlsx', extension: 'xlsx', attachSize: 512, name: 'upload/20260101/c.xlsx' });

const ALL = [
  menuButton('attach', 'upload', 1, '/api/keeper-resource/oss/endpoint/put-file-attach', 1),
  menuButton('attach', 'download', 2, '/api/keeper-resource/attach/download', 2),
  menuButton('attach', 'delete', 3, '/api/keeper-resource/attach/remove', 3),
];

function attachBackend(over: Parameters<typeof resourceBackend>[1] = {}, buttons = ALL) {
  return resourceBackend({ attach: buttons }, { '/api/keeper-resource/attach/list': () => page([PLAN, REPORT, SHEET]), ...over });
}

describe('attachment list', () => {
  it('lists the files with readable sizes, uploader and time, and previews only images and PDF files', async () => {
    signIn();
    const { calls } = attachBackend();
    await renderApp('/resource/attach/list');
    const plan = await rowWith('园区平面图.png');
    for (const text of ['PNG', '1.5 MB', '管理员', '2026-01-01 08:00:00']) expect(plan.textContent).toContain(text);
    expect(buttonsIn(plan)).toEqual(['下载', '预览', '删除']);
    expect((await rowWith('月度报表.pdf')).textContent).toContain('2 KB');
    expect(buttonsIn(await rowWith('企业名录.xlsx'))).toEqual(['下载', '删除']);
    expect(toolbarButtons()).toEqual(expect.arrayContaining(['上传', '删除']));
    expect(query(last(calls, '/api/keeper-resource/attach/list')!)).toEqual({ current: '1', size: '10' });
  });

  it('offers neither preview nor download without the download button', async () => {
    signIn();
    attachBackend({}, ALL.filter((b) => b.alias === 'delete'));
    await renderApp('/resource/attach/list');
    expect(buttonsIn(await rowWith('园区平面图.png'))).toEqual(['删除']);
  });

  it('previews an image from the preview address with the token in it', async () => {
    signIn();
    attachBackend();
    await renderApp('/resource/attach/list');
    await click(buttonIn(await rowWith('园区平面图.png'), '预览'));
    const dialog = await findDialog();
    const img = await waitFor(() => dialog.querySelector('[data-testid="attach-preview"] img') as HTMLImageElement);
    expect(img.getAttribute('src')).toBe('/api/keeper-resource/attach/preview?id=1&keeper-auth=bearer+A1');
    expect(dialog.textContent).toContain('园区平面图.png');
    expect(buttonsIn(dialog)).toEqual(expect.arrayContaining(['下载', '关闭']));
  });

  it('previews a PDF in a frame', async () => {
    signIn();
    attachBackend();
    await renderApp('/resource/attach/list');
    await click(buttonIn(await rowWith('月度报表.pdf'), '预览'));
    const dialog = await findDialog();
    const frame = await waitFor(() => dialog.querySelector('[data-testid="attach-preview"] iframe') as HTMLIFrameElement);
    expect(frame.getAttribute('src')).toBe('/api/keeper-resource/attach/preview?id=2&keeper-auth=bearer+A1');
  });

  it('downloads through a plain link the browser follows, never through memory', async () => {
    signIn();
    const followed: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { calls } = attachBackend();
    await renderApp('/resource/attach/list');
    await click(buttonIn(await rowWith('企业名录.xlsx'), '下载'));
    await waitFor(() => expect(followed).toEqual([{ href: '/api/keeper-resource/attach/download?id=3&keeper-auth=bearer+A1', download: '企业名录.xlsx' }]));
    expect(calls.some((c) => path(c).includes('/attach/download'))).toBe(false);
  });

  it('uploads through the request layer with its headers and reloads the list', async () => {
    signIn();
    const { calls } = attachBackend({
      '/api/keeper-resource/oss/endpoint/put-file-attach': () =>
        ok({ link: 'http://x/a.docx', domain: 'http://x', name: 'upload/a.docx', originalName: '招商方案.docx', attachId: '9' }),
    });
    await renderApp('/resource/attach/list');
    await rowWith('园区平面图.png');
    const lists = calls.filter((c) => path(c) === '/api/keeper-resource/attach/list').length;
    await click(buttonIn(document.querySelector('.ant-pro-table-list-toolbar')!, '上传'));
    const dialog = await findDialog();
    const file = new File(['docx'], '招商方案.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    });
    await waitFor(() => expect(dialog.textContent).toContain('已上传 1 个文件'));
    const sent = last(calls, '/api/keeper-resource/oss/endpoint/put-file-attach')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['keeper-auth']).toBe('bearer A1');
    expect(sent.headers.authorization).toMatch(/^Basic /);
    expect(sent.body).toBeInstanceOf(FormData);
    expect(((sent.body as FormData).get('file') as File).name).toBe('招商方案.docx');
    await click(buttonIn(dialog, '关闭'));
    await waitFor(() => expect(calls.filter((c) => path(c) === '/api/keeper-resource/attach/list').length).toBe(lists + 1));
  });

  it("shows the server's reason for a refused file", async () => {
    signIn();
    attachBackend({ '/api/keeper-resource/oss/endpoint/put-file-attach': () => fail(400, '文件类型不允许：exe') });
    await renderApp('/resource/attach/list');
    await rowWith('园区平面图.png');
    await click(buttonIn(document.querySelector('.ant-pro-table-list-toolbar')!, '上传'));
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['MZ'], 'setup.exe')] } });
    });
    const failures = await screen.findByTestId('attach-upload-failures');
    expect(failures.textContent).toContain('1 个文件没有上传成功');
    expect(failures.textContent).toContain('setup.exe：文件类型不允许：exe');
  });

  it('deletes a file after asking', async () => {
    signIn();
    const { calls } = attachBackend({ '/api/keeper-resource/attach/remove': () => ok({ count: 1 }) });
    await renderApp('/resource/attach/list');
    await click(buttonIn(await rowWith('企业名录.xlsx'), '删除'));
    await click(buttonIn(await findDialog(), '确定'));
    await waitFor(() => expect(last(calls, '/api/keeper-resource/attach/remove')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-resource/attach/remove')!)).toEqual({ ids: '3' });
  });

  it('writes sizes for people', () => {
    expect([0, 512, 1536, 1048576, 1572864, 5 * 1024 ** 3].map(humanSize)).toEqual(['0 B', '512 B', '1.5 KB', '1 MB', '1.5 MB', '5 GB']);
  });
});
