// The files panel of the project and report drawers with real antd: the list (category, size, who and
// when, a thumbnail for photos), upload under a category that links the stored file to its owner, the
// server's reason for a refused file, removal after asking, download under the uploaded name, and
// nothing to change for whoever may not. Only fetch is faked.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { attachmentRecord } from '../../../../tests/attachments';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { signIn } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, form, query } from '../../../../tests/page';
import { click, renderWidget } from '../../../../tests/renderWidget';
import type { ProjectAttachmentRecord } from '@/services/business/projectAttachment';
import AttachmentPanel from './AttachmentPanel';

configure({ asyncUtilTimeout: 15000 });

const path = (r: RecordedRequest) => r.url.split('?')[0];
const LIST = '/api/projectAttachment/list';

const file = attachmentRecord;
const CONTRACT = file({});
const PHOTO = file({
  id: 'L2',
  category: '3',
  categoryName: '现场照片',
  attachId: 'A2',
  fileName: 'upload/20261125/beef.png',
  ossCode: 'minio-1',
  originalName: '工地全景.png',
  extension: 'png',
  attachSize: 1572864,
});

/** The fake back end: the files listed (a store the links and removals change) and the category dictionary. */
function serve(initial: ProjectAttachmentRecord[], over: Partial<Record<string, (req: RecordedRequest) => Response>> = {}) {
  let rows = [...initial];
  const mock = mockFetch((req) => {
    const handler = over[path(req)];
    if (handler) return handler(req);
    switch (path(req)) {
      case '/api/keeper-system/dict-biz/dictionary':
        return ok([
          { dictKey: '1', dictValue: '审批备案文件' },
          { dictKey: '2', dictValue: '施工合同' },
          { dictKey: '3', dictValue: '现场照片' },
        ]);
      case LIST:
        return ok(rows);
      case '/api/keeper-resource/oss/endpoint/put-file-attach':
        return ok({ link: '/x', domain: '/api/keeper-resource', name: 'upload/20261125/new.png', originalName: '新照片.png', attachId: 'A9' });
      case '/api/projectAttachment/submit': {
        const b = body(req);
        rows = [...rows, file({ id: 'L9', attachId: b.attachIds[0], category: b.category, categoryName: '现场照片', originalName: '新照片.png', extension: 'png' })];
        return ok({ ids: ['L9'] });
      }
      case '/api/projectAttachment/remove': {
        const ids = form(req).ids.split(',');
        rows = rows.filter((r) => !ids.includes(r.id));
        return ok({ count: ids.length });
      }
      default:
        return fail(404, 'no such path');
    }
  });
  return mock;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const lists = (calls: RecordedRequest[]) => calls.filter((c) => path(c) === LIST);

async function pick(files: File[]) {
  const input = screen.getByTestId('attachment-panel').querySelector('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe('AttachmentPanel', () => {
  it("lists a project's files with category, size, uploader and time, and shows photos as thumbnails", async () => {
    signIn();
    const { calls } = serve([CONTRACT, PHOTO]);
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1' }} editable={false} />);
    const contract = await rowOf('施工合同.pdf');
    for (const text of ['施工合同', '2 KB', '园区管理员', '2026-11-25 09:30:00']) expect(contract.textContent).toContain(text);
    expect(contract.querySelector('img')).toBeNull();
    const photo = await rowOf('工地全景.png');
    expect(photo.textContent).toContain('1.5 MB');
    expect(photo.querySelector('.ant-tag')?.textContent).toBe('现场照片');
    // the thumbnail comes from the storage's signed-in download, from the configuration holding it
    const img = await waitFor(() => {
      const found = photo.querySelector('img');
      if (!found) throw new Error('no thumbnail yet');
      return found;
    });
    const src = new URL(img.getAttribute('src')!, 'http://x');
    expect(src.pathname).toBe('/api/keeper-resource/oss/endpoint/download');
    expect(Object.fromEntries(src.searchParams)).toEqual({ fileName: 'upload/20261125/beef.png', code: 'minio-1', 'keeper-auth': 'bearer A1' });
    expect(query(lists(calls)[0])).toEqual({ projectId: 'P1' });
    // reading only: no upload, no removal
    expect(screen.getByTestId('attachment-panel').querySelector('input[type="file"]')).toBeNull();
    expect(buttonsIn(contract)).toEqual(['下载']);
  });

  it("uploads under the chosen category and links the stored file to the report it belongs to", async () => {
    signIn();
    const { calls } = serve([]);
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1', reportId: 'R6' }} editable defaultCategory="3" />);
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    expect(query(lists(calls)[0])).toEqual({ projectId: 'P1', reportId: 'R6' });
    await pick([new File(['png'], '新照片.png', { type: 'image/png' })]);
    const row = await rowOf('新照片.png');
    expect(row.textContent).toContain('现场照片');
    const upload = calls.find((c) => path(c) === '/api/keeper-resource/oss/endpoint/put-file-attach')!;
    expect(((upload.body as FormData).get('file') as File).name).toBe('新照片.png');
    const linked = calls.find((c) => path(c) === '/api/projectAttachment/submit')!;
    expect(body(linked)).toEqual({ projectId: 'P1', reportId: 'R6', category: '3', attachIds: ['A9'] });
    expect(lists(calls)).toHaveLength(2);
  });

  it('asks for a category before anything is uploaded', async () => {
    signIn();
    const { calls } = serve([]);
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1' }} editable />);
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    const panel = screen.getByTestId('attachment-panel');
    expect(panel.textContent).toContain('先选择类别，再上传文件');
    expect(buttonIn(panel, '上传文件').disabled).toBe(true);
  });

  it("shows the server's reason for a refused file and links nothing", async () => {
    signIn();
    const { calls } = serve([], { '/api/keeper-resource/oss/endpoint/put-file-attach': () => fail(400, '文件类型不允许：exe') });
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1' }} editable defaultCategory="1" />);
    await waitFor(() => expect(lists(calls)).toHaveLength(1));
    await pick([new File(['MZ'], 'setup.exe')]);
    const refusals = await screen.findByTestId('attachment-refusals');
    expect(refusals.textContent).toContain('1 个文件没有上传成功');
    expect(refusals.textContent).toContain('setup.exe：文件类型不允许：exe');
    expect(calls.some((c) => path(c) === '/api/projectAttachment/submit')).toBe(false);
  });

  it('removes a file after asking, and the list follows', async () => {
    signIn();
    const { calls } = serve([CONTRACT, PHOTO]);
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1' }} editable />);
    await click(buttonIn(await rowOf('施工合同.pdf'), '删除'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('确定删除「施工合同.pdf」吗？');
    await click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('施工合同.pdf')).toBeNull());
    expect(form(calls.find((c) => path(c) === '/api/projectAttachment/remove')!)).toEqual({ ids: 'L1' });
    expect(screen.getByText('工地全景.png')).toBeTruthy();
  });

  it('downloads a file under the name it was uploaded with', async () => {
    signIn();
    const saved: { download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const { calls } = serve([CONTRACT], {
      '/api/keeper-resource/oss/endpoint/download': () => new Response('%PDF', { headers: { 'Content-Disposition': 'attachment; filename="c0ffee.pdf"' } }),
    });
    renderWidget(<AttachmentPanel owner={{ projectId: 'P1' }} editable={false} />);
    await click(buttonIn(await rowOf('施工合同.pdf'), '下载'));
    await waitFor(() => expect(saved).toEqual([{ download: '施工合同.pdf' }]));
    const fetched = calls.find((c) => path(c) === '/api/keeper-resource/oss/endpoint/download')!;
    expect(query(fetched)).toEqual({ fileName: 'upload/20261125/c0ffee.pdf' });
    expect(fetched.headers['keeper-auth']).toBe('bearer A1');
  });
});
