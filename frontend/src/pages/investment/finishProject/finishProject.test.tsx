// 已完成项目 with real antd and Pro components against a fake back end: the investment fixtures of
// tests/fixtures.ts with `/project/finished` and its export written here to the contract (each record
// a ProjectView with the investment completion and the months of construction). The list with its
// figures, the completion year sent as `completionYear`, the export of exactly the filters on screen,
// and 查看 showing the row read-only without looking the project up again.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { ok } from '../../../../tests/fetchMock';
import { PROJECT_DICTS, projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { buttonIn, buttonsIn, last, menuButton, query, searchButton } from '../../../../tests/page';
import { emptyProject } from '../../../../tests/projectService';
import { renderWidget } from '../../../../tests/renderWidget';
import type { FinishedProjectRecord } from '@/services/business/project';
import { setButtons } from '@/utils/authority';
import FinishProject from '.';

const MENU = 'finish_project';
const LIST = '/api/project/finished';
const EXPORT = '/api/project/finished/export';

/** The seed's buttons of 已完成项目 (services/system/src/builtin.rs), by alias. */
function finishButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/investment/finishProject';
  return [
    menuButton(MENU, 'edit', 2, `${base}/edit`, 1),
    menuButton(MENU, 'view', 2, `${base}/view`, 2),
    menuButton(MENU, 'export', 1, '/api/project/export', 3),
  ].filter((b) => aliases.includes(b.alias));
}

const DICTS: Record<string, [string, string][]> = {
  ...PROJECT_DICTS,
  project_status: [
    ['30', '已签约'],
    ['50', '在建'],
    ['60', '竣工'],
    ['70', '投产'],
    ['80', '达产'],
    ['90', '停缓建'],
  ],
};
const items = (list: [string, string][] = []) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const finished = (over: Partial<FinishedProjectRecord>) =>
  ({
    ...emptyProject({ libraryStatus: '2', reportStatus: '2', deptId: 'd2', deptName: '高新片区', ...over }),
    investmentCompletion: null,
    constructionMonths: null,
    ...over,
  }) as FinishedProjectRecord;

const PROJECTS: FinishedProjectRecord[] = [
  finished({
    id: 'p21',
    projectNo: 'XM2026-0021',
    projectName: '智能传感器产业园一期',
    enterpriseName: '合肥信达电子有限公司',
    projectType: '01',
    projectTypeName: '工业项目(新建/扩建)',
    industryName: '计算机、通信和其他电子设备制造业',
    projectStatus: '70',
    projectStatusName: '投产',
    totalInvestment: '52000',
    cumulativeInvestment: '45000.5',
    investmentCompletion: '86.54',
    actualStartDate: '2024-03-15',
    actualCompletionDate: '2026-04-20',
    productionDate: '2026-06-01',
    constructionMonths: 25,
    expectedAnnualOutput: '120000',
    address: '高新区创新大道 8 号',
  }),
  finished({
    id: 'p22',
    projectName: '东区污水处理厂提标改造',
    enterpriseName: '东区水务有限公司',
    projectStatus: '60',
    projectStatusName: '竣工',
    totalInvestment: '8000',
    actualCompletionDate: '2025-11-30',
  }),
];

