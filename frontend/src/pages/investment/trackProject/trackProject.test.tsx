// 跟踪项目 with real antd and Pro components against a fake back end: the investment fixtures of
// tests/fixtures.ts with `/project/tracked` and `/projectReport` written here over an in-memory store
// to the contract of the monthly reports. The tracked list of a month with its figures; a clerk filing
// a report (decimals as text, the month, the status change only when the status moves) and changing a
// draft; the server's refusal of a composition that does not add up, on its field; the review queue
// approving the selected reports; 反审核 only for whoever may approve; and what a reviewer reads about a
// proposed status change. From the tracked list: the warning colour and why, raising an issue of the
// month (with the month's report), the way to the project's issues, and the annual plan with its even
// split and its Σ check.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { json, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { PROJECT_DICTS, projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
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
  typeInto as type,
} from '../../../../tests/page';
import { emptyProject } from '../../../../tests/projectService';
import { renderWidget } from '../../../../tests/renderWidget';
import type { ProjectReportRecord, TrackedProjectRecord } from '@/services/business/projectReport';
import type { ReviewStep } from '@/services/review';
import { setButtons } from '@/utils/authority';
import TrackProject from '.';

const MENU = 'track_project';
const TRACKED = '/api/project/tracked';
const REPORTS = '/api/projectReport/list';
const SUBMIT = '/api/projectReport/submit';
const REVIEW = '/api/projectReport/review';
const ISSUES = '/api/projectIssue/list';
const RAISE = '/api/projectIssue/submit';
const PLANS = '/api/projectPlan/list';
const SAVE_PLAN = '/api/projectPlan/submit';

/** The seed's buttons of 跟踪项目 (services/system/src/builtin.rs), by alias. */
function trackButtons(...aliases: string[]): API.MenuButton[] {
  const base = '/investment/trackProject';
  return [
    menuButton(MENU, 'add', 1, `${base}/add`, 1),
    menuButton(MENU, 'edit', 2, `${base}/edit`, 2),
    menuButton(MENU, 'delete', 3, '/api/projectReport/remove', 3),
    menuButton(MENU, 'view', 2, `${base}/view`, 4),
    menuButton(MENU, 'import', 1, '/api/projectReport/import', 5),
    menuButton(MENU, 'export', 1, '/api/projectReport/export', 6),
    menuButton(MENU, 'submit', 3, '/api/projectReport/submit-audit', 7),
    menuButton(MENU, 'approve', 3, '/api/projectReport/approve', 8),
    menuButton(MENU, 'return', 2, '/api/projectReport/return', 9),
    menuButton(MENU, 'issue', 2, '/api/projectIssue/submit', 10),
    menuButton(MENU, 'assign', 2, '/api/projectIssue/assign', 11),
    menuButton(MENU, 'handle', 2, '/api/projectIssue/act', 12),
  ].filter((b) => aliases.includes(b.alias));
}
const FILLER = trackButtons('add', 'edit', 'delete', 'view', 'export', 'submit');
const REVIEWER = trackButtons('view', 'export', 'approve', 'return');

const DICTS: Record<string, [string, string][]> = {
  ...PROJECT_DICTS,
  project_status: [
    ['10', '储备(谋划)'],
    ['20', '在谈'],
    ['30', '已签约'],
    ['40', '前期手续'],
    ['50', '在建'],
    ['60', '竣工'],
    ['70', '投产'],
    ['80', '达产'],
    ['90', '停缓建'],
    ['99', '终止(退出)'],
  ],
  project_stage: [
    ['7', '施工许可'],
    ['9', '主体施工'],
    ['12', '竣工验收'],
  ],
  issue_level: [
    ['1', '上报问题'],
    ['2', '建议问题'],
    ['3', '一般问题'],
    ['4', '重点问题'],
  ],
  issue_type: [
    ['1', '用地/征拆'],
    ['2', '规划/审批手续'],
  ],
};

