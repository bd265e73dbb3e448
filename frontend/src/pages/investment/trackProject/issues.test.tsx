// 问题台账 with real antd and Pro components against a fake back end: `/projectIssue` written here to its
// contract over the investment fixtures of tests/fixtures.ts. Every row button comes from the issue's
// `actions`; 交办 needs a deadline for 一般 and 重点 issues; a move asks for its text (接收 and 销号 only
// confirm) and works on the selected rows that allow it; 查看 shows the issue's history, and 来源 产值填报 for
// an issue raised from an enterprise's output report.
import { StyleProvider } from '@ant-design/cssinjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { json, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { PROJECT_DICTS, projectBackend } from '../../../../tests/fixtures';
import { signIn } from '../../../../tests/helpers';
import { body, buttonIn, buttonsIn, findDialog, itemOf, last, menuButton, openDrawer, pickOption, query, toolbarButtons, typeInto } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import type { ProjectIssueRecord } from '@/services/business/projectIssue';
import { setButtons } from '@/utils/authority';
import { beforeToday } from './components/IssueActModal';
import IssueLedger from './components/IssueLedger';

const MENU = 'track_project';
const LIST = '/api/projectIssue/list';
const ASSIGN = '/api/projectIssue/assign';
const ACT = '/api/projectIssue/act';

/** The committee's grants: see, export, raise, assign and handle. */
const COMMITTEE: API.MenuButton[] = [
  menuButton(MENU, 'view', 2, '/investment/trackProject/view', 4),
  menuButton(MENU, 'export', 1, '/api/projectReport/export', 6),
  menuButton(MENU, 'issue', 2, '/api/projectIssue/submit', 10),
  menuButton(MENU, 'assign', 2, '/api/projectIssue/assign', 11),
  menuButton(MENU, 'handle', 2, '/api/projectIssue/act', 12),
];

const DICTS: Record<string, [string, string][]> = {
  ...PROJECT_DICTS,
  issue_level: [
    ['1', '上报问题'],
    ['2', '建议问题'],
    ['3', '一般问题'],
    ['4', '重点问题'],
  ],
  issue_type: [['1', '用地/征拆']],
  issue_status: [
    ['10', '待研判'],
    ['20', '已交办'],
    ['30', '办理中'],
    ['40', '已办结'],
    ['50', '已销号'],
    ['60', '已关闭'],
  ],
};
const LEVELS = Object.fromEntries(DICTS.issue_level);
const STATUSES = Object.fromEntries(DICTS.issue_status);

function issue(over: Partial<ProjectIssueRecord>): ProjectIssueRecord {
  const level = over.issueLevel ?? '1';
  const status = over.issueStatus ?? '10';
  return {
    id: '',
    issueNo: '',
    projectId: 'p11',
    projectName: '新能源电池模组项目',
    projectNo: 'XM2026001',
    reportId: null,
    outputReportId: '',
    deptId: 'd2',
    deptName: '高新片区',
    raisedByDeptId: 'd2',
    raisedByDeptName: '高新片区',
    raisedByName: '周会计',
    raisedPeriod: '2026-10',
    issueLevel: level,
    issueLevelName: LEVELS[level],
    issueType: '1',
    issueTypeName: '用地/征拆',
    description: '',
    suggestion: '',
    responsibleDeptId: null,
    responsibleDeptName: '',
    coDeptIds: [],
    coDeptNames: '',
    responsibleLeader: '',
    deadline: '',
    issueStatus: status,
    issueStatusName: STATUSES[status],
    resolution: '',
    resolvedDate: '',
    closedByName: '',
    closedDate: '',
    meetingRef: '',
    createTime: '2026-11-02 09:00:00',
    updateTime: '',
    overdue: 'N',
    overdueDays: 0,
    actions: [],
    ...over,
  };
}

const ISSUES: ProjectIssueRecord[] = [
  issue({ id: 'i1', issueNo: 'WT2026-001', description: '二期用地指标未落实', actions: ['assign', 'close', 'edit', 'remove'] }),
  issue({
    id: 'i2',
    issueNo: 'WT2026-002',
    description: '施工许可办理缓慢',
    issueLevel: '3',
    issueStatus: '20',
    responsibleDeptName: '工信局',
    deadline: '2026-11-30',
    // raised from the enterprise's output report (产值填报 › 转为问题)
    outputReportId: 'o7',
    actions: ['accept', 'refuse', 'progress'],
  }),
  issue({
    id: 'i3',
    issueNo: 'WT2026-003',
    description: '10kV 专线迟迟未接入',
    issueLevel: '4',
    issueStatus: '40',
    responsibleDeptName: '工信局',
    deadline: '2026-10-31',
    overdue: 'Y',
    overdueDays: 5,
    actions: ['confirm', 'reject', 'relevel', 'close'],
  }),
  issue({ id: 'i4', issueNo: 'WT2026-004', description: '企业申请贴息', issueLevel: '2', issueStatus: '40', actions: ['confirm', 'reject', 'relevel'] }),
  issue({ id: 'i5', issueNo: 'WT2026-005', description: '临时用电已解决', issueLevel: '3', issueStatus: '50', actions: [] }),
];