/** `/project/finished` over the seed (the year and status filters) and its export. */
function serve() {
  return projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(DICTS[query(req).code])),
    [LIST]: (req) => {
      const q = query(req);
      return page(
        PROJECTS.filter(
          (p) =>
            (!q.completionYear || p.actualCompletionDate.startsWith(`${q.completionYear}-`)) &&
            (!q.projectStatus || p.projectStatus === q.projectStatus) &&
            (!q.projectName || p.projectName.includes(q.projectName)),
        ),
      );
    },
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('已完成项目.xlsx')}`,
        },
      }),
  });
}

async function open(buttons: API.MenuButton[]) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/finishProject');
  const server = serve();
  renderWidget(
    <StyleProvider mock="server">
      <FinishProject />
    </StyleProvider>,
  );
  await screen.findByText('智能传感器产业园一期');
  return server;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function clickIn(root: ParentNode, label: string) {
  await act(async () => {
    fireEvent.click(buttonIn(root, label));
  });
}

/** Types into the search form's field labelled `label` and commits it (a picker takes it on Enter). */
async function typeFilter(label: string, value: string) {
  const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
  const item = (await within(form).findByText(label, { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
  const input = item.querySelector('input') as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
  });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(input);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('已完成项目', () => {
  it('lists the finished projects with their figures, read-only', async () => {
    const { calls } = await open(finishButtons('edit', 'view', 'export'));
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10' });
    const head = document.querySelector('thead')?.textContent ?? '';
    for (const title of ['项目名称', '项目单位', '属地', '计划总投资(万元)', '实际完成投资(万元)', '投资完成率', '开工日期', '竣工日期', '投产日期', '建设周期(月)', '达产后预计产值(万元)', '项目状态'])
      expect(head).toContain(title);
    // no output realised yet: that comes with the output-value module
    expect(head).not.toContain('实际年产值');
    expect(head).not.toContain('兑现率');

    const done = await rowOf('智能传感器产业园一期');
    await waitFor(() => {
      for (const text of ['合肥信达电子有限公司', '高新片区', '52,000.00', '45,000.50', '86.54%', '2024-03-15', '2026-04-20', '2026-06-01', '25', '120,000.00', '投产'])
        expect(done.textContent).toContain(text);
    });
    const money = Array.from(done.querySelectorAll('td')).find((td) => td.textContent === '45,000.50')!;
    expect(money.style.textAlign).toBe('right');
    const rate = Array.from(done.querySelectorAll('td')).find((td) => td.textContent === '86.54%')!;
    expect(rate.style.textAlign).toBe('right');

    // without the figures: no rate, no period
    const bare = await rowOf('东区污水处理厂提标改造');
    expect(bare.textContent).toContain('—');
    expect(bare.textContent).not.toContain('%');

    // 查看 only: nothing is changed here
    expect(buttonsIn(done)).toEqual(['查看']);
    expect(buttonsIn(document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement)).toContain('导出');
    expect(done.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('sends the completion year as completionYear', async () => {
    const { calls } = await open(finishButtons('view'));
    await typeFilter('完成年度', '2025');
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, LIST)!)).toMatchObject({ completionYear: '2025' }));
    await waitFor(() => expect(screen.queryByText('智能传感器产业园一期')).toBeNull());
    expect(await screen.findByText('东区污水处理厂提标改造')).toBeTruthy();
  });

  it('offers only 竣工, 投产 and 达产 as statuses', async () => {
    await open(finishButtons('view'));
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    const collapsed = Array.from(form.querySelectorAll('a')).find((a) => a.textContent?.includes('展开'));
    if (collapsed) {
      await act(async () => {
        fireEvent.click(collapsed);
      });
    }
    const item = (await within(form).findByText('项目状态', { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
    const select = item.querySelector('.ant-select') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(select.querySelector('input') ?? select);
    });
    await waitFor(() =>
      expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual(['竣工', '投产', '达产']),
    );
  });

  it('exports exactly the filters on screen', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = await open(finishButtons('view', 'export'));
    await typeFilter('完成年度', '2026');
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, LIST)!)).toMatchObject({ completionYear: '2026' }));
    await clickIn(document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement, '导出');
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ completionYear: '2026' });
    await waitFor(() => expect(saved).toHaveBeenCalled());
  });

  it('shows a project read-only from its row, without looking it up again', async () => {
    const { calls } = await open(finishButtons('view'));
    await clickIn(await rowOf('智能传感器产业园一期'), '查看');
    const drawer = await screen.findByTestId('finished-project');
    for (const text of ['XM2026-0021', '计算机、通信和其他电子设备制造业', '86.54%', '45,000.50', '25', '高新区创新大道 8 号', '投产'])
      expect(drawer.textContent).toContain(text);
    expect(drawer.querySelector('input, textarea')).toBeNull();
    expect(calls.some((c) => path(c) === '/api/project/detail')).toBe(false);
  });
});