/** What the server says of each project's issues, its plan and its warning colour in October. */
const ISSUE_FIGURES: Record<string, Partial<TrackedProjectRecord>> = {
  p11: {
    yearPlanInvestment: '6000',
    ytdPlanRate: null,
    timeProgress: '83.33',
    openIssueCount: 2,
    topIssueLevel: '4',
    topIssueLevelName: '重点问题',
    overdueIssueCount: 1,
    warning: 'red',
    warningName: '预警',
    warningReasons: ['有未销号的重点问题', '1个问题超期'],
  },
  p12: {
    yearPlanInvestment: '8000',
    ytdPlanRate: '40.01',
    timeProgress: '83.33',
    openIssueCount: 1,
    topIssueLevel: '2',
    topIssueLevelName: '建议问题',
    overdueIssueCount: 0,
    warning: 'yellow',
    warningName: '关注',
    warningReasons: ['落后时序进度43.32个百分点'],
  },
  p13: { yearPlanInvestment: null, ytdPlanRate: null, timeProgress: '83.33', openIssueCount: 0, topIssueLevel: '', warning: 'green', warningName: '正常', warningReasons: [] },
};
const STATUS_NAMES: Record<string, string> = Object.fromEntries(DICTS.project_status);
const REPORT_STATUS: Record<string, string> = { '0': '草稿', '1': '待审核', '2': '已通过', '3': '已退回' };
const MOVES: [string, ReviewStep, string][] = [
  ['0', 'submit', '1'],
  ['1', 'approve', '2'],
  ['1', 'return', '3'],
  ['1', 'withdraw', '0'],
  ['3', 'resubmit', '1'],
  ['2', 'unapprove', '1'],
];

/** A tracked project in the library; its month's figures come from the reports. */
const project = (over: Partial<TrackedProjectRecord>) =>
  emptyProject({
    libraryStatus: '2',
    reportStatus: '2',
    isTracked: 'Y',
    deptId: 'd2',
    deptName: '高新片区',
    projectSource: '2',
    ...over,
  }) as TrackedProjectRecord;

const PROJECTS: TrackedProjectRecord[] = [
  project({
    id: 'p11',
    projectName: '新能源电池模组项目',
    projectStatus: '40',
    projectStatusName: '前期手续',
    currentStage: '7',
    currentStageName: '施工许可',
    totalInvestment: '52000',
    // what a park clerk gets: the moves a report proposes are no direct change of theirs, the server
    // lists them apart
    nextStatuses: [],
    proposableStatuses: ['50', '90'],
    responsibleLeader: '王副主任',
  }),
  project({
    id: 'p12',
    projectName: '智能传感器产业园一期',
    projectStatus: '50',
    projectStatusName: '在建',
    currentStage: '9',
    currentStageName: '主体施工',
    totalInvestment: '12000.5',
    cumulativeInvestment: '15800.75',
    actualStartDate: '2025-03-01',
    nextStatuses: ['60', '70', '90', '99'],
    proposableStatuses: ['60', '70', '90'],
    responsibleLeader: '李副主任',
  }),
  project({
    id: 'p13',
    projectName: '东区污水处理厂提标改造',
    projectStatus: '50',
    projectStatusName: '在建',
    totalInvestment: '8000',
    cumulativeInvestment: '7600',
    actualStartDate: '2025-05-01',
    nextStatuses: ['60', '70', '90', '99'],
    proposableStatuses: ['60', '70', '90'],
  }),
];

/** A report as the server sends one. */
function report(over: Partial<ProjectReportRecord>): ProjectReportRecord {
  return {
    id: '',
    projectId: '',
    projectName: '',
    projectNo: '',
    deptId: 'd2',
    deptName: '高新片区',
    periodYear: 2026,
    periodMonth: 10,
    period: '2026-10',
    monthInvestment: null,
    ytdInvestment: null,
    cumulativeInvestment: null,
    totalRate: null,
    overInvestment: false,
    buildingInvestment: null,
    installInvestment: null,
    equipmentPurchase: null,
    otherCost: null,
    fundsInPlaceMonth: null,
    projectStatus: '50',
    projectStatusName: '在建',
    statusChange: null,
    proposesChange: false,
    currentStage: '',
    currentStageName: '',
    progressDesc: '',
    nextMonthPlan: '',
    workersOnSite: null,
    hasIssue: 'N',
    hasIssueName: '否',
    reportStatus: '0',
    reportStatusName: '',
    submitUserName: '',
    submitTime: '',
    auditUserName: '',
    auditTime: '',
    reviewOpinion: '',
    remark: '',
    createTime: '',
    updateTime: '',
    ...over,
  };
}

