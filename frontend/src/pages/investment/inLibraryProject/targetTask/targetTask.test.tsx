// 目标任务 with real antd and Pro components against a fake back end: `/target/*` and
// `/officialIndicator/*` written here to the contract (services/business/src/api/dept_target.rs). The
// completion tree with "—" where the server gives no figure and the gap red behind and green ahead, the
// export of the same query by grant; a new target's body; 下达, 确认 and 调整 offered by the row's
// `nextSteps` and the person's buttons, singly and for the chosen rows; the reason a revision needs; a
// refusal naming a field shown on it; the view with the months and the versions kept; on 目标管理 the
// export of the targets shown and the import of a file of targets (the shared import dialog), by grant.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../../../tests/fetchMock';
import { projectBackend } from '../../../../../tests/fixtures';
import { signIn } from '../../../../../tests/helpers';
import {
  body,
  buttonByText,
  buttonIn,
  buttonsIn,
  click,
  findDialog,
  form,
  last,
  menuButton,
  openDrawer,
  pickOption,
  query,
  toolbarButton,
  toolbarButtons,
  typeInto,
} from '../../../../../tests/page';
import { renderWidget } from '../../../../../tests/renderWidget';
import type { CompletionRow, TargetDetail, TargetRecord } from '@/services/business/deptTarget';
import { setButtons } from '@/utils/authority';
import TargetTask from '.';

const MENU = 'target_task';
const COMPLETION = '/api/target/completion';
const EXPORT = '/api/target/export';
const EXPORT_TARGETS = '/api/target/export-targets';
const IMPORT = '/api/target/import';
const LIST = '/api/target/list';
const DETAIL = '/api/target/detail';
const SUBMIT = '/api/target/submit';
const RELEASE = '/api/target/release';
const CONFIRM = '/api/target/confirm';
const REVISE = '/api/target/revise';
const OFFICIAL_LIST = '/api/officialIndicator/list';
const OFFICIAL_SUBMIT = '/api/officialIndicator/submit';

/** The seed's buttons of 目标任务 (services/system/src/builtin.rs), by alias. */
function targetButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/investment/inLibraryProject/targetTask';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, '/api/target/remove', 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'import', 1, '/api/target/import', 5),
    menuButton(MENU, 'export', 1, EXPORT, 6),
    menuButton(MENU, 'release', 3, RELEASE, 7),
    menuButton(MENU, 'confirm', 3, CONFIRM, 8),
  ].filter((b) => aliases.includes(b.alias));
}
const COMMITTEE = targetButtons('add', 'edit', 'delete', 'view', 'import', 'export', 'release');
const PARK = targetButtons('view', 'confirm');

const DICTS: Record<string, [string, string][]> = {
  target_indicator: [
    ['1', '固定资产投资(万元)'],
    ['4', '项目完成投资(万元)'],
    ['5', '新开工项目数(个)'],
    ['10', '省外到位资金(万元)'],
  ],
  split_mode: [['1', '平均'], ['2', '按上年同期结构'], ['3', '按季度节点'], ['4', '手工']],
  data_source: [['1', '企业汇总'], ['2', '统计快报'], ['3', '统计正式']],
};
const items = (list: [string, string][] = []) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));

const row = (over: Partial<CompletionRow>): CompletionRow => ({
  kind: 'dept', deptId: null, deptName: '', depth: 0, subtotal: false, annualTarget: null, periodTarget: null, actual: null,
  completion: null, periodCompletion: null, timeProgress: '50', scheduleGap: null, lastYear: null, yoy: null, rank: null, ...over,
});

// By hand, June: the park did 2,400 of 10,000 (24 %, 26 points behind 50 %); the authority 3,000 of
// 5,000 (60 %, 10 ahead); the zone adds them up.
const ROWS: CompletionRow[] = [
  row({ deptId: 'd1', deptName: '东区经开区', subtotal: true, annualTarget: '15000', periodTarget: '7500', actual: '5400', completion: '36', periodCompletion: '72', scheduleGap: '-14', lastYear: '4000', yoy: '35' }),
  row({ deptId: 'd2', deptName: '高新片区', depth: 1, annualTarget: '10000', periodTarget: '5000', actual: '2400', completion: '24', periodCompletion: '48', scheduleGap: '-26', lastYear: '4000', yoy: '-40', rank: 2 }),
  row({ deptId: 'd3', deptName: '工信局', depth: 1, annualTarget: '5000', periodTarget: '2500', actual: '3000', completion: '60', periodCompletion: '120', scheduleGap: '10', rank: 1 }),
  row({ kind: 'other', deptName: '其他(已撤销机构)', actual: '0' }),
  row({ kind: 'total', deptName: '合计', subtotal: true, annualTarget: '15000', periodTarget: '7500', actual: '5400', completion: '36', periodCompletion: '72', scheduleGap: '-14', lastYear: '4000', yoy: '35' }),
];

