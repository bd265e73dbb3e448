// 年度产值分解 with real antd and Pro components against a fake back end: `/outputTarget/*` written here to
// the contract (services/business/src/api/output/breakdown.rs) over the investment screens' departments
// (东区经开区 › 高新片区). The grid of a year and department with money to the cent, "—" without a
// figure and the 合计 row; the department's target beside Σ its enterprises' with the overshoot in red;
// January left out when the tenant merges it; buttons by grant and by each row's `nextSteps`;
// 按上年结构分解 asked first and sent for the year and department; the drawer's body with months typed by
// hand and a refusal shown on the field it names; the enterprises without a target; and English titles.
// 导入 comes with the menu's `import` grant only: it opens the shared import dialog with the screen's
// words, fetches `/outputTarget/export-template`, lists a refused file's rows by row and column, and a
// good file lists the breakdown again.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getIntl, history, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, json, ok } from '../../../../tests/fetchMock';
import { projectBackend } from '../../../../tests/fixtures';
import { messages, signIn } from '../../../../tests/helpers';
import {
  body,
  buttonByText,
  buttonIn,
  buttonsIn,
  click,
  findDialog,
  form,
  itemOf,
  last,
  menuButton,
  openDrawer,
  pickOption,
  query,
  toolbarButton,
  toolbarButtons,
  typeInto,
} from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type { OutputBreakdown, OutputTargetDetail, OutputTargetRecord } from '@/services/business/outputTarget';
import { setButtons } from '@/utils/authority';
import AnnualOutputBreakdown from '.';

const MENU = 'annual_output_breakdown';
const LIST = '/api/outputTarget/list';
const DETAIL = '/api/outputTarget/detail';
const SUBMIT = '/api/outputTarget/submit';
const GENERATE = '/api/outputTarget/generate';
const RELEASE = '/api/outputTarget/release';
const CONFIRM = '/api/outputTarget/confirm';
const REVISE = '/api/outputTarget/revise';
const EXPORT = '/api/outputTarget/export';
const TEMPLATE = '/api/outputTarget/export-template';
const IMPORT = '/api/outputTarget/import';

/** The seed's buttons of 年度产值分解 (services/system/src/builtin.rs), by alias. */
function breakdownButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/outputValue/annualOutputBreakdown';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, '/api/outputTarget/remove', 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'import', 1, '/api/outputTarget/import', 5),
    menuButton(MENU, 'export', 1, EXPORT, 6),
    menuButton(MENU, 'release', 3, RELEASE, 7),
    menuButton(MENU, 'confirm', 3, CONFIRM, 8),
  ].filter((b) => aliases.includes(b.alias));
}
const COMMITTEE = breakdownButtons('add', 'edit', 'delete', 'view', 'import', 'export', 'release');
const PARK = breakdownButtons('view', 'confirm');

