// 项目入库 with real antd and Pro components against the fake `/project` service of tests/backend.ts:
// the list and its filters (always `inLibrary=N`), a clerk adding a project in the drawer (decimals as
// text, days as YYYY-MM-DD, the park taken from the enterprise), refusals on their fields, the review
// buttons each row gets from its nextSteps and the user's grants, a return that needs an opinion, and
// an approved project leaving the list.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../../tests/backend';
import { json } from '../../../../../tests/fetchMock';
import { projectBackend, projectButtons } from '../../../../../tests/fixtures';
import { messages, signIn } from '../../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, itemOf, last, openDrawer, pickOption, query, searchButton, typeInto } from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import { setButtons } from '@/utils/authority';
import ProjectWarehousing from '.';

const MENU = 'project_warehousing';
const LIST = '/api/project/list';
const FILLER = projectButtons('add', 'edit', 'delete', 'view', 'export', 'submit');
const REVIEWER = projectButtons('view', 'approve', 'return');

/** Signs in with these grants, serves the fake back end and shows the screen. */
async function open(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  const server = projectBackend(over);
  // antd's generated CSS stays out of the document, as in renderApp: jsdom's cascade is slow
  renderWidget(
    <StyleProvider mock="server">
      <ProjectWarehousing />
    </StyleProvider>,
  );
  await screen.findByText('智能传感器产业园一期');
  return server;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Types into the input of the form item labelled `label` (a text, number or date field) and leaves it. */
const type = typeInto;

async function clickIn(root: ParentNode, label: string) {
  await act(async () => {
    fireEvent.click(buttonIn(root, label));
  });
}

describe('项目入库 list', () => {
  it('lists only the projects not yet in the library, with their labels, and sends every filter', async () => {
    const { calls } = await open(FILLER);
    expect(query(last(calls, LIST)!)).toEqual({ current: '1', size: '10', inLibrary: 'N' });
    const row = await rowOf('智能传感器产业园一期');
    await waitFor(() => {
      for (const text of ['合肥信达电子有限公司', '高新片区', '12,000.50', '草稿']) expect(row.textContent).toContain(text);
    });
    // the type and the project's own status are one tick away in the column settings
    for (const text of ['工业项目(新建/扩建)', '储备(谋划)']) expect(row.textContent).not.toContain(text);
    const money = Array.from(row.querySelectorAll('td')).find((td) => td.textContent === '12,000.50')!;
    expect(money.style.textAlign).toBe('right');
    expect(screen.queryByText('请补充环评批复文号')).toBeTruthy();

    const filters = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    const expand = Array.from(filters.querySelectorAll('a')).find((a) => a.textContent?.includes('展开'));
    if (expand) {
      await act(async () => {
        fireEvent.click(expand);
      });
    }
    fireEvent.change(within(filters).getByLabelText('项目名称'), { target: { value: ' 传感器 ' } });
    await pickOption('属地园区', '高新片区', filters);
    await pickOption('项目类型', '工业项目(新建/扩建)', filters);
    await pickOption('项目来源', '招商引资', filters);
    await pickOption('所属行业', '制造业', filters);
    await pickOption('入库状态', '草稿', filters);
    const range = (await itemOf(filters, '提交时间')).querySelectorAll('input');
    for (const [input, day] of [[range[0], '2026-03-01'], [range[1], '2026-03-31']] as const) {
      await act(async () => {
        fireEvent.mouseDown(input);
        fireEvent.focus(input);
        fireEvent.change(input, { target: { value: day } });
      });
      await act(async () => {
        fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      });
    }
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() =>
      expect(query(last(calls, LIST)!)).toEqual({
        current: '1',
        size: '10',
        inLibrary: 'N',
        projectName: '传感器',
        deptId: 'd2',
        projectType: '01',
        projectSource: '1',
        industryCode: 'C',
        libraryStatus: '0',
        submitTimeStart: '2026-03-01',
        submitTimeEnd: '2026-03-31',
      }),
    );
  });

  it('offers no 已通过 in the status filter: approved projects are not on this screen', async () => {
    await open(FILLER);
    const filters = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    const item = await itemOf(filters, '入库状态');
    await act(async () => {
      fireEvent.mouseDown(item.querySelector('input') ?? item);
    });
    const options = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
      if (!found.includes('草稿')) throw new Error('no status options');
      return found;
    });
    expect(options).toEqual(['草稿', '待审核', '已退回']);
  });
});