const MONTHS = { m01: '800', m02: '800', m03: '800', m04: '800', m05: '800', m06: '1000', m07: '800', m08: '800', m09: '800', m10: '800', m11: '800', m12: '1200' };

const target = (over: Partial<TargetRecord>): TargetRecord => ({
  id: '', targetYear: 2026, deptId: 'd2', indicatorCode: '4', annualTarget: '10000', targetGrowth: '12.5', lastYearActual: '8888',
  splitMode: '1', q1Share: null, h1Share: null, q3Share: null, targetStatus: '1', version: 1, remark: '', deptName: '高新片区',
  indicatorName: '项目完成投资(万元)', splitModeName: '平均', targetStatusName: '草稿', nextSteps: [], ...MONTHS, ...over,
});

const TARGETS: TargetRecord[] = [
  target({ id: 't1', deptName: '高新片区', targetStatus: '1', nextSteps: ['issue'] }),
  target({ id: 't2', deptId: 'd3', deptName: '工信局', targetStatus: '2', nextSteps: ['confirm', 'revise'], issuedName: '王主任', issuedTime: '2026-01-10 09:00:00' }),
  target({ id: 't3', deptId: 'd1', deptName: '东区经开区', targetStatus: '3', nextSteps: ['revise'], version: 2 }),
  target({ id: 't4', deptId: 'd4', deptName: '新区', targetStatus: '4', nextSteps: ['issue'], revisionReason: '项目调出' }),
];

const DETAILED: TargetDetail = {
  ...TARGETS[2],
  versions: [
    {
      id: 'v1', targetId: 't3', version: 1, content: JSON.stringify({ ...TARGETS[2], annualTarget: '12000', version: 1 }),
      reason: '重大项目调出', createUserName: '王主任', createTime: '2026-05-06 10:00:00',
    },
  ],
};

function serve(over: Parameters<typeof projectBackend>[0] = {}) {
  return projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(DICTS[query(req).code])),
    [COMPLETION]: () => ok(ROWS),
    [EXPORT]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('目标任务完成情况.xlsx')}`,
        },
      }),
    [EXPORT_TARGETS]: () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('2026年项目完成投资目标任务.xlsx')}`,
        },
      }),
    [IMPORT]: () => ok({ created: 2, updated: 0 }, '导入成功: 新增 2 条，更新 0 条'),
    [LIST]: () => ok(TARGETS),
    [DETAIL]: (req) => ok(query(req).id === 't3' ? DETAILED : { ...TARGETS.find((t) => t.id === query(req).id)!, versions: [] }),
    [SUBMIT]: (req) =>
      body(req).annualTarget === '99999999999'
        ? fail(400, 'annualTarget: 超出范围', { field: 'annualTarget', reason: '超出范围' })
        : ok({ id: body(req).id ?? 't9' }),
    [RELEASE]: (req) => ok({ count: form(req).ids.split(',').length }),
    [CONFIRM]: (req) => ok({ count: form(req).ids.split(',').length }),
    [REVISE]: (req) => ok({ id: body(req).id }),
    [OFFICIAL_LIST]: () =>
      ok([
        {
          id: 'o1', deptId: 'd1', periodYear: 2026, periodMonth: 6, indicatorCode: '1', dataSource: '2', indicatorValue: '52000',
          remark: '', deptName: '东区经开区', indicatorName: '固定资产投资(万元)', dataSourceName: '统计快报',
        },
      ]),
    [OFFICIAL_SUBMIT]: () => ok({ id: 'o2' }),
    ...over,
  });
}

async function open(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/inLibraryProject/targetTask?period=2026-06');
  const server = serve(over);
  renderWidget(
    <StyleProvider mock="server">
      <TargetTask />
    </StyleProvider>,
  );
  await screen.findByText('高新片区');
  return server;
}