const REPORTS_SEED: ProjectReportRecord[] = [
  report({
    id: 'r1',
    projectId: 'p13',
    projectName: '东区污水处理厂提标改造',
    monthInvestment: '1200',
    projectStatus: '60',
    projectStatusName: '竣工',
    statusChange: { actualCompletionDate: '2026-10-20' },
    fromStatus: '50',
    fromStatusName: '在建',
    proposesChange: true,
    progressDesc: '完成竣工验收',
    reportStatus: '1',
    submitUserName: '周会计',
    submitTime: '2026-11-03 09:00:00',
  }),
  report({
    id: 'r2',
    projectId: 'p14',
    projectName: '信达电子扩产技改项目',
    monthInvestment: '300',
    progressDesc: '设备安装调试',
    reportStatus: '1',
    submitUserName: '周会计',
    submitTime: '2026-11-03 10:00:00',
  }),
  report({
    id: 'r3',
    projectId: 'p12',
    projectName: '智能传感器产业园一期',
    monthInvestment: '650.25',
    currentStage: '9',
    progressDesc: '主体结构施工至 3 层',
    workersOnSite: 60,
  }),
  report({
    id: 'r4',
    projectId: 'p15',
    projectName: '合力机械智能产线',
    period: '2026-09',
    periodMonth: 9,
    monthInvestment: '980',
    ytdInvestment: '8800',
    cumulativeInvestment: '21000',
    totalRate: '105',
    overInvestment: true,
    progressDesc: '产线调试',
    reportStatus: '2',
    auditUserName: '王科长',
  }),
  report({
    id: 'r5',
    projectId: 'p11',
    projectName: '新能源电池模组项目',
    period: '2026-09',
    periodMonth: 9,
    monthInvestment: '150',
    projectStatus: '40',
    projectStatusName: '前期手续',
    progressDesc: '场地平整',
    reportStatus: '3',
    reviewOpinion: '请注明开工日期。',
  }),
];

const fieldError = (field: string, reason: string) => json({ code: 400, success: false, msg: `${field}: ${reason}`, data: { field, reason } }, 400);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const items = (list: [string, string][] = []) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));

