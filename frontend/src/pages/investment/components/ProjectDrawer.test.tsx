// The project drawer's files with real antd over the investment fixtures: a saved project lists its
// files, which the editor of the screen may add to and remove, and which a reader only downloads; a
// project being added has none yet.
import { configure, screen, waitFor } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { attachmentRecord } from '../../../../tests/attachments';
import { ok } from '../../../../tests/fetchMock';
import { PROJECTS, projectBackend, projectButtons } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { buttonsIn, query } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import ProjectDrawer from './ProjectDrawer';

configure({ asyncUtilTimeout: 15000 });

const MENU = 'project_warehousing';
const LIST = '/api/projectAttachment/list';
const CONTRACT = attachmentRecord({ projectId: PROJECTS[0].id });

function open(mode: 'view' | 'add', ...aliases: string[]) {
  signIn();
  setButtons([{ code: MENU, buttons: projectButtons(...aliases) }]);
  const mock = projectBackend({ [LIST]: () => ok([CONTRACT]) });
  renderWidget(<ProjectDrawer mode={mode} id={mode === 'view' ? PROJECTS[0].id : undefined} menuCode={MENU} onClose={() => undefined} />);
  return mock;
}

const panel = () => screen.findByTestId('project-attachments');

describe('ProjectDrawer files', () => {
  it("lists a saved project's files and lets the screen's editor add and remove them", async () => {
    const { calls } = open('view', 'view', 'edit');
    const files = await panel();
    const row = (await screen.findByText('施工合同.pdf')).closest('tr')!;
    expect(row.textContent).toContain('园区管理员');
    expect(buttonsIn(row)).toEqual(['下载', '删除']);
    expect(files.querySelector('input[type="file"]')).not.toBeNull();
    expect(query(calls.find((c) => c.url.startsWith(LIST))!)).toEqual({ projectId: PROJECTS[0].id });
  });

  it('shows a reader the files to download only', async () => {
    open('view', 'view');
    const files = await panel();
    const row = (await screen.findByText('施工合同.pdf')).closest('tr')!;
    expect(buttonsIn(row)).toEqual(['下载']);
    expect(files.querySelector('input[type="file"]')).toBeNull();
  });

  it('has no files for a project being added', async () => {
    const { calls } = open('add', 'add', 'edit');
    await waitFor(() => expect(document.querySelector('[data-testid="project-form"], form')).not.toBeNull());
    expect(screen.queryByTestId('project-attachments')).toBeNull();
    expect(calls.some((c) => c.url.startsWith(LIST))).toBe(false);
  });
});
