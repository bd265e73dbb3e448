// 已完成项目 with real antd and Pro components against a fake back end: the investment fixtures of
// tests/fixtures.ts with `/project/finished`, its export, `/project/finished/submit` and
// `/project/status` written here to the contract (each record a ProjectView with its completion fields,
// the investment made and its rate, the months of construction and the output realised). The list with
// its figures, the completion year sent as `completionYear`, the export of exactly the filters on
// screen, 查看 showing the row without looking the project up again, the completion recorded by the
// keeper of the screen, 达产 and the re-opening offered only where the server allows them.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, ok } from '../../../../tests/fetchMock';
import { PROJECT_DICTS, projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, last, menuButton, openDrawer, query, searchButton, typeInto } from '../../../../tests/page';
import { emptyProject } from '../../../../tests/projectService';
import { renderWidget } from '../../../../tests/renderWidget';
import type { FinishedProjectRecord } from '@/services/business/finished';
import { setButtons } from '@/utils/authority';
import FinishProject from '.';

const MENU = 'finish_project';
const LIST = '/api/project/finished';
const EXPORT = '/api/project/finished/export';
const SUBMIT = '/api/project/finished/submit';
const STATUS = '/api/project/status';
const PROPOSE = '/api/project/finished/propose';
const CONFIRM = '/api/project/finished/confirm';
const REJECT = '/api/project/finished/reject';

/** The seed's buttons of 已完成项目 (services/system/src/builtin.rs), by alias. */
function finishButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/investment/finishProject';
  return [
    menuButton(MENU, 'edit', 2, `${base}/edit`, 1),
    menuButton(MENU, 'view', 2, `${base}/view`, 2),
    menuButton(MENU, 'export', 1, EXPORT, 3),
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
    acceptanceDate: '',
    actualTotalInvestment: null,
    newCapacity: '',
    actualAnnualOutput: null,
    actualAnnualTax: null,
    enteredAboveScale: '',
    enteredAboveScaleName: '',
    actualInvestment: over.cumulativeInvestment ?? null,
    investmentCompletion: null,
    constructionMonths: null,
    outputRealisation: null,
    nextStatuses: [],
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
    // by hand: 45,000.5 ÷ 52,000 = 86.54 %; 96,000 ÷ 120,000 = 80 %
    investmentCompletion: '86.54',
    actualStartDate: '2024-03-15',
    actualCompletionDate: '2026-04-20',
    productionDate: '2026-06-01',
    constructionMonths: 25,
    expectedAnnualOutput: '120000',
    actualAnnualOutput: '96000',
    outputRealisation: '80',
    address: '高新区创新大道 8 号',
    nextStatuses: ['80', '99'],
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
  finished({
    id: 'p23',
    projectName: '新能源电池模组线',
    projectStatus: '80',
    projectStatusName: '达产',
    totalInvestment: '30000',
    actualTotalInvestment: '28000',
    actualInvestment: '28000',
    investmentCompletion: '93.33',
    actualCompletionDate: '2025-06-30',
    productionDate: '2025-08-01',
    fullCapacityDate: '2026-03-01',
    enteredAboveScale: 'Y',
    enteredAboveScaleName: '是',
  }),
];

/** The statuses an administrator may correct a project at 达产 back to (the server's `nextStatuses`). */
const CORRECTIONS = ['10', '20', '30', '40', '50', '60', '70'];

/** `/project/finished` over the seed (the year and status filters) as an administrator or not, its
 * export, the completion (a refusal for an acceptance before the completion) and the status moves. */