/** `/project/tracked` and `/projectReport` over an in-memory store, with the project fixtures. */
function serve(over: Parameters<typeof projectBackend>[0] = {}) {
  const reports = REPORTS_SEED.map((r) => ({ ...r }));
  const view = (r: ProjectReportRecord): ProjectReportRecord => ({
    ...r,
    reportStatusName: REPORT_STATUS[r.reportStatus],
    nextSteps: MOVES.filter(([from]) => from === r.reportStatus).map(([, step]) => step),
  });
  const tracked = (q: Record<string, string>) => {
    const period = q.period ?? '2026-09';
    const rows = PROJECTS.filter((p) => (!q.projectId || p.id === q.projectId) && (!q.projectName || p.projectName.includes(q.projectName))).map((p) => {
      const r = reports.find((x) => x.projectId === p.id && x.period === period);
      return {
        ...p,
        period,
        monthReportId: r?.id ?? null,
        monthReportStatus: r?.reportStatus ?? '',
        monthReportStatusName: r ? REPORT_STATUS[r.reportStatus] : '',
        monthInvestment: r?.monthInvestment ?? null,
        ytdInvestment: p.id === 'p11' ? null : '3200.5',
        reported: r && ['1', '2'].includes(r.reportStatus) ? 'Y' : 'N',
        ...ISSUE_FIGURES[p.id],
      } as TrackedProjectRecord;
    });
    return page(rows.filter((p) => !q.reported || p.reported === q.reported));
  };
  const submit = (req: RecordedRequest) => {
    const b = body(req);
    const parts = ['buildingInvestment', 'installInvestment', 'equipmentPurchase', 'otherCost'].map((f) => b[f]).filter((v) => v !== null);
    if (parts.length && parts.reduce((s: number, v: string) => s + Number(v), 0) !== Number(b.monthInvestment)) {
      return fieldError('buildingInvestment', '投资构成合计 900.5 万元应等于本月完成投资 1000 万元');
    }
    const old = reports.find((r) => r.id === b.id);
    const p = PROJECTS.find((x) => x.id === b.projectId)!;
    if (old) Object.assign(old, b);
    else reports.push(report({ ...b, id: `r${reports.length + 1}`, projectName: p.projectName, projectStatusName: STATUS_NAMES[b.projectStatus] }));
    return ok({ id: old?.id ?? `r${reports.length}` });
  };
  const review = (req: RecordedRequest) => {
    const { ids, step } = body(req) as { ids: string[]; step: ReviewStep };
    ids.forEach((id) => {
      const r = reports.find((x) => x.id === id)!;
      r.reportStatus = MOVES.find(([from, s]) => from === r.reportStatus && s === step)![2];
    });
    return ok({ count: ids.length });
  };
  return projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(DICTS[query(req).code])),
    [TRACKED]: (req) => tracked(query(req)),
    [REPORTS]: (req) => {
      const q = query(req);
      return page(reports.filter((r) => (!q.projectId || r.projectId === q.projectId) && (!q.reportStatus || r.reportStatus === q.reportStatus)).map(view));
    },
    '/api/projectReport/detail': (req) => ok(view(reports.find((r) => r.id === query(req).id)!)),
    [SUBMIT]: submit,
    [REVIEW]: review,
    [ISSUES]: () => page([]),
    [RAISE]: () => ok({ id: 'i9' }),
    [PLANS]: () =>
      ok([
        {
          id: 'pl1',
          projectId: 'p12',
          planYear: 2025,
          yearPlanInvestment: '9000',
          yearMilestone: '基础施工',
          planStartThisYear: 'Y',
          planCompleteThisYear: 'N',
          ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${String(i + 1).padStart(2, '0')}`, '750'])),
          remark: '',
        },
      ]),
    [SAVE_PLAN]: () => ok({ id: 'pl2' }),
    '/api/projectReport/review-log': () =>
      ok([{ id: 'l1', step: 'submit', fromStatus: '0', toStatus: '1', opinion: '', operatorName: '周会计', createTime: '2026-11-03 09:00:00' }]),
    ...over,
  });
}

/** Signs in with these grants, serves the fake back end and shows the screen on October 2026. */
async function open(buttons: API.MenuButton[], over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace('/investment/trackProject?period=2026-10');
  const server = serve(over);
  renderWidget(
    <StyleProvider mock="server">
      <TrackProject />
    </StyleProvider>,
  );
  await screen.findByText('新能源电池模组项目');
  return server;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function openReviewTab() {
  const tab = Array.from(document.querySelectorAll<HTMLElement>('.ant-tabs-tab')).find((t) => t.textContent === '月报审核')!;
  await act(async () => {
    fireEvent.click(tab.querySelector('[role="tab"]') ?? tab);
  });
  await screen.findByText('信达电子扩产技改项目');
}

describe('跟踪项目 list', () => {
  it('lists the tracked projects of the month in the URL with the month’s figures and whether it was reported', async () => {
    const { calls } = await open(FILLER);
    expect(query(last(calls, TRACKED)!)).toEqual({ current: '1', size: '10', period: '2026-10' });
    // the year-to-date column says up to which month
    expect(document.querySelector('thead')?.textContent).toContain('1–10月累计(万元)');
    const draft = await rowOf('智能传感器产业园一期');
    await waitFor(() => {
      for (const text of ['高新片区', '在建', '8,000.00', '650.25', '3,200.50', '40.01%', '未报', '草稿', '建议问题', '关注'])
        expect(draft.textContent).toContain(text);
    });
    const filed = await rowOf('东区污水处理厂提标改造');
    for (const text of ['1,200.00', '已报', '待审核']) expect(filed.textContent).toContain(text);
    const money = Array.from(filed.querySelectorAll('td')).find((td) => td.textContent === '1,200.00')!;
    expect(money.style.textAlign).toBe('right');
    // a month not reported at all: no figure, no report status
    const none = await rowOf('新能源电池模组项目');
    expect(none.textContent).toContain('未报');
    expect(none.textContent).toContain('—');

    // 填报月报 where the month has no report or a draft; the reports and the annual plans of every row
    expect(buttonsIn(none)).toEqual(['填报月报', '查看月报', '年度计划']);
    expect(buttonsIn(draft)).toEqual(['填报月报', '查看月报', '年度计划']);
    expect(buttonsIn(filed)).toEqual(['查看月报', '年度计划']);
    // the key node, the cumulative figure and the leader are one tick away
    const heads = document.querySelector('thead')!.textContent!;
    for (const title of ['年度计划(万元)', '占年度计划', '最高问题等级', '预警色']) expect(heads).toContain(title);
    for (const title of ['当前节点', '开工累计(万元)', '包保领导']) expect(heads).not.toContain(title);
  });

  it('shows the warning colour as a dot with its name, and why when hovered', async () => {
    await open(FILLER);
    const red = await rowOf('新能源电池模组项目');
    const dot = within(red).getByTestId('warning-dot');
    expect(dot.dataset.warning).toBe('red');
    expect(dot.textContent).toBe('预警');
    expect(red.textContent).toContain('重点问题 ×2');
    await act(async () => {
      fireEvent.mouseEnter(dot);
    });
    const reasons = await screen.findByTestId('warning-reasons');
    expect(Array.from(reasons.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['有未销号的重点问题', '1个问题超期']);
    // the share of the plan says how much of the year has gone
    await act(async () => {
      fireEvent.mouseEnter(within(await rowOf('智能传感器产业园一期')).getByTestId('ytd-plan-rate'));
    });
    expect(await screen.findByText('时序进度 83.33%')).toBeTruthy();
    // a project without issues is plainly green, without a tooltip or an issue link
    const green = await rowOf('东区污水处理厂提标改造');
    expect(within(green).getByTestId('warning-dot').dataset.warning).toBe('green');
    expect(within(green).queryByTestId('open-issues')).toBeNull();
  });

  it('filters by open issues and their level', async () => {
    const { calls } = await open(FILLER);
    const filters = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    await pickOption('有未销号问题', '是', filters);
    await pickOption('问题等级≥', '一般问题及以上', filters);
    await click(buttonIn(filters, '查询'));
    await waitFor(() => expect(query(last(calls, TRACKED)!)).toMatchObject({ hasOpenIssue: 'Y', minIssueLevel: '3', period: '2026-10' }));
  });

  it('filters by warning colours, several at once, as the server reads them', async () => {
    const { calls } = await open(FILLER);
    const filters = document.querySelector('.ant-pro-query-filter') as HTMLElement;
    await pickOption('预警色', '预警', filters);
    await pickOption('预警色', '关注', filters);
    await click(buttonIn(filters, '查询'));
    await waitFor(() => expect(query(last(calls, TRACKED)!)).toMatchObject({ warning: 'red,yellow', period: '2026-10' }));
  });

  it('opens the ledger on the issues of a project from its highest open issue', async () => {
    const { calls } = await open([...FILLER, ...trackButtons('issue')]);
    await act(async () => {
      fireEvent.click(within(await rowOf('新能源电池模组项目')).getByTestId('open-issues'));
    });
    await waitFor(() => expect(last(calls, ISSUES)).toBeTruthy());
    expect(query(last(calls, ISSUES)!)).toMatchObject({ projectId: 'p11' });
    expect((await screen.findByTestId('issue-project-filter')).textContent).toContain('新能源电池模组项目');
  });
});

describe('上报问题', () => {
  it('raises an issue of the reporting month, with that month’s report', async () => {
    const { calls } = await open([...FILLER, ...trackButtons('issue')]);
    const row = await rowOf('智能传感器产业园一期');
    expect(buttonsIn(row)).toEqual(['填报月报', '查看月报', '更多']);
    await openMore(row);
    const item = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')).find((i) => i.textContent === '上报问题')!;
    await act(async () => {
      fireEvent.click(item);
    });
    const dialog = await findDialog();
    expect(within(dialog).getByTestId('raise-project').textContent).toContain('智能传感器产业园一期');
    expect(((await itemOf(dialog, '提出月份')).querySelector('input') as HTMLInputElement).value).toBe('2026-10');
    // nothing goes out without a category and a description
    await click(buttonIn(dialog, '确定'));
    expect(await within(dialog).findByText('请选择问题类别')).toBeTruthy();
    expect(last(calls, RAISE)).toBeUndefined();
    await pickOption('类别', '用地/征拆', dialog);
    await type(dialog, '问题描述', ' 二期用地指标未落实 ');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, RAISE)).toBeTruthy());
    expect(body(last(calls, RAISE)!)).toEqual({
      projectId: 'p12',
      reportId: 'r3',
      raisedPeriod: '2026-10',
      issueType: '1',
      description: '二期用地指标未落实',
    });
  });
});

describe('年度计划', () => {
  async function openPlan(buttons: API.MenuButton[]) {
    const server = await open(buttons);
    await click(buttonIn(await rowOf('智能传感器产业园一期'), '年度计划'));
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByTestId('plan-years').textContent).toContain('基础施工'));
    return { ...server, dialog };
  }
  const monthInputs = (dialog: HTMLElement) => Array.from(within(dialog).getByTestId('month-grid').querySelectorAll<HTMLInputElement>('input'));
  async function setMonth(dialog: HTMLElement, index: number, value: string) {
    const input = monthInputs(dialog)[index];
    await act(async () => {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
    });
    await act(async () => {
      fireEvent.blur(input);
    });
  }

  it('sends an even split as such, and holds back months that do not add up to the year', async () => {
    const { calls, dialog } = await openPlan(FILLER);
    expect(dialog.textContent).toContain('2026年计划');
    await type(dialog, '年度计划投资', '1200');
    await type(dialog, '年度形象进度目标', '主体封顶');
    await click(buttonIn(dialog, '平均分解'));
    expect(monthInputs(dialog).map((i) => i.value)).toEqual(Array.from({ length: 12 }, () => '100.00'));
    expect(within(dialog).getByTestId('month-grid-sum').textContent).toContain('与年度一致');
    await click(buttonIn(dialog, '保存2026年计划'));
    await waitFor(() => expect(last(calls, SAVE_PLAN)).toBeTruthy());
    expect(body(last(calls, SAVE_PLAN)!)).toEqual({
      projectId: 'p12',
      planYear: 2026,
      yearPlanInvestment: '1200',
      yearMilestone: '主体封顶',
      planStartThisYear: 'N',
      planCompleteThisYear: 'N',
      splitMode: '1',
      remark: '',
    });
  });

  it('shows the running sum of typed months and refuses to send them until they match the year', async () => {
    const { calls, dialog } = await openPlan(FILLER);
    await type(dialog, '年度计划投资', '1200');
    await type(dialog, '年度形象进度目标', '主体封顶');
    await click(buttonIn(dialog, '平均分解'));
    await setMonth(dialog, 0, '150');
    expect(within(dialog).getByTestId('month-grid-diff').textContent).toContain('比年度多 50.00');
    await click(buttonIn(dialog, '保存2026年计划'));
    expect(await within(dialog).findByText('各月合计应等于年度计划投资')).toBeTruthy();
    expect(last(calls, SAVE_PLAN)).toBeUndefined();
    await setMonth(dialog, 1, '50');
    expect(within(dialog).getByTestId('month-grid-sum').textContent).toContain('与年度一致');
    await click(buttonIn(dialog, '保存2026年计划'));
    await waitFor(() => expect(last(calls, SAVE_PLAN)).toBeTruthy());
    const sent = body(last(calls, SAVE_PLAN)!);
    expect(sent.splitMode).toBe('4');
    expect(sent.months).toEqual(['150', '50', ...Array.from({ length: 10 }, () => '100.00')]);
  });

  it('shows the plans read-only to whoever may not edit', async () => {
    const { dialog } = await openPlan(REVIEWER);
    expect(buttonByText('保存2026年计划', dialog)).toBeUndefined();
    expect(buttonByText('平均分解', dialog)).toBeUndefined();
  });
});

describe('filing a monthly report', () => {
  it('sends decimals as text, the month, and the facts of a status change when the status moves', async () => {
    const { calls } = await open(FILLER);
    await click(buttonIn(await rowOf('新能源电池模组项目'), '填报月报'));
    const drawer = await openDrawer();
    expect(drawer.textContent).toContain('填报月报');
    expect(within(drawer).getByTestId('report-header').textContent).toContain('2026年10月');
    await type(drawer, '本月完成投资', '1200.5');
    await type(drawer, '本月到位资金', '98765432109876.5432');
    // the status moves on: the project has no start date, so the form asks for it
    expect(within(drawer).queryByText('实际开工日期', { selector: 'label' })).toBeNull();
    await pickOption('本月末项目状态', '在建', drawer);
    const offered = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    expect(offered).toEqual(['前期手续', '在建', '停缓建']);
    expect((await within(drawer).findByTestId('report-change-hint')).textContent).toContain('项目状态变为“在建”');
    await type(drawer, '实际开工日期', '2026-10-08');
    await type(drawer, '形象进度', ' 完成桩基施工 ');
    await type(drawer, '在岗施工人数', '80');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('report-submit'));
    });
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toEqual({
      projectId: 'p11',
      period: '2026-10',
      monthInvestment: '1200.5',
      buildingInvestment: null,
      installInvestment: null,
      equipmentPurchase: null,
      otherCost: null,
      fundsInPlaceMonth: '98765432109876.5432',
      projectStatus: '50',
      statusChange: { actualStartDate: '2026-10-08' },
      currentStage: '7',
      progressDesc: '完成桩基施工',
      nextMonthPlan: '',
      workersOnSite: 80,
      hasIssue: 'N',
      remark: '',
    });
    // the list shows the draft next
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    await waitFor(async () => expect((await rowOf('新能源电池模组项目')).textContent).toContain('草稿'));
  });

  it('changes a draft without a status change when the status stays', async () => {
    const { calls } = await open(FILLER);
    await click(buttonIn(await rowOf('智能传感器产业园一期'), '填报月报'));
    const drawer = await openDrawer();
    expect(drawer.textContent).toContain('修改月报');
    await waitFor(() => expect((within(drawer).getByLabelText('本月完成投资') as HTMLInputElement).value).toBe('650.25'));
    await type(drawer, '本月完成投资', '700.125');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('report-submit'));
    });
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    const sent = body(last(calls, SUBMIT)!);
    expect(sent).toMatchObject({ id: 'r3', projectId: 'p12', period: '2026-10', monthInvestment: '700.125', projectStatus: '50', workersOnSite: 60 });
    expect(sent).not.toHaveProperty('statusChange');
  });

  it('shows the server’s refusal of a composition that does not add up on its field', async () => {
    const { calls } = await open(FILLER);
    await click(buttonIn(await rowOf('新能源电池模组项目'), '填报月报'));
    const drawer = await openDrawer();
    await type(drawer, '本月完成投资', '1000');
    await type(drawer, '其中建筑工程', '600');
    await type(drawer, '其中安装工程', '300.5');
    expect((await within(drawer).findByTestId('report-composition-mismatch')).textContent).toContain('构成合计 900.50 万元');
    await type(drawer, '形象进度', '场地平整');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('report-submit'));
    });
    expect(await within(await itemOf(drawer, '其中建筑工程')).findByText('投资构成合计 900.5 万元应等于本月完成投资 1000 万元')).toBeTruthy();
    expect(body(last(calls, SUBMIT)!)).toMatchObject({
      monthInvestment: '1000',
      buildingInvestment: '600',
      installInvestment: '300.5',
      equipmentPurchase: null,
    });
    expect(body(last(calls, SUBMIT)!)).not.toHaveProperty('statusChange');
    expect(document.querySelector('.ant-drawer-open')).toBeTruthy();
  });
});

describe('月报审核', () => {
  it('approves the selected reports that wait for review in one call', async () => {
    const { calls } = await open(REVIEWER);
    await openReviewTab();
    expect(query(last(calls, REPORTS)!)).toEqual({ current: '1', size: '10' });
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '审核通过', '退回']);
    for (const name of ['东区污水处理厂提标改造', '信达电子扩产技改项目']) {
      await act(async () => {
        fireEvent.click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
      });
    }
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    expect(buttonsIn(toolbar)).toEqual(['导出', '审核']);
    await click(buttonIn(toolbar, '审核'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将对选中的 2 条数据执行“审核通过”。');
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, REVIEW)).toBeTruthy());
    expect(body(last(calls, REVIEW)!)).toEqual({ ids: ['r1', 'r2'], step: 'approve', opinion: '' });
    await waitFor(async () => expect((await rowOf('信达电子扩产技改项目')).textContent).toContain('已通过'));
  });

  it('offers 反审核 on an approved report only to whoever may approve, and marks a cumulative figure above the total', async () => {
    await open(REVIEWER);
    await openReviewTab();
    const approved = await rowOf('合力机械智能产线');
    expect(buttonsIn(approved)).toEqual(['查看', '反审核']);
    expect(approved.querySelector('[data-over="true"]')?.textContent).toBe('105.00%');
    expect(approved.textContent).toContain('2026年9月');
  });

  it('offers a filler no 反审核, and only its own steps', async () => {
    await open(FILLER);
    await openReviewTab();
    expect(buttonsIn(await rowOf('合力机械智能产线'))).toEqual(['查看']);
    expect(buttonsIn(await rowOf('信达电子扩产技改项目'))).toEqual(['查看', '撤回']);
    expect(buttonsIn(await rowOf('智能传感器产业园一期'))).toEqual(['修改', '删除', '查看', '提交']);
  });

  it('tells the reviewer of a report that proposes a status what approving it does', async () => {
    const { calls } = await open(REVIEWER);
    await openReviewTab();
    const listed = calls.filter((c) => path(c) === TRACKED).length;
    await click(buttonIn(await rowOf('东区污水处理厂提标改造'), '查看'));
    const drawer = await openDrawer();
    const proposed = await within(drawer).findByTestId('report-proposed-change');
    await waitFor(() => expect(proposed.textContent).toBe('本月末状态：竣工（由 在建 变更，审核通过后生效）'));
    // the facts the change brings, read-only
    expect((await itemOf(drawer, '实际竣工日期')).textContent).toContain('2026-10-20');
    expect(buttonsIn(within(drawer).getByTestId('review-actions'))).toEqual(['审核通过', '退回']);
    expect(await within(within(drawer).getByTestId('report-review')).findByText('周会计', { exact: false })).toBeTruthy();
    // the report says where it started from: no look-up of its project
    expect(calls.filter((c) => path(c) === TRACKED).length).toBe(listed);
    expect(calls.some((c) => path(c) === '/api/project/detail')).toBe(false);
  });

  it('changes a returned report from the queue, its project read by id as of the report’s month', async () => {
    const { calls } = await open(FILLER);
    await openReviewTab();
    const row = await rowOf('新能源电池模组项目');
    expect(buttonsIn(row)).toEqual(['修改', '删除', '查看', '重新提交']);
    await click(buttonIn(row, '修改'));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('该月报已被退回，审核意见：请注明开工日期。修改后点“提交”保存，再点“重新提交”送审。')).toBeTruthy();
    await waitFor(() => expect(query(last(calls, TRACKED)!)).toEqual({ projectId: 'p11', period: '2026-09' }));
    await pickOption('本月末项目状态', '在建', drawer);
    // the project's own status and what the server says its report may propose
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual(['前期手续', '在建', '停缓建']);
    await type(drawer, '实际开工日期', '2026-09-18');
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('report-submit'));
    });
    await waitFor(() => expect(last(calls, SUBMIT)).toBeTruthy());
    expect(body(last(calls, SUBMIT)!)).toMatchObject({
      id: 'r5',
      projectId: 'p11',
      period: '2026-09',
      monthInvestment: '150',
      projectStatus: '50',
      statusChange: { actualStartDate: '2026-09-18' },
    });
    expect(calls.some((c) => path(c) === '/api/project/detail')).toBe(false);
  });
});

/** The screen as a link opens it (the home page's to-dos): the tab and the filters in `search`. */
async function openAt(search: string, buttons: API.MenuButton[]) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  history.replace(`/investment/trackProject${search}`);
  const server = serve();
  renderWidget(
    <StyleProvider mock="server">
      <TrackProject />
    </StyleProvider>,
  );
  return server;
}

const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const searchForm = () => waitFor(() => document.querySelector('.ant-pro-query-filter') as HTMLElement);

describe('跟踪项目 opened from a link', () => {
  it('opens 问题台账 on the overdue issues assigned to the unit, and 重置 clears them from the list and the URL', async () => {
    const { calls } = await openAt('?tab=issues&assigned=Y&overdue=Y', [...REVIEWER, ...trackButtons('handle')]);
    await waitFor(() => expect(last(calls, ISSUES)).toBeTruthy());
    expect(query(last(calls, ISSUES)!)).toEqual({ current: '1', size: '10', assigned: 'Y', overdue: 'Y' });
    expect(activeTab()).toBe('问题台账');
    // the tracked list is not asked for on the way
    expect(calls.some((c) => path(c) === TRACKED)).toBe(false);
    // the filters are unfolded and say why the list is short
    const filters = await searchForm();
    expect((await itemOf(filters, '本单位承办')).textContent).toContain('是');
    expect((await itemOf(filters, '已超期')).textContent).toContain('是');

    const asked = calls.filter((c) => path(c) === ISSUES).length;
    await click(buttonIn(filters, '重置'));
    await waitFor(() => expect(calls.filter((c) => path(c) === ISSUES).length).toBeGreaterThan(asked));
    expect(query(last(calls, ISSUES)!)).toEqual({ current: '1', size: '10' });
    await waitFor(() => expect(history.location.search).toBe('?tab=issues'));
  });

  it('opens 月报审核 on the reports waiting for review', async () => {
    const { calls } = await openAt('?tab=review&reportStatus=1', REVIEWER);
    await screen.findByText('信达电子扩产技改项目');
    expect(query(last(calls, REPORTS)!)).toEqual({ current: '1', size: '10', reportStatus: '1' });
    expect(activeTab()).toBe('月报审核');
    expect((await itemOf(await searchForm(), '月报状态')).textContent).toContain('待审核');
    expect(screen.queryByText('合力机械智能产线')).toBeNull();
  });

  it('keeps the tab in the URL, and another tab starts without the filters of the one left', async () => {
    const { calls } = await openAt('?period=2026-10&tab=review&reportStatus=1', REVIEWER);
    await screen.findByText('信达电子扩产技改项目');
    const tab = Array.from(document.querySelectorAll<HTMLElement>('.ant-tabs-tab')).find((t) => t.textContent === '问题台账')!;
    await act(async () => {
      fireEvent.click(tab.querySelector('[role="tab"]') ?? tab);
    });
    await waitFor(() => expect(last(calls, ISSUES)).toBeTruthy());
    expect(query(last(calls, ISSUES)!)).toEqual({ current: '1', size: '10' });
    expect(history.location.search).toBe('?period=2026-10&tab=issues');
  });
});
