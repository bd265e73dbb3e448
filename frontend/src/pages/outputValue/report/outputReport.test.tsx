// 产值填报 with real antd and Pro components against a fake back end: `/outputValue/list`, `completeness`,
// `month` and `submit` answering to the contract of services/business/src/output/report. The month's
// summary (应报 / 已报 / 未报) above the list, a month not filed shown as 未填 with the fill button, a
// decline in red; 未报 clicked filters the list to the enterprises that have not filed; filling in a
// month below last year asks for the reason before anything is sent, and the body carries the month
// as text. 导入 comes with the menu's `import` grant only: it opens the shared import dialog with the
// screen's words, fetches `/outputValue/export-template`, and a good file lists the month and its
// summary again. 导出{year}年全年 comes with the `export` grant and asks for the chosen month's year with
// the list's filters, never its month. 催报 (with its grant) confirms with the month's 未报 count, texts only
// when ticked, sends the list's filters and the month, and says what went and why no text did.
// 转为问题 (with 跟踪项目's `issue` button, `track_project_issue`) raises a report's difficulty on one of the
// enterprise's projects `/projectIssue/output-projects` offers: the first preselected, the description
// the difficulty, the body exactly the contract's; a refusal naming the project lands on its field; an
// enterprise without a project is told why and offered no submit.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getIntl, history, RawIntlProvider } from '@umijs/max';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { projectBackend } from '../../../../tests/fixtures';
import { messages, signIn } from '../../../../tests/helpers';
import {
  body,
  buttonByText,
  buttonIn,
  buttonsIn,
  click,
  findDialog,
  itemOf,
  last,
  menuButton,
  openDrawer,
  openMore,
  pickOption,
  query,
  rowWith,
  squash,
  toolbarButton,
  typeInto,
} from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type { CompletenessView, OutputReportRecord } from '@/services/business/outputReport';
import type { OutputIssueProject } from '@/services/business/projectIssue';
import { setButtons } from '@/utils/authority';
import OutputReport from '.';

const MENU = 'output_report';
const LIST = '/api/outputValue/list';
const COMPLETENESS = '/api/outputValue/completeness';
const MONTH = '/api/outputValue/month';
const SUBMIT = '/api/outputValue/submit';
const TEMPLATE = '/api/outputValue/export-template';
const IMPORT = '/api/outputValue/import';
const IMPORT_BUTTON = menuButton(MENU, 'import', 1, IMPORT, 5);
const EXPORT_YEAR = '/api/outputValue/export-year';
const EXPORT_BUTTON = menuButton(MENU, 'export', 1, '/api/outputValue/export', 6);
const REMIND = '/api/outputValue/remind';
const REMIND_BUTTON = menuButton(MENU, 'remind', 1, REMIND, 10);
const OUTPUT_PROJECTS = '/api/projectIssue/output-projects';
const RAISE = '/api/projectIssue/submit';
/** 跟踪项目's raise button: the grant 转为问题 comes with. */
const RAISER: API.ButtonGroup = { code: 'track_project', buttons: [menuButton('track_project', 'issue', 2, '/api/projectIssue/submit', 10)] };
const DIFFICULTY = '用工紧张，熟练工缺口约120人';
/** The projects of 东区机械 that take issues, the larger first (crates/testkit/tests/api/output_issues.rs). */
const PROJECTS: OutputIssueProject[] = [
  { id: 'p1', projectNo: 'XM2026001', projectName: '东区机械二期扩产项目', deptName: '东区', projectStatusName: '在建' },
  { id: 'p2', projectNo: 'XM2026002', projectName: '东区机械技改项目', deptName: '东区', projectStatusName: '前期手续' },
];
const ISSUE_TYPES = [
  { id: 't1', dictKey: '1', dictValue: '用地/征拆' },
  { id: 't5', dictKey: '5', dictValue: '施工/用工' },
];

