// 导入 of 项目入库 with real antd against the fake `/project` service: the button comes with the menu's
// `import` grant only; a refused file lists every bad row by row, column and reason in the dialog (and
// nothing else is said); a good file closes the dialog, says how many drafts came in and lists again.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../../tests/backend';
import { json, ok } from '../../../../../tests/fetchMock';
import { projectBackend, projectButtons } from '../../../../../tests/fixtures';
import { messages, signIn } from '../../../../../tests/helpers';
import { buttonByText, buttonIn, findDialog, last } from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import ProjectWarehousing from '.';

const LIST = '/api/project/list';
const IMPORT = '/api/project/import';

async function open(buttons: API.MenuButton[], importer?: () => Response) {
  signIn();
  setButtons([{ code: 'project_warehousing', buttons }]);
  const server = projectBackend(importer ? { [IMPORT]: importer } : {});
  renderWidget(
    <StyleProvider mock="server">
      <ProjectWarehousing />
    </StyleProvider>,
  );
  await screen.findByText('智能传感器产业园一期');
  return server;
}

/** Opens the dialog, picks a file, ticks the box when asked and starts the import. */
async function importFile(tick: boolean) {
  await act(async () => {
    fireEvent.click(buttonIn(document, '导入'));
  });
  const dialog = await findDialog();
  expect(dialog.textContent).toContain('导入项目');
  expect(dialog.textContent).toContain('字典项、属地园区、所属行业请填写名称');
  await act(async () => {
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '项目.xlsx')] } });
  });
  if (tick) {
    await act(async () => {
      fireEvent.click(within(dialog).getByLabelText(/已有同名项目时仍然导入/));
    });
  }
  await act(async () => {
    fireEvent.click(buttonIn(dialog, '开始导入'));
  });
  return dialog;
}

describe('项目入库 import', () => {
  it('shows 导入 only with the import grant', async () => {
    await open(projectButtons('add', 'view', 'export'));
    expect(buttonByText('导入')).toBeUndefined();
  });

  it('lists every problem of a refused file by row, column and reason, and writes nothing', async () => {
    const { calls } = await open(projectButtons('add', 'view', 'import'), () =>
      json(
        {
          code: 400,
          success: false,
          msg: '导入失败: 2 行数据有误，未导入任何数据。第2行 项目类型: 「火星项目」不是有效的选项',
          data: [
            { row: 2, field: '项目类型', reason: '「火星项目」不是有效的选项', message: '第2行 项目类型: 「火星项目」不是有效的选项' },
            { row: 3, field: '其中设备投资(万元)', reason: '设备投资不能大于计划总投资', message: '第3行 其中设备投资(万元): 设备投资不能大于计划总投资' },
            { row: 3, field: '', reason: '已签约的项目须填写签约日期', message: '第3行: 已签约的项目须填写签约日期' },
          ],
        },
        400,
      ),
    );
    const dialog = await importFile(true);
    const report = await within(dialog).findByTestId('project-import-report');
    expect(report.textContent).toContain('导入失败：2 行数据有误（共 3 处），没有导入任何数据');
    const rows = Array.from(report.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['第 2 行', '项目类型', '「火星项目」不是有效的选项'],
      ['第 3 行', '其中设备投资(万元)', '设备投资不能大于计划总投资'],
      ['第 3 行', '—', '已签约的项目须填写签约日期'],
    ]);
    const sent = last(calls, IMPORT)!.body as FormData;
    expect([sent.get('isCovered'), (sent.get('file') as File).name]).toEqual(['1', '项目.xlsx']);
    expect(messages()).toEqual([]);
  });

  it('closes after a good file, says what came in and lists the drafts', async () => {
    const { calls } = await open(projectButtons('add', 'view', 'import'), () => ok({ created: 2, updated: 0 }, '导入成功: 新增 2 条，更新 0 条'));
    const lists = calls.filter((c) => path(c) === LIST).length;
    await importFile(false);
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 2 条，更新 0 条']));
    await waitFor(() => expect(calls.filter((c) => path(c) === LIST).length).toBeGreaterThan(lists));
    expect((last(calls, IMPORT)!.body as FormData).get('isCovered')).toBe('0');
  });
});