const months = (first11: string, december: string) =>
  Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${String(i + 1).padStart(2, '0')}`, i === 11 ? december : first11])) as Record<string, string>;

const target = (over: Partial<OutputTargetRecord>): OutputTargetRecord => ({
  id: '', targetYear: 2025, enterpriseId: '', deptId: 'd2', enterpriseName: '', deptName: '高新片区', lastYearOutput: null, surveyedOutput: null,
  annualTarget: '6000', targetGrowth: null, splitMode: '1', splitModeName: '平均', q1Share: null, h1Share: null, q3Share: null, targetStatus: '1',
  targetStatusName: '草稿', version: 1, remark: '', nextSteps: [], ...(months('500', '500') as any), ...over,
});

// 10,956.53 evenly: 913.04 a month, December the rest (913.09). Σ of the four targets 30,956.53 against
// the department's 30,000: 956.53 more than the department was given.
const TARGETS: OutputTargetRecord[] = [
  target({ id: 't1', enterpriseId: 'e1', enterpriseName: '合肥信达电子有限公司', lastYearOutput: '9876.5', annualTarget: '10956.53', targetGrowth: '10.93', nextSteps: ['issue'], ...(months('913.04', '913.09') as any) }),
  target({ id: 't2', enterpriseId: 'e2', enterpriseName: '临港新能源科技有限公司', lastYearOutput: '5000', targetGrowth: '20', targetStatus: '2', targetStatusName: '已下达', nextSteps: ['confirm', 'revise'], issuedName: '王主任', issuedTime: '2025-01-10 09:00:00' }),
  target({ id: 't3', enterpriseId: 'e3', enterpriseName: '东区包装材料有限公司', targetStatus: '3', targetStatusName: '已确认', nextSteps: ['revise'], version: 2 }),
  target({ id: 't4', enterpriseId: 'e4', enterpriseName: '星湖新材料有限公司', lastYearOutput: '7000', annualTarget: '8000', targetGrowth: '14.29', splitMode: '4', targetStatus: '4', targetStatusName: '调整中', nextSteps: ['issue'], revisionReason: '企业扩产', ...(months('700', '300') as any) }),
];

const BREAKDOWN: OutputBreakdown = {
  year: 2025,
  records: TARGETS,
  totals: { annualTarget: '30956.53', lastYearOutput: '21876.5', months: [...Array.from({ length: 11 }, () => '2613.04'), '2213.09'] },
  deptTarget: '30000',
  unassigned: '-956.53',
  pending: [
    { enterpriseId: 'e5', enterpriseName: '东区精密机械有限公司', deptName: '高新片区', lastYearOutput: '2400' },
    { enterpriseId: 'e6', enterpriseName: '星湖纺织有限公司', deptName: '高新片区', lastYearOutput: null },
  ],
  januaryMerged: false,
};

const DETAILED: OutputTargetDetail = {
  ...TARGETS[2],
  versions: [
    {
      id: 'v1', targetId: 't3', version: 1, content: JSON.stringify({ ...TARGETS[2], annualTarget: '7000', version: 1 }),
      reason: '企业停产检修', createUserName: '王主任', createTime: '2025-05-06 10:00:00',
    },
  ],
};

function serve(answer: OutputBreakdown = BREAKDOWN, over: Parameters<typeof projectBackend>[0] = {}) {
  return projectBackend({
    [LIST]: () => ok(answer),
    [DETAIL]: (req) => ok(query(req).id === 't3' ? DETAILED : { ...TARGETS.find((t) => t.id === query(req).id)!, versions: [] }),
    [SUBMIT]: (req) =>
      body(req).splitMode === '2' ? fail(400, 'splitMode: 该企业上年没有已审核的月报', { field: 'splitMode', reason: '该企业上年没有已审核的月报' }) : ok({ id: body(req).id ?? 't9' }),
    [GENERATE]: () => ok({ created: 3, updated: 1, skipped: 2, shared: '20956.5' }),
    [RELEASE]: (req) => ok({ count: form(req).ids.split(',').length }),
    [CONFIRM]: (req) => ok({ count: form(req).ids.split(',').length }),
    [REVISE]: (req) => ok({ id: body(req).id }),
    ...over,
  });
}

function page(locale: 'zh-CN' | 'en-US') {
  const node = (
    <StyleProvider mock="server">
      <AnnualOutputBreakdown />
    </StyleProvider>
  );
  if (locale === 'zh-CN') return renderWidget(node);
  return render(
    <RawIntlProvider value={getIntl('en-US')}>
      <ConfigProvider locale={enUS} theme={{ token: { motion: false } }}>
        {node}
      </ConfigProvider>
    </RawIntlProvider>,
  );
}

type OpenOptions = { answer?: OutputBreakdown; over?: Parameters<typeof projectBackend>[0]; locale?: 'zh-CN' | 'en-US'; search?: string };

async function open(buttons: API.MenuButton[], opts: OpenOptions = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace(`/outputValue/annualOutputBreakdown${opts.search ?? '?year=2025'}`);
  const server = serve(opts.answer, opts.over);
  page(opts.locale ?? 'zh-CN');
  await rowOf('合肥信达电子有限公司');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
const heads = () => Array.from(document.querySelectorAll('.ant-pro-table thead th')).map((th) => th.textContent ?? '');
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('tbody tr')).find((r) => Array.from(r.querySelectorAll('td')).some((td) => td.textContent === text));
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const lists = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith(LIST)).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('年度产值分解', () => {
  it('shows the targets of the year and the top department, money to the cent, and the 合计 row', async () => {
    const { calls } = await open(COMMITTEE);
    expect(query(last(calls, LIST)!)).toEqual({ year: '2025', deptId: 'd1' });
    expect(screen.getByTestId('breakdown-title').textContent).toBe('东区经开区 2025年企业产值目标');
    expect(heads()).toEqual(
      expect.arrayContaining(['企业名称', '属地', '上年实际产值', '年度目标产值', '目标增速(%)', '分月方式', '1月', '2月', '12月', '状态', '操作']),
    );
    const first = cells(await rowOf('合肥信达电子有限公司'));
    // the selection box first; the months after 分月方式
    expect(first.slice(1, 10)).toEqual(['合肥信达电子有限公司', '高新片区', '9,876.50', '10,956.53', '10.93', '平均分解', '913.04', '913.04', '913.04']);
    expect(first[18]).toBe('913.09');
    expect(first[19]).toBe('草稿');
    // no last year, no growth
    expect(cells(await rowOf('东区包装材料有限公司')).slice(3, 6)).toEqual(['—', '6,000.00', '—']);
    const total = cells(screen.getByTestId('breakdown-total'));
    expect(total.slice(1, 10)).toEqual(['合计', '', '21,876.50', '30,956.53', '', '', '2,613.04', '2,613.04', '2,613.04']);
    expect(total[18]).toBe('2,213.09');
  });

  it('opens the year and department of the link, and keeps a new year in it', async () => {
    const { calls } = await open(PARK, { search: '?year=2025&deptId=d2' });
    expect(query(last(calls, LIST)!)).toEqual({ year: '2025', deptId: 'd2' });
    expect(screen.getByTestId('breakdown-title').textContent).toBe('高新片区 2025年企业产值目标');
    const year = screen.getByTestId('period-year');
    await act(async () => {
      fireEvent.mouseDown(year.querySelector('input') ?? year);
    });
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((n) => n.textContent === '2024年');
      if (!found) throw new Error('no option 2024年');
      return found;
    });
    await click(option);
    await waitFor(() => expect(query(last(calls, LIST)!)).toEqual({ year: '2024', deptId: 'd2' }));
    expect(history.location.search).toBe('?year=2024&deptId=d2');
  });

  it('sets the department target beside Σ of its enterprises and warns in red when they hold more', async () => {
    await open(COMMITTEE);
    await waitFor(() => expect(screen.getByTestId('breakdown-dept-target').textContent).toContain('30,000.00'));
    expect(screen.getByTestId('breakdown-assigned').textContent).toContain('30,956.53');
    const unassigned = screen.getByTestId('breakdown-unassigned');
    expect(unassigned.textContent).toContain('-956.53');
    expect(unassigned.querySelector('.ant-typography-danger')).toBeTruthy();
    expect(screen.getByTestId('breakdown-over').textContent).toContain('企业目标合计超出部门目标');
    expect(screen.getByTestId('breakdown-summary').textContent).toContain('待落实/新增量');
    expect(screen.getByTestId('breakdown-pending-count').textContent).toContain('2');
  });

  it('says 未下达 without a department target, and no warning', async () => {
    await open(COMMITTEE, { answer: { ...BREAKDOWN, deptTarget: null, unassigned: null } });
    await waitFor(() => expect(screen.getByTestId('breakdown-dept-target').textContent).toContain('未下达'));
    expect(screen.getByTestId('breakdown-unassigned').textContent).toContain('—');
    expect(screen.queryByTestId('breakdown-over')).toBeNull();
  });

  it('leaves January out and heads February 1–2月 when the tenant merges them', async () => {
    const merged = TARGETS.map((r) => ({ ...r, m01: '0' }));
    await open(COMMITTEE, { answer: { ...BREAKDOWN, records: merged, januaryMerged: true } });
    await waitFor(() => expect(heads()).toContain('1–2月'));
    expect(heads()).not.toContain('1月');
    expect(heads()).not.toContain('2月');
    const first = cells(await rowOf('合肥信达电子有限公司'));
    expect(first.slice(6, 8)).toEqual(['平均分解', '913.04']);
    expect(first[18]).toBe('草稿');
    expect(cells(screen.getByTestId('breakdown-total'))[17]).toBe('2,213.09');
    expect(screen.getByTestId('breakdown-note').textContent).toContain('2月即1–2月');
  });

  it('offers the buttons the person holds, on each row those its next steps allow', async () => {
    await open(COMMITTEE);
    expect(toolbarButtons()).toEqual(['新增', '按上年结构分解', '删除', '导入', '导出', '下达']);
    expect(buttonsIn(await rowOf('合肥信达电子有限公司'))).toEqual(['修改', '删除', '查看', '下达']);
    expect(buttonsIn(await rowOf('临港新能源科技有限公司'))).toEqual(['查看', '调整']);
    expect(buttonsIn(await rowOf('东区包装材料有限公司'))).toEqual(['查看', '调整']);
    expect(buttonsIn(await rowOf('星湖新材料有限公司'))).toEqual(['修改', '查看', '下达']);
  });

  it('lets the park confirm what was issued to it, and nothing else', async () => {
    const { calls } = await open(PARK);
    expect(toolbarButtons()).toEqual(['确认']);
    expect(buttonsIn(await rowOf('合肥信达电子有限公司'))).toEqual(['查看']);
    expect(buttonsIn(await rowOf('东区包装材料有限公司'))).toEqual(['查看']);
    const issued = await rowOf('临港新能源科技有限公司');
    expect(buttonsIn(issued)).toEqual(['查看', '确认']);
    await click(buttonIn(issued, '确认'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确认 1 个已下达的企业产值目标？');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, CONFIRM)).toBeTruthy());
    expect(form(last(calls, CONFIRM)!)).toEqual({ ids: 't2' });
    // no 新增目标 on the enterprises without a target
    await click(within(screen.getByTestId('breakdown-pending')).getByText('未分解企业 (2)'));
    expect(buttonByText('新增目标')).toBeUndefined();
  });

  it('issues the chosen rows the server allows, skipping the others', async () => {
    const { calls } = await open(COMMITTEE);
    for (const name of ['合肥信达电子有限公司', '临港新能源科技有限公司', '星湖新材料有限公司']) {
      await click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
    }
    await click(toolbarButton('下达'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将 2 个企业产值目标下达？');
    expect(dialog.textContent).toContain('另有 1 个不在可操作状态');
    const before = lists(calls);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RELEASE)).toBeTruthy());
    expect(form(last(calls, RELEASE)!)).toEqual({ ids: 't1,t4' });
    await waitFor(() => expect(lists(calls)).toBe(before + 1));
  });

  it('splits the department target by last year only once asked, and says what it made', async () => {
    const { calls } = await open(COMMITTEE);
    await click(toolbarButton('按上年结构分解'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将东区经开区2025年的部门目标');
    expect(dialog.textContent).toContain('已有的草稿将被覆盖');
    expect(last(calls, GENERATE)).toBeUndefined();
    const before = lists(calls);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, GENERATE)).toBeTruthy());
    expect(body(last(calls, GENERATE)!)).toEqual({ targetYear: 2025, deptId: 'd1' });
    await waitFor(() => expect(messages('success').join()).toContain('已新增 3 个、更新 1 个草稿目标，共分解 20,956.50 万元；2 家企业上年无产值，未分解'));
    await waitFor(() => expect(lists(calls)).toBe(before + 1));
  });

  it('says why the server refuses to split', async () => {
    await open(COMMITTEE, {
      over: { [GENERATE]: () => fail(400, 'deptId: 该部门2025年没有已下达的目标', { field: 'deptId', reason: '该部门2025年没有已下达的目标' }) },
    });
    await click(toolbarButton('按上年结构分解'));
    await click(buttonIn(await findDialog(), '确定'));
    await waitFor(() => expect(messages('error').join()).toContain('该部门2025年没有已下达的目标'));
  });

  it('creates a target with months typed by hand and sends them', async () => {
    const { calls } = await open(COMMITTEE);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    expect(document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent).toBe('新增2025年产值目标');
    await pickOption('企业', '东区精密机械有限公司', drawer);
    await waitFor(() => expect(within(drawer).getByTestId('breakdown-last-year').textContent).toContain('上年实际产值 2,400.00 万元'));
    await typeInto(drawer, '年度目标产值', '1200');
    await click(within(drawer).getByText('手工分解'));
    await click(buttonIn(drawer, '平均分解'));
    await waitFor(() => expect(within(drawer).getByTestId('month-grid-sum').textContent).toContain('1,200.00'));
    await click(within(drawer).getByTestId('output-target-form-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      targetYear: 2025,
      enterpriseId: 'e5',
      annualTarget: '1200',
      splitMode: '4',
      months: Array.from({ length: 12 }, () => '100.00'),
      remark: '',
    });
  });

  it('takes months by hand only when they add up to the year', async () => {
    const { calls } = await open(COMMITTEE);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    await pickOption('企业', '东区精密机械有限公司', drawer);
    await typeInto(drawer, '年度目标产值', '1200');
    await click(within(drawer).getByText('手工分解'));
    await act(async () => {
      fireEvent.change(within(drawer).getByLabelText('1月'), { target: { value: '100' } });
    });
    await click(within(drawer).getByTestId('output-target-form-submit'));
    await waitFor(() => expect(drawer.textContent).toContain('各月目标之和应等于年度目标产值'));
    expect(last(calls, SUBMIT)).toBeUndefined();
  });

  it('shows the field a refusal names on that field', async () => {
    const { calls } = await open(COMMITTEE);
    await click(buttonIn(await rowOf('合肥信达电子有限公司'), '修改'));
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByTestId('breakdown-last-year').textContent).toContain('9,876.50'));
    await click(within(drawer).getByText('按上年同期结构'));
    await click(within(drawer).getByTestId('output-target-form-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toMatchObject({ id: 't1', enterpriseId: 'e1', annualTarget: '10956.53', splitMode: '2' });
    const item = await itemOf(drawer, '分月方式');
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain')?.textContent).toBe('该企业上年没有已审核的月报'));
  });

  it('opens the drawer on an enterprise without a target', async () => {
    await open(COMMITTEE);
    await click(screen.getByTestId('breakdown-pending-count'));
    const pending = screen.getByTestId('breakdown-pending');
    const row = await waitFor(() => {
      const tr = Array.from(pending.querySelectorAll('tbody tr')).find((r) => r.textContent?.includes('星湖纺织有限公司'));
      if (!tr) throw new Error('no pending row');
      return tr as HTMLElement;
    });
    expect(cells(row).slice(0, 3)).toEqual(['星湖纺织有限公司', '高新片区', '—']);
    await click(buttonIn(row, '新增目标'));
    const drawer = await openDrawer();
    const enterprise = await itemOf(drawer, '企业');
    await waitFor(() => expect(enterprise.textContent).toContain('星湖纺织有限公司'));
    expect(within(drawer).getByTestId('breakdown-last-year').textContent).toBe('该企业上年没有已审核的月报，不计算目标增速');
  });

  it('revises only with a reason', async () => {
    const { calls } = await open(COMMITTEE);
    await click(buttonIn(await rowOf('临港新能源科技有限公司'), '调整'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('当前第 1 版将保留');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(dialog.textContent).toContain('请填写调整原因'));
    expect(last(calls, REVISE)).toBeUndefined();
    await typeInto(dialog, '调整原因', '企业产能转移');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVISE)).toBeTruthy());
    expect(body(last(calls, REVISE)!)).toEqual({ id: 't2', reason: '企业产能转移' });
  });

  it('shows a target with its months and the versions its revisions kept', async () => {
    await open(PARK);
    await click(buttonIn(await rowOf('东区包装材料有限公司'), '查看'));
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByTestId('output-target-view').textContent).toContain('年度目标产值(万元)6,000.00'));
    expect((within(drawer).getByLabelText('6月') as HTMLInputElement).value).toBe('500.00');
    const versions = within(drawer).getByTestId('output-target-versions');
    expect(cells(versions.querySelector('tbody tr')!)).toEqual(['1', '7,000.00', '企业停产检修', '王主任', '2025-05-06 10:00:00']);
  });

  it('exports the year and department shown, by grant', async () => {
    const { calls } = await open(COMMITTEE, {
      over: {
        [EXPORT]: () =>
          new Response('xlsx', {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('年度产值分解.xlsx')}`,
            },
          }),
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(toolbarButton('导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ year: '2025', deptId: 'd1' });
  });

  it('offers 导入 only with the import grant', async () => {
    await open(COMMITTEE.filter((b) => b.alias !== 'import'));
    expect(toolbarButtons()).not.toContain('导入');
    expect(buttonByText('导入')).toBeUndefined();
  });

  it('opens the import with the screen\'s words and fetches the template of the targets', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = await open(COMMITTEE, { over: { [TEMPLATE]: () => new Response('xlsx') } });
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('导入企业产值目标');
    // one row per enterprise and year, the split mode by name with what each needs, drafts to issue
    for (const want of ['每家企业每个年度一行', '“平均”', '“按季度节点”', '累计比例', '“手工”', '合计等于年度目标产值', '草稿', '下达']) {
      expect(dialog.textContent).toContain(want);
    }
    expect(dialog.textContent).toContain('该企业该年度已有草稿目标时');
    await click(buttonIn(dialog, '下载导入模板'));
    await waitFor(() => expect(saved).toEqual(['年度产值分解导入模板.xlsx']));
    expect(calls.filter((c) => path(c) === TEMPLATE)).toHaveLength(1);
  });

  it('lists a refused file by row and column and writes nothing on the screen', async () => {
    const { calls } = await open(COMMITTEE, {
      over: {
        [IMPORT]: () =>
          json(
            {
              code: 400,
              success: false,
              msg: '导入失败: 1 行数据有误，未导入任何数据。第3行 统一社会信用代码: 企业不存在',
              data: [{ row: 3, field: '统一社会信用代码', reason: '企业不存在', message: '第3行 统一社会信用代码: 企业不存在' }],
            },
            400,
          ),
      },
    });
    const before = lists(calls);
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '产值目标.xlsx')] } });
    });
    await click(buttonIn(dialog, '开始导入'));
    const report = await within(dialog).findByTestId('breakdown-import-report');
    expect(Array.from(report.querySelectorAll('tbody tr')).map(cells)).toEqual([['第 3 行', '统一社会信用代码', '企业不存在']]);
    expect(messages()).toEqual([]);
    expect(lists(calls)).toBe(before);
  });

  it('says what a good file brought in and lists the breakdown again', async () => {
    const { calls } = await open(COMMITTEE, { over: { [IMPORT]: () => ok({ created: 2, updated: 1 }, '导入成功: 新增 2 条，更新 1 条') } });
    const before = lists(calls);
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '产值目标.xlsx')] } });
    });
    await click(within(dialog).getByText(/已有草稿目标时/));
    await click(buttonIn(dialog, '开始导入'));
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 2 条，更新 1 条']));
    const sent = last(calls, IMPORT)!.body as FormData;
    expect(sent.get('isCovered')).toBe('1');
    expect((sent.get('file') as File).name).toBe('产值目标.xlsx');
    await waitFor(() => expect(lists(calls)).toBe(before + 1));
    expect(query(last(calls, LIST)!)).toEqual({ year: '2025', deptId: 'd1' });
  });

  it('heads every column in English for an English reader', async () => {
    await open(COMMITTEE, { locale: 'en-US' });
    const cjk = /[\u3400-\u9fff\uf900-\ufaff]/;
    expect(heads()).toEqual(expect.arrayContaining(['Enterprise', 'Park', 'Annual target', 'Target growth (%)', 'Jan', 'Dec', 'Status', 'Actions']));
    heads().forEach((h) => expect(h).not.toMatch(cjk));
    toolbarButtons().forEach((b) => expect(b).not.toMatch(cjk));
    expect(cells(screen.getByTestId('breakdown-total'))[1]).toBe('Total');
    expect(cells(await rowOf('Draft')).length).toBeGreaterThan(0);
    ['breakdown-dept-target', 'breakdown-assigned', 'breakdown-unassigned', 'breakdown-pending-count'].forEach((id) =>
      expect(screen.getByTestId(id).querySelector('.ant-statistic-title')?.textContent).not.toMatch(cjk),
    );
  });
});