const LOG = [
  { id: 'l1', action: 'raise', actionName: '上报', fromStatusName: '', toStatusName: '待研判', fromLevelName: '', toLevelName: '上报问题', content: '', operatorName: '周会计', createTime: '2026-10-08 10:00:00' },
  { id: 'l2', action: 'assign', actionName: '交办', fromStatusName: '待研判', toStatusName: '已交办', fromLevelName: '上报问题', toLevelName: '重点问题', content: '请供电公司牵头', operatorName: '王科长', createTime: '2026-10-09 15:00:00' },
  { id: 'l3', action: 'resolve', actionName: '办结', fromStatusName: '办理中', toStatusName: '已办结', fromLevelName: '', toLevelName: '', content: '专线已通电', operatorName: '李主任', createTime: '2026-11-05 11:00:00' },
];

const items = (list: [string, string][] = []) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));

async function open(buttons = COMMITTEE, over: Parameters<typeof projectBackend>[0] = {}) {
  signIn();
  setButtons([{ code: MENU, buttons }]);
  const server = projectBackend({
    '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(DICTS[query(req).code])),
    [LIST]: () => ok({ records: ISSUES, total: ISSUES.length, size: 10, current: 1, pages: 1 }),
    '/api/projectIssue/detail': (req) => ok({ ...ISSUES.find((i) => i.id === query(req).id)!, log: LOG }),
    [ASSIGN]: () => ok({ count: 1 }),
    [ACT]: (req: RecordedRequest) => ok({ count: String(body(req).ids).split(',').length }),
    ...over,
  });
  renderWidget(
    <StyleProvider mock="server">
      <IssueLedger onClearProject={() => undefined} />
    </StyleProvider>,
  );
  await screen.findByText('二期用地指标未落实');
  return server;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function clickIn(root: ParentNode, label: string) {
  await act(async () => {
    fireEvent.click(buttonIn(root, label));
  });
}

describe('问题台账', () => {
  it('drives every row button from what the server lets this person do to the issue', async () => {
    await open();
    expect(buttonsIn(await rowOf('二期用地指标未落实'))).toEqual(['查看', '交办', '关闭', '更多']);
    expect(buttonsIn(await rowOf('施工许可办理缓慢'))).toEqual(['查看', '接收', '办理进展', '退回研判']);
    expect(buttonsIn(await rowOf('企业申请贴息'))).toEqual(['查看', '销号', '驳回', '调整等级']);
    expect(buttonsIn(await rowOf('临时用电已解决'))).toEqual(['查看']);
    expect(toolbarButtons()).toEqual(['导出', '导出会议议程', '批量销号', '批量接收']);
    // the level as a coloured tag, the days overdue in red
    const overdue = await rowOf('10kV 专线迟迟未接入');
    expect(overdue.querySelector('[data-level="4"]')?.className).toContain('red');
    expect(overdue.querySelector('[data-overdue="true"]')?.textContent).toBe('5');
    expect((await rowOf('施工许可办理缓慢')).querySelector('[data-overdue]')).toBeNull();
  });

  it('shows a person without the buttons of the ledger only what they may do', async () => {
    await open(COMMITTEE.filter((b) => b.alias === 'view'));
    // the rows say what the server allows; the batch moves and exports need their buttons
    expect(buttonsIn(await rowOf('施工许可办理缓慢'))).toEqual(['查看', '接收', '办理进展', '退回研判']);
    expect(toolbarButtons()).toEqual([]);
  });

  /** Opens 交办 of the untriaged issue, picks the level and the responsible department, and presses OK. */
  async function assignAs(level: string, over: Parameters<typeof projectBackend>[0] = {}) {
    const server = await open(COMMITTEE, over);
    await clickIn(await rowOf('二期用地指标未落实'), '交办');
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByText(level));
    });
    await pickOption('责任单位', '工信局', dialog);
    await clickIn(dialog, '确 定');
    return { ...server, dialog };
  }

  it('needs a deadline, not before today, to assign an ordinary or key issue', async () => {
    const { calls, dialog } = await assignAs('一般问题');
    expect(await within(dialog).findByText('一般问题和重点问题须设定解决时限')).toBeTruthy();
    expect(last(calls, ASSIGN)).toBeUndefined();
    await typeInto(dialog, '时限', '2099-12-31');
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ASSIGN)).toBeTruthy());
    expect(body(last(calls, ASSIGN)!)).toEqual({ id: 'i1', issueLevel: '3', responsibleDeptId: 'd3', coDeptIds: [], deadline: '2099-12-31' });
    // the picker offers no day before today
    expect(beforeToday(dayjs().subtract(1, 'day'))).toBe(true);
    expect(beforeToday(dayjs())).toBe(false);
  });

  it('shows the server’s refusal on the field it names and stays open', async () => {
    const refusal = { field: 'responsibleDeptId', reason: '责任单位应为职能部门' };
    const { calls, dialog } = await assignAs('重点问题', { [ASSIGN]: () => json({ code: 400, success: false, msg: '责任单位应为职能部门', data: refusal }, 400) });
    await typeInto(dialog, '时限', '2099-12-31');
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ASSIGN)).toBeTruthy());
    expect(await within(await itemOf(dialog, '责任单位')).findByText('责任单位应为职能部门')).toBeTruthy();
    expect(document.querySelector('.ant-modal')).toBeTruthy();
  });

  it('asks a suggestion issue for its measures when it was raised without, and no deadline', async () => {
    const { calls, dialog } = await assignAs('建议问题');
    expect(await within(dialog).findByText('建议问题须填写建议措施')).toBeTruthy();
    expect(within(dialog).queryByText('一般问题和重点问题须设定解决时限')).toBeNull();
    await typeInto(dialog, '建议措施', '协调国土部门调剂指标');
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ASSIGN)).toBeTruthy());
    expect(body(last(calls, ASSIGN)!)).toMatchObject({ issueLevel: '2', suggestion: '协调国土部门调剂指标' });
    expect(body(last(calls, ASSIGN)!)).not.toHaveProperty('deadline');
  });

  it('asks for the reason of a refusal before sending it', async () => {
    const { calls } = await open();
    await clickIn(await rowOf('施工许可办理缓慢'), '退回研判');
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将对问题“WT2026-002”执行“退回研判”。');
    await clickIn(dialog, '确 定');
    expect(await within(dialog).findByText('请填写退回原因')).toBeTruthy();
    expect(last(calls, ACT)).toBeUndefined();
    await typeInto(dialog, '退回原因', ' 不属于本部门职责 ');
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ACT)).toBeTruthy());
    expect(body(last(calls, ACT)!)).toEqual({ ids: 'i2', action: 'refuse', content: '不属于本部门职责' });
  });

  it('asks for the new level, and a deadline when a suggestion issue without one becomes an ordinary one', async () => {
    const { calls } = await open();
    await clickIn(await rowOf('企业申请贴息'), '调整等级');
    const dialog = await findDialog();
    expect(within(dialog).queryByText('时限', { selector: 'label' })).toBeNull();
    await pickOption('调整为', '一般问题', dialog);
    // the issue's own level is no choice
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual(['一般问题', '重点问题']);
    await typeInto(dialog, '调整原因', '需多部门协调');
    await clickIn(dialog, '确 定');
    expect(await within(dialog).findByText('一般问题和重点问题须设定解决时限')).toBeTruthy();
    await typeInto(dialog, '时限', '2099-06-30');
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ACT)).toBeTruthy());
    expect(body(last(calls, ACT)!)).toEqual({ ids: 'i4', action: 'relevel', content: '需多部门协调', issueLevel: '3', deadline: '2099-06-30' });
  });

  it('strikes off the selected issues that allow it, in one call and without a text', async () => {
    const { calls } = await open();
    for (const text of ['10kV 专线迟迟未接入', '企业申请贴息', '临时用电已解决']) {
      await act(async () => {
        fireEvent.click((await rowOf(text)).querySelector('input[type="checkbox"]')!);
      });
    }
    await clickIn(document.querySelector('.ant-pro-table-list-toolbar')!, '批量销号');
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('将对选中的 2 个问题执行“销号”。');
    expect(dialog.textContent).toContain('另有 1 个问题当前不能销号，已略过。');
    expect(dialog.querySelector('textarea')).toBeNull();
    await clickIn(dialog, '确 定');
    await waitFor(() => expect(last(calls, ACT)).toBeTruthy());
    expect(body(last(calls, ACT)!)).toEqual({ ids: 'i3,i4', action: 'confirm' });
  });

  it('shows an issue with its history, oldest first', async () => {
    await open();
    await clickIn(await rowOf('10kV 专线迟迟未接入'), '查看');
    const drawer = await openDrawer();
    const log = await within(drawer).findByTestId('issue-log');
    const entries = Array.from(log.querySelectorAll('.ant-timeline-item')).map((e) => e.textContent);
    expect(entries).toHaveLength(3);
    expect(entries[1]).toContain('交办');
    expect(entries[1]).toContain('待研判 → 已交办 · 上报问题 → 重点问题 · 王科长');
    expect(entries[1]).toContain('请供电公司牵头');
    expect(within(drawer).getByTestId('issue-detail').textContent).toContain('2026-10-31（已超期 5 天）');
  });

  it('says where an issue raised from an output report came from, and nothing for another', async () => {
    await open();
    await clickIn(await rowOf('施工许可办理缓慢'), '查看');
    const drawer = await openDrawer();
    const source = await within(drawer).findByTestId('issue-source');
    expect(source.closest('.ant-descriptions-item')?.textContent).toBe('来源产值填报');
    await act(async () => {
      fireEvent.click(drawer.querySelector('.ant-drawer-close')!);
    });
    await clickIn(await rowOf('10kV 专线迟迟未接入'), '查看');
    const other = await openDrawer();
    await within(other).findByTestId('issue-detail');
    expect(within(other).queryByTestId('issue-source')).toBeNull();
    expect(within(other).getByTestId('issue-detail').textContent).not.toContain('来源');
  });
});