function serve(admin: boolean, p21: Partial<FinishedProjectRecord> = {}) {
  const seen = PROJECTS.map((p) => (admin && p.projectStatus === '80' ? { ...p, nextStatuses: CORRECTIONS } : p.id === 'p21' ? { ...p, ...p21 } : p));
  return projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(DICTS[query(req).code])),
    [LIST]: (req) => {
      const q = query(req);
      return page(
        seen.filter(
          (p) =>
            (!q.completionYear || p.actualCompletionDate.startsWith(`${q.completionYear}-`)) &&
            (!q.projectStatus || p.projectStatus === q.projectStatus) &&
            (!q.projectName || p.projectName.includes(q.projectName)),
        ),
      );
    },
    [SUBMIT]: (req) =>
      body(req).acceptanceDate === '2026-04-25'
        ? fail(400, 'acceptanceDate: 竣工验收日期不能早于实际竣工日期', { field: 'acceptanceDate', reason: '竣工验收日期不能早于实际竣工日期' })
        : ok({ id: body(req).id }),
    [STATUS]: (req) => ok({ id: body(req).id }),
    [PROPOSE]: () => ok(null),
    [CONFIRM]: () => ok(null),
    [REJECT]: () => ok(null),
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('已完成项目.xlsx')}`,
        },
      }),
  });
}

async function open(buttons: API.MenuButton[], { admin = false, p21 = {} as Partial<FinishedProjectRecord> } = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/finishProject');
  const server = serve(admin, p21);
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
const typeFilter = (label: string, value: string) => typeInto(document.querySelector('.ant-pro-query-filter') as HTMLElement, label, value);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('已完成项目', () => {
  it('lists the finished projects with what they achieved', async () => {
    const { calls } = await open(finishButtons('edit', 'view', 'export'));
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10' });
    const head = document.querySelector('thead')?.textContent ?? '';
    for (const title of [
      '项目名称', '项目单位', '属地', '计划总投资(万元)', '实际完成投资(万元)', '投资完成率', '开工日期', '竣工日期', '投产日期',
      '建设周期(月)', '达产后预计产值(万元)', '实际年产值(万元)', '产值兑现率', '项目状态',
    ])
      expect(head).toContain(title);

    const done = await rowOf('智能传感器产业园一期');
    await waitFor(() => {
      for (const text of [
        '合肥信达电子有限公司', '高新片区', '52,000.00', '45,000.50', '86.54%', '2024-03-15', '2026-04-20', '2026-06-01', '25',
        '120,000.00', '96,000.00', '80.00%', '投产',
      ])
        expect(done.textContent).toContain(text);
    });
    const money = Array.from(done.querySelectorAll('td')).find((td) => td.textContent === '45,000.50')!;
    expect(money.style.textAlign).toBe('right');
    const rate = Array.from(done.querySelectorAll('td')).find((td) => td.textContent === '86.54%')!;
    expect(rate.style.textAlign).toBe('right');
    // the recorded actual investment, not the cumulative figure
    expect((await rowOf('新能源电池模组线')).textContent).toContain('28,000.00');

    // without the figures: no rate, no period
    const bare = await rowOf('东区污水处理厂提标改造');
    expect(bare.textContent).toContain('—');
    expect(bare.textContent).not.toContain('%');

    // 修改 records the completion; nothing is added or deleted here
    expect(buttonsIn(done)).toEqual(['修改', '查看']);
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
    for (const text of ['XM2026-0021', '计算机、通信和其他电子设备制造业', '86.54%', '45,000.50', '96,000.00', '80.00%', '25', '高新区创新大道 8 号', '投产'])
      expect(drawer.textContent).toContain(text);
    expect(drawer.querySelector('input, textarea')).toBeNull();
    expect(calls.some((c) => path(c) === '/api/project/detail')).toBe(false);
    // a reader without 修改 gets no action, whatever the server would allow
    expect(buttonsIn(await openDrawer())).not.toContain('填写竣工信息');
    expect(buttonsIn(await openDrawer())).not.toContain('达产');
  });

  it('records the completion with the cumulative figure offered and reloads the list', async () => {
    const { calls } = await open(finishButtons('edit', 'view'));
    await clickIn(await rowOf('智能传感器产业园一期'), '修改');
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('竣工信息');
    const invested = (await within(dialog).findByText('实际完成总投资', { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
    expect((invested.querySelector('input') as HTMLInputElement).value).toBe('45000.5');
    // an acceptance before the completion is refused before sending…
    await typeInto(dialog, '竣工验收日期', '2026-04-01');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('竣工验收日期不能早于竣工日期'));
    expect(last(calls, SUBMIT)).toBeUndefined();
    // …and the server's refusal (its completion date moved meanwhile) lands on the field
    await typeInto(dialog, '竣工验收日期', '2026-04-25');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    await waitFor(() => expect(dialog.textContent).toContain('竣工验收日期不能早于实际竣工日期'));

    await typeInto(dialog, '竣工验收日期', '2026-05-10');
    await typeInto(dialog, '投产后年产值(万元)', '96000');
    await act(async () => {
      fireEvent.click(within(dialog).getByText('是'));
    });
    const lists = calls.filter((c) => path(c) === LIST).length;
    await clickIn(dialog, '确定');
    await waitFor(() => expect(calls.filter((c) => path(c) === LIST).length).toBe(lists + 1));
    expect(body(last(calls, SUBMIT)!)).toEqual({
      id: 'p21',
      acceptanceDate: '2026-05-10',
      actualTotalInvestment: '45000.5',
      newCapacity: '',
      actualAnnualOutput: '96000',
      actualAnnualTax: null,
      enteredAboveScale: 'Y',
    });
  });

  it('asks for the actual investment before sending anything', async () => {
    const { calls } = await open(finishButtons('edit', 'view'));
    await clickIn(await rowOf('东区污水处理厂提标改造'), '修改');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('请填写实际完成总投资'));
    expect(last(calls, SUBMIT)).toBeUndefined();
  });

  it('moves a project in production to full capacity with its day', async () => {
    const { calls } = await open(finishButtons('edit', 'view'));
    await clickIn(await rowOf('智能传感器产业园一期'), '查看');
    const drawer = await openDrawer();
    expect(buttonsIn(drawer)).toContain('达产');
    expect(buttonsIn(drawer)).not.toContain('重新打开');
    await clickIn(drawer, '达产');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('请选择达产日期'));
    await typeInto(dialog, '达产日期', '2026-05-01');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('达产日期不能早于投产日期'));
    await typeInto(dialog, '达产日期', '2026-09-01');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, STATUS)).toBeTruthy());
    expect(body(last(calls, STATUS)!)).toEqual({ id: 'p21', toStatus: '80', fullCapacityDate: '2026-09-01' });
  });

  it('lets a keeper who may not take 达产 propose it with its day and grounds', async () => {
    const { calls } = await open(finishButtons('edit', 'view'), { p21: { nextStatuses: ['99'], proposalOpinion: '请附产能测算报告' } });
    await clickIn(await rowOf('智能传感器产业园一期'), '查看');
    const drawer = await openDrawer();
    // the last proposal came back: the keeper reads why
    expect((await screen.findByTestId('proposal')).textContent).toContain('达产申报被退回：请附产能测算报告');
    expect(buttonsIn(drawer)).toContain('申报达产');
    expect(buttonsIn(drawer)).not.toContain('达产');
    await clickIn(drawer, '申报达产');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('请填写申报理由'));
    expect(last(calls, PROPOSE)).toBeUndefined();
    await typeInto(dialog, '达产日期', '2026-09-01');
    await typeInto(dialog, '申报理由', '连续三月产能达设计能力');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, PROPOSE)).toBeTruthy());
    expect(body(last(calls, PROPOSE)!)).toEqual({ id: 'p21', toStatus: '80', statusDate: '2026-09-01', reason: '连续三月产能达设计能力' });
  });

  it('offers a reviewer the waiting proposal to confirm, or to return with an opinion', async () => {
    const waiting = { proposedStatus: '80', proposedDate: '2026-09-01', proposedByName: '王园区', proposalReason: '连续三月产能达设计能力' };
    const { calls } = await open(finishButtons('edit', 'view'), { p21: waiting });
    expect((await rowOf('智能传感器产业园一期')).textContent).toContain('待确认达产');
    await clickIn(await rowOf('智能传感器产业园一期'), '查看');
    const drawer = await openDrawer();
    expect((await screen.findByTestId('proposal')).textContent).toContain('已申报达产（达产日期 2026-09-01，申报人 王园区）：连续三月产能达设计能力');
    expect(buttonsIn(drawer)).toEqual(expect.arrayContaining(['确认达产', '退回申报']));
    expect(buttonsIn(drawer)).not.toContain('达产');
    await clickIn(drawer, '退回申报');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('请填写退回的原因'));
    expect(last(calls, REJECT)).toBeUndefined();
    await typeInto(dialog, '审核意见', '请附产能测算报告');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, REJECT)).toBeTruthy());
    expect(body(last(calls, REJECT)!)).toEqual({ id: 'p21', opinion: '请附产能测算报告' });
    expect(last(calls, CONFIRM)).toBeUndefined();
  });

  it('offers no re-opening of a project at full capacity but to an administrator', async () => {
    await open(finishButtons('edit', 'view'));
    await clickIn(await rowOf('新能源电池模组线'), '查看');
    expect(buttonsIn(await openDrawer())).toEqual(expect.not.arrayContaining(['重新打开', '达产']));
  });

  it('re-opens a project at full capacity back to production with the reason', async () => {
    const { calls } = await open(finishButtons('edit', 'view'), { admin: true });
    await clickIn(await rowOf('新能源电池模组线'), '查看');
    const drawer = await openDrawer();
    expect(buttonsIn(drawer)).toContain('重新打开');
    await clickIn(drawer, '重新打开');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    await waitFor(() => expect(dialog.textContent).toContain('请填写重新打开的原因'));
    await typeInto(dialog, '原因', '达产认定有误，产能尚未达到设计能力');
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, STATUS)).toBeTruthy());
    expect(body(last(calls, STATUS)!)).toEqual({ id: 'p23', toStatus: '70', reason: '达产认定有误，产能尚未达到设计能力' });
  });
});