const cells = (tr: Element) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
const rowOf = (text: string) =>
  waitFor(() => {
    const tr = Array.from(document.querySelectorAll('tbody tr')).find((r) => Array.from(r.querySelectorAll('td')).some((td) => td.textContent === text));
    if (!tr) throw new Error(`no row ${text}`);
    return tr as HTMLElement;
  });
const tab = (label: string) => within(document.querySelector('.ant-tabs-nav') as HTMLElement).getByText(label);

async function openTargets(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  const server = await open(buttons, over);
  await click(tab('目标管理'));
  await waitFor(() => expect(last(server.calls, LIST)).toBeTruthy());
  await rowOf('工信局');
  return server;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('目标任务', () => {
  it('shows the completion tree with "—" where there is no figure and the gap red behind, green ahead', async () => {
    const { calls } = await open(COMMITTEE);
    expect(query(last(calls, COMPLETION)!)).toEqual({ period: '2026-06', indicatorCode: '4', deptBasis: 'filed' });
    const head = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(head).toEqual(
      expect.arrayContaining([
        '责任单位', '年度目标', '1–6月目标', '1–6月完成', '完成率', '1–6月目标完成率', '时序进度', '超/落后(百分点)', '上年同期', '同比', '排名',
      ]),
    );
    expect(screen.getByTestId('completion-unit').textContent).toBe('单位：万元');
    const zone = await rowOf('东区经开区');
    expect(zone.getAttribute('data-subtotal')).toBe('true');
    const park = await rowOf('高新片区');
    expect(park.getAttribute('data-subtotal')).toBeNull();
    expect(cells(park).slice(1)).toEqual(['10,000.00', '5,000.00', '2,400.00', '24.00%', '48.00%', '50.00%', '\u221226.00', '4,000.00', '-40.00%', '2']);
    expect(park.querySelector('[data-trend="behind"]')?.className).toContain('ant-typography-danger');
    const authority = await rowOf('工信局');
    expect(cells(authority).slice(7)).toEqual(['+10.00', '—', '—', '1']);
    expect(authority.querySelector('[data-trend="ahead"]')?.className).toContain('ant-typography-success');
    const other = cells(await rowOf('其他(已撤销机构)'));
    expect(other.slice(1, 5)).toEqual(['—', '—', '0.00', '—']);
    const total = screen.getByTestId('stat-total');
    expect(cells(total).slice(0, 4)).toEqual(['合计', '15,000.00', '7,500.00', '5,400.00']);
  });

  it('asks again by department basis and indicator, and exports the same query by grant', async () => {
    const { calls } = await open(COMMITTEE);
    await click(screen.getByText('按现属地'));
    await waitFor(() => expect(query(last(calls, COMPLETION)!)).toEqual({ period: '2026-06', indicatorCode: '4', deptBasis: 'current' }));
    // the indicator select of the page's header has no form label
    const select = screen.getByTestId('indicator');
    await act(async () => {
      fireEvent.mouseDown(select.querySelector('input') ?? select);
    });
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((n) => n.textContent === '新开工项目数(个)');
      if (!found) throw new Error('no option 新开工项目数(个)');
      return found;
    });
    await click(option);
    await waitFor(() => expect(query(last(calls, COMPLETION)!)).toEqual({ period: '2026-06', indicatorCode: '5', deptBasis: 'current' }));
    // a count reads whole, with its unit
    await waitFor(() => expect(screen.getByTestId('completion-unit').textContent).toBe('单位：个'));
    expect(cells(await rowOf('高新片区'))[1]).toBe('10,000');

    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(buttonIn(document.body, '导出'));
    await waitFor(() => expect(last(calls, EXPORT)).toBeTruthy());
    expect(query(last(calls, EXPORT)!)).toEqual({ period: '2026-06', indicatorCode: '5', deptBasis: 'current' });
  });

  it('offers no export without its grant', async () => {
    await open(PARK);
    expect(buttonByText('导出')).toBeUndefined();
  });

  it('offers 下达, 确认 and 调整 by the row\'s next steps and the person\'s buttons', async () => {
    const { calls } = await openTargets(COMMITTEE);
    expect(query(last(calls, LIST)!)).toEqual({ year: '2026', indicatorCode: '4' });
    expect(toolbarButtons()).toEqual(['新增', '删除', '导入', '导出', '下达']);
    expect(buttonsIn(await rowOf('高新片区'))).toEqual(['修改', '删除', '查看', '下达']);
    expect(buttonsIn(await rowOf('工信局'))).toEqual(['查看', '调整']);
    expect(buttonsIn(await rowOf('东区经开区'))).toEqual(['查看', '调整']);
    expect(buttonsIn(await rowOf('新区'))).toEqual(['修改', '查看', '下达']);
    expect((await rowOf('工信局')).textContent).toContain('已下达');
    expect((await rowOf('工信局')).textContent).toContain('2026-01-10');
  });

  it('exports the targets shown and imports a file of targets, listing again', async () => {
    const { calls } = await openTargets(COMMITTEE);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(toolbarButton('导出'));
    await waitFor(() => expect(last(calls, EXPORT_TARGETS)).toBeTruthy());
    expect(query(last(calls, EXPORT_TARGETS)!)).toEqual({ year: '2026', indicatorCode: '4' });
    expect(last(calls, EXPORT)).toBeUndefined();

    const lists = calls.filter((c) => c.url.startsWith(LIST)).length;
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('导入目标');
    expect(dialog.textContent).toContain('已下达、已确认的目标不会被覆盖');
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '目标.xlsx')] } });
    });
    await click(screen.getByText('该单位该年度该指标已有草稿目标时，用文件中的内容替换（不勾选则作为错误列出）'));
    await click(buttonIn(dialog, '开始导入'));
    await waitFor(() => expect(last(calls, IMPORT)).toBeTruthy());
    expect((last(calls, IMPORT)!.body as FormData).get('isCovered')).toBe('1');
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(LIST)).length).toBe(lists + 1));
  });

  it('offers neither import nor export of targets without their grants', async () => {
    await openTargets(targetButtons('add', 'view', 'release'));
    expect(toolbarButtons()).toEqual(['新增', '下达']);
  });

  it('lets a department confirm what was issued to it, and nothing else', async () => {
    const { calls } = await openTargets(PARK);
    expect(toolbarButtons()).toEqual(['确认']);
    expect(buttonsIn(await rowOf('高新片区'))).toEqual(['查看']);
    expect(buttonsIn(await rowOf('东区经开区'))).toEqual(['查看']);
    const issued = await rowOf('工信局');
    expect(buttonsIn(issued)).toEqual(['查看', '确认']);
    await click(buttonIn(issued, '确认'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确认 1 个已下达的目标？');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, CONFIRM)).toBeTruthy());
    expect(form(last(calls, CONFIRM)!)).toEqual({ ids: 't2' });
  });

  it('issues the chosen rows the server allows, skipping the others', async () => {
    const { calls } = await openTargets(COMMITTEE);
    for (const name of ['高新片区', '工信局', '新区']) {
      await act(async () => {
        fireEvent.click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
      });
    }
    await click(toolbarButton('下达'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将 2 个目标下达到责任单位？');
    expect(dialog.textContent).toContain('另有 1 个不在可操作状态');
    const lists = calls.filter((c) => c.url.startsWith(LIST)).length;
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RELEASE)).toBeTruthy());
    expect(form(last(calls, RELEASE)!)).toEqual({ ids: 't1,t4' });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(LIST)).length).toBe(lists + 1));
  });

  it('revises only with a reason', async () => {
    const { calls } = await openTargets(COMMITTEE);
    await click(buttonIn(await rowOf('工信局'), '调整'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('当前第 1 版将保留');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(dialog.textContent).toContain('请填写调整原因'));
    expect(last(calls, REVISE)).toBeUndefined();
    await typeInto(dialog, '调整原因', '重大项目调出，年度目标下调');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVISE)).toBeTruthy());
    expect(body(last(calls, REVISE)!)).toEqual({ id: 't2', reason: '重大项目调出，年度目标下调' });
  });

  it('creates a target split by quarterly checkpoints and sends its body', async () => {
    const { calls } = await openTargets(COMMITTEE);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    expect(document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent).toBe('新增2026年目标');
    await pickOption('责任单位', '高新片区', drawer);
    await typeInto(drawer, '年度目标', '12000');
    await typeInto(drawer, '目标增速', '10');
    // evenly by default: the months previewed to the cent
    await waitFor(() => expect(within(drawer).getByTestId('month-grid-sum').textContent).toContain('各月合计 12,000.00'));
    await click(within(drawer).getByText('按季度节点'));
    await typeInto(drawer, '一季度累计', '20');
    await typeInto(drawer, '上半年累计', '50');
    await typeInto(drawer, '前三季度累计', '75');
    await waitFor(() => expect((within(drawer).getByLabelText('3月') as HTMLInputElement).value).toBe('800.00'));
    expect((within(drawer).getByLabelText('4月') as HTMLInputElement).value).toBe('1200.00');
    await click(within(drawer).getByTestId('target-form-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      targetYear: 2026,
      deptId: 'd2',
      indicatorCode: '4',
      annualTarget: '12000',
      targetGrowth: '10',
      lastYearActual: null,
      splitMode: '3',
      q1Share: '20',
      h1Share: '50',
      q3Share: '75',
      remark: '',
    });
  });

  it('takes months by hand only when they add up to the year', async () => {
    const { calls } = await openTargets(COMMITTEE);
    await click(toolbarButton('新增'));
    const drawer = await openDrawer();
    await pickOption('责任单位', '高新片区', drawer);
    await typeInto(drawer, '年度目标', '1200');
    await click(within(drawer).getByText('手工分解'));
    await act(async () => {
      fireEvent.change(within(drawer).getByLabelText('1月'), { target: { value: '100' } });
    });
    await click(within(drawer).getByTestId('target-form-submit'));
    await waitFor(() => expect(drawer.textContent).toContain('各月目标之和应等于年度目标'));
    expect(last(calls, SUBMIT)).toBeUndefined();
    await click(buttonIn(drawer, '平均分解'));
    await click(within(drawer).getByTestId('target-form-submit'));
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toMatchObject({ splitMode: '4', months: Array.from({ length: 12 }, () => '100.00') });
  });

  it('shows the field a refusal names on that field', async () => {
    await openTargets(COMMITTEE);
    await click(buttonIn(await rowOf('高新片区'), '修改'));
    const drawer = await openDrawer();
    await waitFor(() => expect((within(drawer).getByLabelText('1月') as HTMLInputElement | null) ?? null).toBeTruthy());
    await typeInto(drawer, '年度目标', '99999999999');
    await click(within(drawer).getByTestId('target-form-submit'));
    await waitFor(() => {
      const item = Array.from(drawer.querySelectorAll('.ant-form-item')).find((i) => i.querySelector('label')?.textContent === '年度目标');
      expect(item?.querySelector('.ant-form-item-explain')?.textContent).toBe('超出范围');
    });
  });

  it('shows a target with its months and the versions its revisions kept', async () => {
    await openTargets(PARK);
    await click(buttonIn(await rowOf('东区经开区'), '查看'));
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByTestId('target-view').textContent).toContain('年度目标(万元)10,000.00'));
    expect((within(drawer).getByLabelText('6月') as HTMLInputElement).value).toBe('1000.00');
    const versions = within(drawer).getByTestId('target-versions');
    expect(cells(versions.querySelector('tbody tr')!)).toEqual(['1', '12,000.00', '重大项目调出', '王主任', '2026-05-06 10:00:00']);
  });

  it('keeps the official figures with the grant to edit', async () => {
    const { calls } = await open(COMMITTEE);
    await click(tab('官方数据'));
    await rowOf('固定资产投资(万元)');
    expect(query(last(calls, OFFICIAL_LIST)!)).toEqual({ year: '2026' });
    expect(toolbarButtons()).toContain('录入官方数据');
    await click(toolbarButton('录入官方数据'));
    const dialog = await findDialog();
    await pickOption('责任单位', '高新片区', dialog);
    await typeInto(dialog, '1–N月累计值', '3200.5');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, OFFICIAL_SUBMIT)).toBeTruthy());
    expect(body(last(calls, OFFICIAL_SUBMIT)!)).toEqual({ deptId: 'd2', period: '2026-06', indicatorCode: '1', dataSource: '2', indicatorValue: '3200.5', remark: '' });
  });

  it('leaves the official figures read-only without the grant to edit', async () => {
    await open(PARK);
    await click(tab('官方数据'));
    const fai = await rowOf('固定资产投资(万元)');
    expect(buttonsIn(fai)).toEqual([]);
    expect(buttonByText('录入官方数据')).toBeUndefined();
  });
});