describe('the project drawer', () => {
  it('adds a project: decimals go as text, days as YYYY-MM-DD, the park comes from the enterprise', async () => {
    const { calls, projects } = await open(FILLER);
    await clickIn(document, '新增');
    const drawer = await openDrawer();
    expect(drawer.textContent).toContain('新增项目');
    await type(drawer, '项目名称', '新能源电池模组项目');
    await pickOption('项目类型', '工业项目(新建/扩建)', drawer);
    await pickOption('项目单位', '合肥信达电子有限公司（信达电子）', drawer);
    await pickOption('项目状态', '已签约', drawer);
    // a project does not enter the library suspended or exited
    const offered = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    expect(offered).toEqual(expect.arrayContaining(['储备(谋划)', '在建']));
    expect(offered).not.toContain('停缓建');
    expect(offered).not.toContain('终止(退出)');
    await type(drawer, '计划总投资', '12000.5');
    await type(drawer, '其中设备投资', '800.125');
    // more digits than a float holds
    await type(drawer, '签约投资额', '98765432109876.5432');
    await type(drawer, '经度', '117.2345678');
    await type(drawer, '计划开工日期', '2026-04-01');
    await type(drawer, '计划竣工日期', '2027-06-30');
    await type(drawer, '新增就业(预计)', '120');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    await waitFor(() => expect(last(calls, '/api/project/submit')).toBeTruthy());
    const sent = body(last(calls, '/api/project/submit')!);
    expect(sent).toMatchObject({
      projectName: '新能源电池模组项目',
      projectType: '01',
      projectStatus: '30',
      enterpriseId: 'e1',
      ownerName: '',
      deptId: 'd2',
      totalInvestment: '12000.5',
      equipmentInvestment: '800.125',
      contractAmount: '98765432109876.5432',
      fixedAssetInvestment: null,
      longitude: '117.234568',
      plannedStartDate: '2026-04-01',
      plannedCompletionDate: '2027-06-30',
      actualStartDate: '',
      expectedJobs: 120,
      isKeyProject: 'N',
    });
    expect(sent).not.toHaveProperty('id');
    // what the fake service stored is what the list shows next
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(await rowOf('新能源电池模组项目')).toBeTruthy();
    expect(projects.rows.find((p) => p.projectName === '新能源电池模组项目')?.libraryStatus).toBe('0');
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('asks the invested-before-go-live figure only at 在建 or later, keeps it within the total and sends it as text', async () => {
    const { calls } = await open(FILLER);
    await clickIn(document, '新增');
    const drawer = await openDrawer();
    await type(drawer, '项目名称', '电池模组二期');
    await pickOption('项目类型', '工业项目(新建/扩建)', drawer);
    await pickOption('项目单位', '合肥信达电子有限公司（信达电子）', drawer);
    await pickOption('项目状态', '已签约', drawer);
    expect(within(drawer).queryByText('开工至上线累计投资', { selector: 'label' })).toBeNull();
    await pickOption('项目状态', '在建', drawer);
    await type(drawer, '计划总投资', '12000.5');
    await type(drawer, '开工至上线累计投资', '12000.6');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    expect(await within(await itemOf(drawer, '开工至上线累计投资')).findByText('开工至上线累计投资不能大于计划总投资')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/project/submit')).toBe(false);
    await type(drawer, '开工至上线累计投资', '98765.4321');
    await type(drawer, '计划总投资', '120000');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    await waitFor(() => expect(last(calls, '/api/project/submit')).toBeTruthy());
    expect(body(last(calls, '/api/project/submit')!)).toMatchObject({ projectStatus: '50', totalInvestment: '120000', openingInvestment: '98765.4321' });
  });

  it('refuses a zero total and a completion before the start on their fields, and puts a server refusal on its field', async () => {
    const { calls } = await open(FILLER, {
      '/api/project/submit': () =>
        json({ code: 400, success: false, msg: 'approvalCode: 投资项目代码格式不正确', data: { field: 'approvalCode', reason: '投资项目代码格式不正确' } }, 400),
    });
    await clickIn(await rowOf('智能传感器产业园一期'), '修改');
    const drawer = await openDrawer();
    await waitFor(() => expect((within(drawer).getByLabelText('项目名称') as HTMLInputElement).value).toBe('智能传感器产业园一期'));
    await type(drawer, '计划总投资', '0');
    await type(drawer, '计划开工日期', '2026-05-01');
    await type(drawer, '计划竣工日期', '2026-04-01');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    expect(await within(await itemOf(drawer, '计划总投资')).findByText('计划总投资必须大于0')).toBeTruthy();
    expect(await within(await itemOf(drawer, '计划竣工日期')).findByText('计划竣工日期不能早于计划开工日期')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/project/submit')).toBe(false);

    await type(drawer, '计划总投资', '9000');
    await type(drawer, '计划竣工日期', '2027-04-01');
    await type(drawer, '投资项目代码', 'ABC');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('project-submit'));
    });
    expect(await within(await itemOf(drawer, '投资项目代码')).findByText('投资项目代码格式不正确')).toBeTruthy();
    const sent = body(last(calls, '/api/project/submit')!);
    expect(sent).toMatchObject({ id: 'p1', totalInvestment: '9000', approvalCode: 'ABC', plannedCompletionDate: '2027-04-01' });
    // the status moves through its own workflow once the project exists
    expect(sent).not.toHaveProperty('projectStatus');
    expect(document.querySelector('.ant-drawer-open')).toBeTruthy();
  });

  it('shows a returned project with its library details and its review history', async () => {
    const { calls } = await open(FILLER);
    await clickIn(await rowOf('东区污水处理厂提标改造'), '查看');
    const drawer = await openDrawer();
    const review = await within(drawer).findByTestId('project-review');
    expect(await within(review).findByText('王科长', { exact: false })).toBeTruthy();
    expect(review.textContent).toContain('意见：请补充环评批复文号');
    expect(review.textContent).toContain('待审核 → 已退回');
    // a filler may resubmit it from here: at the top, not below the whole project
    const actions = within(drawer).getByTestId('project-review-actions');
    expect(buttonsIn(within(actions).getByTestId('review-actions'))).toEqual(['重新提交']);
    expect(actions.compareDocumentPosition(review) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const text of ['项目详情', '东区水务有限公司', '已退回', '8,000.00 万元', '基础设施项目']) expect(drawer.textContent).toContain(text);
    expect(within(drawer).queryByTestId('project-submit')).toBeNull();
    expect(calls.some((c) => c.url === '/api/project/review-log?id=p3')).toBe(true);
  });
});

describe('the review of library entry', () => {
  it('gives each row the steps its nextSteps allow among those granted: a filler and a reviewer', async () => {
    await open(FILLER);
    expect(buttonsIn(await rowOf('智能传感器产业园一期'))).toEqual(['修改', '删除', '查看', '提交']);
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '撤回']);
    expect(buttonsIn(await rowOf('东区污水处理厂提标改造'))).toEqual(['修改', '查看', '重新提交']);
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    expect(buttonsIn(toolbar)).toEqual(expect.arrayContaining(['新增', '删除', '导出', '提交']));
  });

  it('lets a reviewer approve or return only what waits for review', async () => {
    await open(REVIEWER);
    expect(buttonsIn(await rowOf('智能传感器产业园一期'))).toEqual(['查看']);
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '审核通过', '退回']);
    expect(buttonsIn(await rowOf('东区污水处理厂提标改造'))).toEqual(['查看']);
  });

  it('returns a project only with an opinion, which the list then shows', async () => {
    const { calls } = await open(REVIEWER);
    await clickIn(await rowOf('信达电子扩产技改项目'), '退回');
    const dialog = await findDialog();
    await clickIn(dialog, '确定');
    expect(await within(dialog).findByText('退回须填写审核意见')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/project/review')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('审核意见'), { target: { value: ' 设备投资明细缺失 ' } });
    await clickIn(dialog, '确定');
    await waitFor(() => expect(last(calls, '/api/project/review')).toBeTruthy());
    expect(body(last(calls, '/api/project/review')!)).toEqual({ ids: ['p2'], step: 'return', opinion: '设备投资明细缺失' });
    await waitFor(async () => {
      const row = await rowOf('信达电子扩产技改项目');
      expect(row.textContent).toContain('已退回');
      expect(row.textContent).toContain('设备投资明细缺失');
    });
  });

  it('approves a project from its drawer, after which it leaves the list', async () => {
    const { calls, projects } = await open(REVIEWER);
    await clickIn(await rowOf('信达电子扩产技改项目'), '查看');
    const drawer = await openDrawer();
    const actions = await within(drawer).findByTestId('review-actions');
    expect(buttonsIn(actions)).toEqual(['审核通过', '退回']);
    await clickIn(actions, '审核通过');
    await clickIn(await findDialog(), '确定');
    await waitFor(() => expect(body(last(calls, '/api/project/review')!)).toEqual({ ids: ['p2'], step: 'approve', opinion: '' }));
    await waitFor(() => expect(screen.queryByText('信达电子扩产技改项目')).toBeNull());
    expect(projects.rows.find((p) => p.id === 'p2')).toMatchObject({ libraryStatus: '2', isTracked: 'N', projectNo: expect.stringMatching(/^XM\d{4}-0002$/) });
    expect(query(last(calls, LIST)!).inLibrary).toBe('N');
  });
});
