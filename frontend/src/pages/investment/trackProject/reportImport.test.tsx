// 导入月报 of 跟踪项目 with real antd against a fake back end: the button (the seed's 导入) comes with the
// menu's `import` grant only and stands on both the tracked list and the review queue; a refused file lists every bad row
// (an unknown project number, a month already approved) by row, column and reason in the dialog; a good
// one closes it, says what came in and lists again.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { emptyProject } from '../../../../tests/projectService';
import { projectBackend } from '../../../../tests/fixtures';
import { messages, signIn } from '../../../../tests/helpers';
import { buttonByText, buttonIn, findDialog, last, menuButton } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import TrackProject from '.';

const MENU = 'track_project';
const TRACKED = '/api/project/tracked';
const IMPORT = '/api/projectReport/import';
const VIEW = menuButton(MENU, 'view', 2, '/investment/trackProject/view', 4);
const IMPORT_BUTTON = menuButton(MENU, 'import', 1, IMPORT, 5);

const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const tracked = emptyProject({ id: 'p1', projectName: '新能源电池模组项目', projectNo: 'XM2026-0001', libraryStatus: '2', isTracked: 'Y' });

async function open(buttons: API.MenuButton[], importer?: () => Response) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/trackProject?period=2026-10');
  const server = projectBackend({
    [TRACKED]: () => page([tracked]),
    '/api/projectReport/list': () => page([]),
    '/api/projectIssue/list': () => page([]),
    ...(importer ? { [IMPORT]: importer } : {}),
  });
  renderWidget(
    <StyleProvider mock="server">
      <TrackProject />
    </StyleProvider>,
  );
  await screen.findByText('新能源电池模组项目');
  return server;
}

async function importFile() {
  await act(async () => {
    fireEvent.click(buttonIn(document, '导入'));
  });
  const dialog = await findDialog();
  expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('导入月报');
  expect(dialog.textContent).toContain('每个项目每月一行');
  await act(async () => {
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '月报.xlsx')] } });
  });
  await act(async () => {
    fireEvent.click(buttonIn(dialog, '开始导入'));
  });
  return dialog;
}

describe('跟踪项目 导入月报', () => {
  it('is not offered without the import grant', async () => {
    await open([VIEW]);
    expect(buttonByText('导入')).toBeUndefined();
  });

  it('lists every problem of a refused file by row, column and reason', async () => {
    const { calls } = await open([VIEW, IMPORT_BUTTON], () =>
      json(
        {
          code: 400,
          success: false,
          msg: '导入失败: 2 行数据有误，未导入任何数据。第2行 项目编号: 项目不存在',
          data: [
            { row: 2, field: '项目编号', reason: '项目不存在', message: '第2行 项目编号: 项目不存在' },
            {
              row: 4,
              field: '月份',
              reason: '「新能源电池模组项目」2026年9月的月报已提交审核或已通过，不能修改',
              message: '第4行 月份: 「新能源电池模组项目」2026年9月的月报已提交审核或已通过，不能修改',
            },
          ],
        },
        400,
      ),
    );
    const dialog = await importFile();
    const report = await within(dialog).findByTestId('report-import-report');
    expect(report.textContent).toContain('导入失败：2 行数据有误（共 2 处），没有导入任何数据');
    const rows = Array.from(report.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['第 2 行', '项目编号', '项目不存在'],
      ['第 4 行', '月份', '「新能源电池模组项目」2026年9月的月报已提交审核或已通过，不能修改'],
    ]);
    expect((last(calls, IMPORT)!.body as FormData).get('isCovered')).toBe('0');
    expect(messages()).toEqual([]);
  });

  it('closes after a good file and lists again; the review queue offers it too', async () => {
    const { calls } = await open([VIEW, IMPORT_BUTTON], () => ok({ created: 1, updated: 1 }, '导入成功: 新增 1 条，更新 1 条'));
    const lists = calls.filter((c) => path(c) === TRACKED).length;
    await importFile();
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 1 条，更新 1 条']));
    await waitFor(() => expect(calls.filter((c) => path(c) === TRACKED).length).toBeGreaterThan(lists));
    const tab = Array.from(document.querySelectorAll<HTMLElement>('.ant-tabs-tab')).find((t) => t.textContent === '月报审核')!;
    await act(async () => {
      fireEvent.click(tab.querySelector('[role="tab"]') ?? tab);
    });
    await waitFor(() => expect(buttonByText('导入')).toBeDefined());
  });
});