const blank: OutputReportRecord = {
  id: '',
  enterpriseId: '',
  enterpriseName: '',
  creditCode: '',
  deptId: 'd2',
  deptName: '东区',
  industryCode: 'C34',
  industryName: '通用设备制造业',
  isAboveScale: 'Y',
  isAboveScaleName: '是',
  expected: true,
  period: '2026-03',
  monthOutput: null,
  ytdBefore: '0',
  ytdOutput: null,
  lastYearMonthOutput: null,
  lastYearYtdOutput: null,
  lastYearFromReports: false,
  yoy: null,
  monthYoy: null,
  annualTarget: null,
  ytdTarget: null,
  completion: null,
  monthRevenue: null,
  monthAddedValue: null,
  monthTax: null,
  monthProfit: null,
  electricity: null,
  employeeCount: null,
  nextMonthForecast: null,
  declineReason: '',
  problems: '',
  remark: '',
  reportStatus: '',
  reportStatusName: '未填',
  isLate: '',
  isLateName: '',
  submitUserName: '',
  submitTime: '',
  auditUserName: '',
  auditTime: '',
  reviewOpinion: '',
  nextSteps: [],
};
/** The March rows of crates/testkit/tests/api/output_reports.rs (figures worked out there). */
const ROWS: OutputReportRecord[] = [
  { ...blank, enterpriseId: 'e2', enterpriseName: '东一电子', deptName: '东一片', ytdBefore: '0' },
  {
    ...blank,
    id: 'r1',
    enterpriseId: 'e1',
    enterpriseName: '东区机械',
    monthOutput: '1200',
    ytdBefore: '2100.5',
    ytdOutput: '3300.5',
    lastYearYtdOutput: '3000',
    lastYearFromReports: true,
    yoy: '10.02',
    reportStatus: '1',
    reportStatusName: '待审核',
    submitTime: '2026-11-25 10:00:00',
    isLate: 'Y',
    problems: DIFFICULTY,
    nextSteps: ['approve', 'return', 'withdraw'],
  },
  {
    ...blank,
    id: 'r3',
    enterpriseId: 'e3',
    enterpriseName: '西区化工',
    deptName: '西区',
    monthOutput: '400',
    ytdOutput: '400',
    lastYearYtdOutput: '1000',
    yoy: '-60.00',
    declineReason: '主要客户停产检修',
    reportStatus: '1',
    reportStatusName: '待审核',
    nextSteps: ['approve', 'return', 'withdraw'],
  },
];
const SUMMARY: CompletenessView = {
  period: '2026-03',
  deadline: '2026-04-05',
  locked: false,
  reportingMonth: true,
  depts: [
    { deptId: 'd3', deptName: '东一片', expected: 1, reported: 0, approved: 0, missing: 1, late: 0 },
    { deptId: 'd2', deptName: '东区', expected: 1, reported: 1, approved: 0, missing: 0, late: 1 },
    { deptId: 'd4', deptName: '西区', expected: 1, reported: 1, approved: 0, missing: 0, late: 1 },
  ],
  total: { deptId: null, deptName: '', expected: 3, reported: 2, approved: 0, missing: 1, late: 2 },
};

/** The names of the files the page saves from now on (the browser's download is a link clicked). */
function savedDownloads(): string[] {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** The screen of a park clerk holding the filing buttons (and `more`, and the other menus' `groups`),
 * against the fake back end (with `routes` added), in `locale`. */
async function open(more: API.MenuButton[] = [], routes: Parameters<typeof projectBackend>[0] = {}, groups: API.ButtonGroup[] = [], locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  signIn();
  setButtons([
    {
      code: MENU,
      buttons: [
        menuButton(MENU, 'add', 1, '/outputValue/report/add', 1),
        menuButton(MENU, 'edit', 2, '/outputValue/report/edit', 2),
        menuButton(MENU, 'view', 2, '/outputValue/report/view', 4),
        menuButton(MENU, 'submit', 3, '/api/outputValue/submit-audit', 7),
        ...more,
      ],
    },
    ...groups,
  ]);
  history.replace('/outputValue/report?period=2026-03');
  const server = projectBackend({
    [LIST]: (req) => {
      const rows = query(req).reportStatus === 'none' ? ROWS.filter((r) => !r.id) : ROWS;
      return ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
    },
    [COMPLETENESS]: () => ok(SUMMARY),
    [MONTH]: () => ok({ ...ROWS[0], lastYearFromReports: true, lastYearYtdOutput: '1000', lastYearMonthOutput: '400' }),
    [SUBMIT]: () => ok({ id: 'r2' }),
    ...routes,
  });
  const page = (
    <StyleProvider mock="server">
      <OutputReport />
    </StyleProvider>
  );
  if (locale === 'zh-CN') renderWidget(page);
  else
    render(
      <RawIntlProvider value={getIntl('en-US')}>
        <ConfigProvider locale={enUS} theme={{ token: { motion: false } }}>
          {page}
        </ConfigProvider>
      </RawIntlProvider>,
    );
  await screen.findByText('东区机械');
  return server;
}

describe('产值填报', () => {
  it('shows how many owe the month and have reported, a month not filed as 未填, and a decline in red', async () => {
    const server = await open();
    const summary = await screen.findByTestId('output-completeness');
    await waitFor(() => expect(summary.textContent).toContain('截止 2026-04-05'));
    expect(within(summary).getByTestId('output-expected').textContent).toContain('3');
    expect(within(summary).getByTestId('output-missing-count').textContent).toContain('1');
    expect(document.querySelector('.ant-pro-table .ant-table-thead')?.textContent).toContain('1–3月累计');
    const missing = await rowWith('东一电子');
    expect(within(missing).getByTestId('output-missing').textContent).toBe('未填');
    expect(() => buttonIn(missing, '填报')).not.toThrow();
    const decline = (await rowWith('西区化工')).querySelector('[data-decline="true"]');
    expect(decline?.textContent).toBe('-60.00%');
    expect((await rowWith('东区机械')).textContent).toContain('逾期');
    expect(query(server.calls.filter((c) => path(c) === LIST).pop()!).period).toBe('2026-03');

    // 未报 shows the enterprises that have not filed
    await click(within(summary).getByTestId('output-missing-count'));
    await waitFor(() => expect(query(server.calls.filter((c) => path(c) === LIST).pop()!).reportStatus).toBe('none'));
  });

  it('asks for the reason of a decline before sending the month, and sends it as text', async () => {
    const server = await open();
    await click(buttonIn(await rowWith('东一电子'), '填报'));
    const drawer = await openDrawer();
    await within(drawer).findByText('东一电子');
    // 900 against last year's 1,000: −10.00 %
    await typeInto(drawer, '本月工业总产值(现价)', '900');
    await waitFor(() => expect(within(drawer).getByTestId('output-live-figures').textContent).toContain('-10.00%'));
    expect(within(drawer).getByTestId('output-decline-hint')).toBeTruthy();
    await act(async () => {
      buttonIn(document.querySelector('.ant-drawer-footer')!, '提交').click();
    });
    await within(drawer).findByText('请输入下降原因');
    expect(server.calls.filter((c) => path(c) === SUBMIT)).toHaveLength(0);
    await typeInto(drawer, '下降原因', '订单减少');
    await act(async () => {
      buttonIn(document.querySelector('.ant-drawer-footer')!, '提交').click();
    });
    await waitFor(() => expect(server.calls.filter((c) => path(c) === SUBMIT)).toHaveLength(1));
    const sent = body(server.calls.filter((c) => path(c) === SUBMIT)[0]);
    expect(sent).toMatchObject({ enterpriseId: 'e2', period: '2026-03', monthOutput: '900', declineReason: '订单减少' });
    expect(sent).not.toHaveProperty('id');
    expect(sent).not.toHaveProperty('lastYearYtdOutput');
  });

  it('offers 导入 only with the import grant', async () => {
    await open();
    expect(buttonByText('导入')).toBeUndefined();
  });

  it('opens the import with the screen\'s words and fetches the template of the output reports', async () => {
    const saved = savedDownloads();
    const { calls } = await open([IMPORT_BUTTON], { [TEMPLATE]: () => new Response('xlsx') });
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('导入产值填报');
    // both ways to a file: the template, or the month's 未填 enterprises exported and filled in
    for (const want of ['下载导入模板', '“未填”', '导出', '本月产值(万元)', '会被跳过', '草稿']) expect(dialog.textContent).toContain(want);
    expect(dialog.textContent).toContain('该企业该月已有草稿或退回的产值填报时');
    await click(buttonIn(dialog, '下载导入模板'));
    await waitFor(() => expect(saved).toEqual(['产值填报导入模板.xlsx']));
    expect(calls.filter((c) => path(c) === TEMPLATE)).toHaveLength(1);
  });

  it('says what a good file brought in and lists the month and its summary again', async () => {
    const { calls } = await open([IMPORT_BUTTON], {
      [IMPORT]: () => ok({ created: 1, updated: 0, skipped: 2 }, '导入成功: 新增 1 条，更新 0 条，跳过未填写产值的 2 行'),
    });
    await waitFor(() => expect(calls.filter((c) => path(c) === COMPLETENESS)).toHaveLength(1));
    const [lists, summaries] = [LIST, COMPLETENESS].map((p) => calls.filter((c) => path(c) === p).length);
    await click(toolbarButton('导入'));
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['xlsx'], '未填企业.xlsx')] } });
    });
    await click(buttonIn(dialog, '开始导入'));
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 1 条，更新 0 条，跳过未填写产值的 2 行']));
    expect((last(calls, IMPORT)!.body as FormData).get('isCovered')).toBe('0');
    await waitFor(() => expect(calls.filter((c) => path(c) === LIST).length).toBeGreaterThan(lists));
    await waitFor(() => expect(calls.filter((c) => path(c) === COMPLETENESS).length).toBeGreaterThan(summaries));
    expect(query(last(calls, LIST)!).period).toBe('2026-03');
  });

  it('exports the whole year of the chosen month with the filters shown, with the export grant only', async () => {
    const saved = savedDownloads();
    const { calls } = await open([EXPORT_BUTTON], { [EXPORT_YEAR]: () => new Response('xlsx') });
    // the enterprises that have not filed, shown by clicking 未报, then every month of 2026 for them
    await click(within(await screen.findByTestId('output-completeness')).getByTestId('output-missing-count'));
    await waitFor(() => expect(query(last(calls, LIST)!).reportStatus).toBe('none'));
    // it wears the download icon of 导出 beside it
    expect(toolbarButton('导出2026年全年').querySelector('.anticon-download')).not.toBeNull();
    await click(toolbarButton('导出2026年全年'));
    await waitFor(() => expect(calls.filter((c) => path(c) === EXPORT_YEAR)).toHaveLength(1));
    const q = query(last(calls, EXPORT_YEAR)!);
    expect(q.year).toBe('2026');
    expect(q.reportStatus).toBe('none');
    expect(q).not.toHaveProperty('period');
    expect(q).not.toHaveProperty('current');
    await waitFor(() => expect(saved).toEqual(['产值填报_2026年.xlsx']));
  });

  it('offers no 导出全年 without the export grant', async () => {
    await open();
    expect(buttonByText('导出2026年全年')).toBeUndefined();
  });

  it('reminds the month\'s missing enterprises of the filters shown, texts only when ticked, with the remind grant only', async () => {
    const { calls } = await open([REMIND_BUTTON], {
      [REMIND]: () => ok({ enterprises: 1, notices: 1, texted: 0, withoutPhone: 0, smsError: '未配置短信服务' }),
    });
    await click(toolbarButton('催报'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('1 家企业未报');
    await click(within(dialog).getByTestId('output-remind-sms'));
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(calls.filter((c) => path(c) === REMIND)).toHaveLength(1));
    const q = query(last(calls, REMIND)!);
    expect(q.period).toBe('2026-03');
    expect(q.sms).toBe('Y');
    expect(q).not.toHaveProperty('current');
    // the notices went; why no text did is said
    expect(await screen.findByText('已向 1 个园区发送催报通知，涉及 1 家企业')).toBeTruthy();
    expect(await screen.findByText('短信未发送：未配置短信服务')).toBeTruthy();
  });

  it('offers no 催报 without the remind grant', async () => {
    await open();
    expect(buttonByText('催报')).toBeUndefined();
  });
});

describe('产值填报 › 转为问题', () => {
  /** The labels of a row's links, those under 更多 included. */
  async function actionsOf(text: string): Promise<string[]> {
    const row = await rowWith(text);
    const inline = buttonsIn(row).filter((l) => l !== '更多');
    if (!buttonByText('更多', row)) return inline;
    await openMore(row);
    const menus = document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)');
    const items = Array.from(menus[menus.length - 1].querySelectorAll('.ant-dropdown-menu-item')).map((i) => squash(i.textContent));
    return [...inline, ...items];
  }

  /** The clerk who may also raise issues, the enterprise's projects answering `projects`. */
  const openRaiser = (projects: () => Response = () => ok(PROJECTS), routes: Parameters<typeof projectBackend>[0] = {}, locale: 'zh-CN' | 'en-US' = 'zh-CN') =>
    open(
      [],
      {
        '/api/keeper-system/dict-biz/dictionary': (req) => ok(query(req).code === 'issue_type' ? ISSUE_TYPES : []),
        [OUTPUT_PROJECTS]: projects,
        [RAISE]: () => ok({ id: 'i9' }),
        ...routes,
      },
      [RAISER],
      locale,
    );

  /** Opens 转为问题 from the row of 东区机械 (under 更多 — `more` — when it is not inline). */
  async function raiseFromRow(label = '转为问题', more = '更多') {
    const row = await rowWith('东区机械');
    const inline = buttonByText(label, row);
    if (inline) await click(inline);
    else {
      await act(async () => {
        fireEvent.mouseEnter(buttonIn(row, more));
      });
      const item = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')).find((i) => squash(i.textContent) === label)!;
      await click(item);
    }
    return findDialog();
  }

  it('is offered for a filed report naming a difficulty, and only with the raise button', async () => {
    await open();
    expect(await actionsOf('东区机械')).not.toContain('转为问题');
  });

  it('is offered on the row of a report with a difficulty to whoever may raise issues', async () => {
    await openRaiser();
    expect(await actionsOf('东区机械')).toContain('转为问题');
    // no difficulty, and a month not filed: nothing to raise
    expect(await actionsOf('西区化工')).not.toContain('转为问题');
    expect(await actionsOf('东一电子')).not.toContain('转为问题');
  });

  it('asks for the enterprise\'s projects, preselects the first, starts from the difficulty and posts the contract\'s body', async () => {
    const { calls } = await openRaiser();
    const dialog = await raiseFromRow();
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('转为问题');
    await waitFor(() => expect(within(dialog).getByTestId('raise-project-select').textContent).toContain('东区机械二期扩产项目'));
    expect(query(last(calls, OUTPUT_PROJECTS)!)).toEqual({ id: 'r1' });
    expect(within(dialog).getByTestId('raise-source').textContent).toContain('东区机械在2026年3月产值填报中反映的困难/诉求');
    // the chosen project's number, park and status beside it
    expect((await itemOf(dialog, '所属项目')).textContent).toContain('项目编号：XM2026001　属地：东区　项目状态：在建');
    expect(((await itemOf(dialog, '问题描述')).querySelector('textarea') as HTMLTextAreaElement).value).toBe(DIFFICULTY);
    // nothing goes out without a category
    await click(buttonIn(dialog, '确定'));
    expect(await within(dialog).findByText('请选择问题类别')).toBeTruthy();
    expect(last(calls, RAISE)).toBeUndefined();
    await pickOption('类别', '施工/用工', dialog);
    await typeInto(dialog, '建议措施', ' 协调人社局组织专场招聘 ');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RAISE)).toBeTruthy());
    expect(body(last(calls, RAISE)!)).toEqual({
      projectId: 'p1',
      outputReportId: 'r1',
      raisedPeriod: '2026-03',
      issueType: '5',
      description: DIFFICULTY,
      suggestion: '协调人社局组织专场招聘',
    });
    await waitFor(() => expect(messages('success')).toEqual(['已转为问题，待管委会研判']));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull());
  });

  it('raises on the project chosen, and names the issue when the answer does', async () => {
    const { calls } = await openRaiser(undefined, { [RAISE]: () => ok({ id: 'i9', issueNo: 'WT2026-0007' }) });
    const dialog = await raiseFromRow();
    await waitFor(() => expect(within(dialog).getByTestId('raise-project-select').textContent).toContain('东区机械二期扩产项目'));
    await pickOption('所属项目', '东区机械技改项目项目编号：XM2026002　属地：东区　项目状态：前期手续', dialog);
    await pickOption('类别', '施工/用工', dialog);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RAISE)).toBeTruthy());
    expect(body(last(calls, RAISE)!)).toMatchObject({ projectId: 'p2', outputReportId: 'r1' });
    expect(body(last(calls, RAISE)!)).not.toHaveProperty('suggestion');
    await waitFor(() => expect(messages('success')).toEqual(['已转为问题 WT2026-0007，待管委会研判']));
  });

  it('shows a refusal naming the project on the project field and stays open', async () => {
    const refusal = { field: 'projectId', reason: '不是该产值填报所属企业的项目' };
    const { calls } = await openRaiser(undefined, {
      [RAISE]: () => json({ code: 400, success: false, msg: 'projectId: 不是该产值填报所属企业的项目', data: refusal }, 400),
    });
    const dialog = await raiseFromRow();
    await waitFor(() => expect(within(dialog).getByTestId('raise-project-select').textContent).toContain('东区机械二期扩产项目'));
    await pickOption('类别', '施工/用工', dialog);
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RAISE)).toBeTruthy());
    expect(await within(await itemOf(dialog, '所属项目')).findByText('不是该产值填报所属企业的项目')).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    expect(messages('success')).toEqual([]);
  });

  it('tells why an enterprise without a project takes no issue, and offers no submit', async () => {
    const { calls } = await openRaiser(() => ok([]));
    const dialog = await raiseFromRow();
    const why = await within(dialog).findByTestId('raise-no-project');
    expect(why.textContent).toBe('该企业没有可上报问题的在库项目：问题台账中的问题须属于一个项目。可先在项目入库中为该企业登记项目。');
    expect(buttonsIn(dialog.querySelector('.ant-modal-footer')!)).toEqual(['关闭']);
    expect(dialog.querySelector('textarea')).toBeNull();
    await click(buttonIn(dialog, '关闭'));
    expect(last(calls, RAISE)).toBeUndefined();
  });

  it('is offered beside the difficulty in the view drawer', async () => {
    const { calls } = await openRaiser(undefined, {
      '/api/outputValue/detail': () => ok(ROWS[1]),
      '/api/outputValue/review-log': () => ok([]),
    });
    await click(buttonIn(await rowWith('东区机械'), '查看'));
    const drawer = await openDrawer();
    await click(await within(drawer).findByTestId('output-raise-issue'));
    const dialog = await findDialog();
    await waitFor(() => expect(query(last(calls, OUTPUT_PROJECTS)!)).toEqual({ id: 'r1' }));
    expect(((await itemOf(dialog, '问题描述')).querySelector('textarea') as HTMLTextAreaElement).value).toBe(DIFFICULTY);
  });

  it('reads in English', async () => {
    await openRaiser(undefined, {}, 'en-US');
    const dialog = await raiseFromRow('Raise as issue', 'More');
    expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('Raise as issue');
    await waitFor(() => expect(within(dialog).getByTestId('raise-project-select').textContent).toContain('东区机械二期扩产项目'));
    expect(within(dialog).getByTestId('raise-source').textContent).toBe(
      'The difficulty 东区机械 reported with its output for Mar 2026 goes into the issue ledger as an issue of the project chosen below, for the committee to assess.',
    );
    for (const label of ['Project', 'Category', 'Issue', 'Suggested measures']) expect(await itemOf(dialog, label)).toBeTruthy();
    expect((await itemOf(dialog, 'Project')).textContent).toContain('No. XM2026001 · Park: 东区 · Status: 在建');
    expect(buttonsIn(dialog.querySelector('.ant-modal-footer')!)).toEqual(['Cancel', 'OK']);
  });

  it('says in English why an enterprise without a project takes no issue', async () => {
    await openRaiser(() => ok([]), {}, 'en-US');
    const dialog = await raiseFromRow('Raise as issue', 'More');
    expect((await within(dialog).findByTestId('raise-no-project')).textContent).toContain('This enterprise has no project in the library that can take issues');
    expect(buttonsIn(dialog.querySelector('.ant-modal-footer')!)).toEqual(['Close']);
  });
});
