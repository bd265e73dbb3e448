// Fixtures shared by the screen tests: the menus that reach the organisation screens (dept, post,
// menu, topmenu, dict) and the resource screens (oss, sms, attach), their buttons as the seed grants
// them, the system dictionaries they show, the investment projects with their dictionaries, and fake
// back ends built on ./backend.ts. What a test does on the page is in ./page.ts.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { MatrixCell, MatrixRow, ParkMatrix, ParkOfficialRecord } from '@/services/business/parkOutput';
import type { ProjectRecord } from '@/services/business/project';
import { backend } from './backend';
import { ok, type RecordedRequest } from './fetchMock';
import { emptyProject, type ProjectLogEntry } from './projectService';
import { signIn, submitForm } from './helpers';
import { menu } from './menus';
import { body, last, menuButton, query } from './page';
import { renderApp } from './renderApp';

export const ORG_MENUS: API.MenuRoute[] = [
  menu('system', '系统管理', '/system', 99, [
    menu('dept', '机构管理', '/system/dept', 2),
    menu('post', '岗位管理', '/system/post', 3),
    menu('dict', '系统字典', '/system/dict', 4),
    menu('dictbiz', '业务字典', '/system/dictbiz', 5),
    menu('menu', '菜单管理', '/system/menu', 6),
    menu('topmenu', '顶部菜单', '/system/topmenu', 7),
  ]),
];

/** The seed's add/edit/delete/view buttons of a menu: `api` is where its service lives (delete posts
 * there), `base` the route of its pages. */
export function crudButtons(menuCode: string, api = `/api/keeper-system/${menuCode}`, base = `/system/${menuCode}`): API.MenuButton[] {
  return [
    menuButton(menuCode, 'add', 1, `${base}/add`, 1),
    menuButton(menuCode, 'edit', 2, `${base}/edit`, 2),
    menuButton(menuCode, 'delete', 3, `${api}/remove`, 3),
    menuButton(menuCode, 'view', 2, `${base}/view`, 4),
  ];
}

/** `menu/buttons`: each menu with the buttons granted on it. */
export function grantedButtons(groups: Record<string, API.MenuButton[]>) {
  return Object.entries(groups).map(([code, children]) => ({ id: code, parentId: 'system', code, name: code, alias: 'menu', path: `/system/${code}`, children }));
}

export const SYSTEM_DICTS: Record<string, [string, string][]> = {
  org_category: [['1', '公司'], ['2', '部门'], ['3', '小组']],
  post_category: [['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']],
  menu_category: [['1', '菜单'], ['2', '按钮']],
  button_func: [['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']],
  yes_no: [['1', '否'], ['2', '是']],
};
export const POWER_TYPES: [string, string][] = [['1', '管委会(综合统筹)'], ['2', '属地单位(园区/片区/街道/镇)']];

const items = (list: [string, string][]) => list.map(([dictKey, dictValue], i) => ({ id: `i${i}`, dictKey, dictValue }));

/** The whole app's fake back end, reaching the organisation screens with these buttons. */
export function orgBackend(buttons: Record<string, API.MenuButton[]>, over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(ORG_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () => ok(grantedButtons(buttons)),
    '/api/keeper-system/dict/dictionary': (req) => ok(items(SYSTEM_DICTS[query(req).code] ?? [])),
    '/api/keeper-system/dept/getPowerType': () => ok(items(POWER_TYPES)),
    ...over,
  });
}

export const RESOURCE_MENUS: API.MenuRoute[] = [
  menu('resource', '资源管理', '/resource', 98, [
    menu('oss', '对象存储', '/resource/oss', 1),
    menu('sms', '短信配置', '/resource/sms', 2),
    menu('attach', '附件管理', '/resource/attach', 3),
  ]),
];

/** The seed's buttons of a configuration menu (oss, sms): add on the toolbar; view, edit, enable and
 * delete on the rows. */
export function configButtons(code: 'oss' | 'sms'): API.MenuButton[] {
  return [
    menuButton(code, 'add', 1, `/resource/${code}/add`, 1),
    menuButton(code, 'view', 2, `/resource/${code}/view`, 2),
    menuButton(code, 'edit', 2, `/resource/${code}/edit`, 3),
    menuButton(code, 'enable', 2, `/api/keeper-resource/${code}/enable`, 4),
    menuButton(code, 'delete', 2, `/api/keeper-resource/${code}/remove`, 5),
  ];
}

/** A page of records as the list calls answer it. */
export const page = <T>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

/** The whole app's fake back end, reaching the resource screens with these buttons. */
export function resourceBackend(buttons: Record<string, API.MenuButton[]>, over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(RESOURCE_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () => ok(grantedButtons(buttons)),
    ...over,
  });
}

/** Submits the configuration form of `kind`, waits for the way back to the list, and answers the
 * JSON body the form sent. */
export async function submitConfig(kind: 'oss' | 'sms', app: { location: () => string }, calls: RecordedRequest[]) {
  await submitForm(`${kind}-form`);
  await waitFor(() => expect(app.location()).toBe(`/resource/${kind}/list`));
  return body(last(calls, `/api/keeper-resource/${kind}/submit`)!);
}

/** Signs in, serves the screens through `serve` with a submit that succeeds, and opens `route`. */
export async function openConfigForm(kind: 'oss' | 'sms', route: string, serve: (over: Parameters<typeof backend>[0]) => { calls: RecordedRequest[] }) {
  signIn();
  const { calls } = serve({ [`/api/keeper-resource/${kind}/submit`]: () => ok({ id: '9' }) });
  const app = await renderApp(route);
  return { calls, app };
}

// Investment projects (domain-model §2.2, /tmp/project-contract.md).

/** The seed's buttons of 项目入库 (services/system/src/builtin.rs), by alias. */
export function projectButtons(...aliases: string[]): API.MenuButton[] {
  const menu = 'project_warehousing';
  const base = '/investment/projectManagement/projectWarehousing';
  const all = [
    menuButton(menu, 'add', 1, `${base}/add`, 1),
    menuButton(menu, 'edit', 2, `${base}/edit`, 2),
    menuButton(menu, 'delete', 3, '/api/project/remove', 3),
    menuButton(menu, 'view', 2, `${base}/view`, 4),
    menuButton(menu, 'import', 1, '/api/project/import', 5),
    menuButton(menu, 'export', 1, '/api/project/export', 6),
    menuButton(menu, 'submit', 3, '/api/project/submit-audit', 7),
    menuButton(menu, 'approve', 3, '/api/project/approve', 8),
    menuButton(menu, 'return', 2, '/api/project/return', 9),
  ];
  return aliases.length ? all.filter((b) => aliases.includes(b.alias)) : all;
}

export const PROJECT_DICTS: Record<string, [string, string][]> = {
  project_type: [['01', '工业项目(新建/扩建)'], ['02', '技术改造项目'], ['05', '基础设施项目']],
  project_status: [['10', '储备(谋划)'], ['30', '已签约'], ['50', '在建'], ['90', '停缓建'], ['99', '终止(退出)']],
  project_source: [['1', '招商引资'], ['2', '本地企业增资扩产']],
  construction_nature: [['1', '新建'], ['2', '扩建']],
  industry_chain: [['02', '电子信息']],
  project_level: [['4', '区重点'], ['5', '一般']],
  investor_origin: [['1', '本地'], ['3', '省外']],
  project_stage: [['4', '土地摘牌(供地)']],
  report_status: [['0', '草稿'], ['1', '待审核'], ['2', '已通过'], ['3', '已退回']],
};

/** A zone (管委会) with a park and an industry authority under it. */
export const PROJECT_DEPTS = [
  { id: 'd1', deptName: '东区经开区', powerType: 1, children: [{ id: 'd2', deptName: '高新片区', powerType: 2 }, { id: 'd3', deptName: '工信局', powerType: 3 }] },
];

export const PROJECT_ENTERPRISES = [{ id: 'e1', enterpriseName: '合肥信达电子有限公司', shortName: '信达电子', creditCode: '91340100MA2N0XXX1A', deptId: 'd2' }];

const filled = {
  deptId: 'd2',
  deptName: '高新片区',
  projectSource: '1',
  constructionNature: '1',
  industryCode: 'C39',
  projectLevel: '5',
  address: '高新区创新大道 8 号',
  constructionContent: '新建厂房 3 万平方米及配套设施',
  ownerContact: '周会计',
  ownerPhone: '0551-6543210',
};

/** A draft, one waiting for review and one returned with the reviewer's opinion. */
export const PROJECTS: ProjectRecord[] = [
  emptyProject({
    ...filled,
    id: 'p1',
    projectName: '智能传感器产业园一期',
    enterpriseId: 'e1',
    projectType: '01',
    projectTypeName: '工业项目(新建/扩建)',
    projectStatus: '10',
    projectStatusName: '储备(谋划)',
    totalInvestment: '12000.5',
    libraryStatus: '0',
  }),
  emptyProject({
    ...filled,
    id: 'p2',
    projectName: '信达电子扩产技改项目',
    enterpriseId: 'e1',
    projectType: '02',
    projectTypeName: '技术改造项目',
    projectStatus: '50',
    projectStatusName: '在建',
    totalInvestment: '3600',
    equipmentInvestment: '2100.25',
    libraryStatus: '1',
    submitTime: '2026-03-02 10:15:00',
    submitUserName: '周会计',
  }),
  emptyProject({
    ...filled,
    id: 'p3',
    projectName: '东区污水处理厂提标改造',
    ownerName: '东区水务有限公司',
    projectType: '05',
    projectTypeName: '基础设施项目',
    projectStatus: '30',
    projectStatusName: '已签约',
    totalInvestment: '8000',
    libraryStatus: '3',
    submitTime: '2026-02-20 09:00:00',
    submitUserName: '周会计',
    reviewOpinion: '请补充环评批复文号',
  }),
];

export const PROJECT_LOG: ProjectLogEntry[] = [
  { projectId: 'p3', id: 'l1', step: 'submit', fromStatus: '0', toStatus: '1', opinion: '', operatorName: '周会计', createTime: '2026-02-20 09:00:00' },
  { projectId: 'p3', id: 'l2', step: 'return', fromStatus: '1', toStatus: '3', opinion: '请补充环评批复文号', operatorName: '王科长', createTime: '2026-02-21 16:20:00' },
];

/** The back end of the investment screens: the project dictionaries, departments and enterprises, and
 * `/project` over PROJECTS. */
export function projectBackend(over: Parameters<typeof backend>[0] = {}) {
  return backend(
    {
      '/api/keeper-system/dict-biz/dictionary': (req) => ok(items(PROJECT_DICTS[query(req).code] ?? [])),
      '/api/keeper-system/dict-biz/dictionary-tree': () =>
        ok([{ dictKey: 'C', dictValue: '制造业', children: [{ dictKey: 'C39', dictValue: '计算机、通信和其他电子设备制造业' }] }]),
      '/api/keeper-system/dept/commonList': () => ok(PROJECT_DEPTS),
      '/api/parkCompany/list': () => ok(PROJECT_ENTERPRISES),
      ...over,
    },
    {
      projects: PROJECTS,
      projectOptions: { enterprises: { e1: '合肥信达电子有限公司' }, deptChildren: { d1: ['d2', 'd3'] }, log: PROJECT_LOG },
    },
  );
}

// 园区月度产值 (services/business/src/output/park): the matrix of 2026 as the server shapes it, figures
// worked out by hand. 企业汇总 with reports closed up to March: 东区经开区 (the zone, a subtotal of its
// parks, annual target 30,000) over 高新片区 (target 12,000) and 临港片区 (no target, nothing last year),
// and 2.5 reported under a department removed since. 统计快报: the zone's own 1–N月 figures as typed in.

/** [当月, 1–N月累计, 上年同期累计, 累计同比 %, 目标完成率 %, 已报企业] of the months that have figures. */
type ParkFigures = [string | null, string | null, string | null, string | null, string | null, number | null];

/** Twelve cells, January first; the months after `known` have no figure. */
export function parkCells(known: ParkFigures[]): MatrixCell[] {
  return Array.from({ length: 12 }, (_, i) => {
    const [value, cumulative, lastYearCumulative, yoy, completion, reported] = known[i] ?? [null, null, null, null, null, null];
    return { month: i + 1, value, cumulative, lastYearCumulative, yoy, completion, reported };
  });
}

const parkRow = (over: Partial<MatrixRow> & Pick<MatrixRow, 'deptName' | 'cells'>): MatrixRow => ({
  kind: 'dept', deptId: null, depth: 0, subtotal: false, annualTarget: null, ...over,
});

export const PARK_MATRIX: ParkMatrix = {
  year: 2026, dataSource: '1', dataSourceName: '企业汇总', deptBasis: 'snapshot', closedMonths: 3, januaryMerged: false,
  title: '东区经开区 2026年园区月度产值',
  zoneName: '东区经开区',
  rows: [
    // 1,000 + 500; 1,100.5 + 0; 1,200 + 250.25. 4,050.75 against 3,000: +35.03 %; ÷ 30,000: 13.50 %.
    parkRow({ deptId: 'd1', deptName: '东区经开区', subtotal: true, annualTarget: '30000', cells: parkCells([
      ['1500', '1500', '900', '66.67', '5.00', 3], ['1100.5', '2600.5', '2000', '30.03', '8.67', 2], ['1450.25', '4050.75', '3000', '35.03', '13.50', 2],
    ]) }),
    // 3,300.5 against 3,000: +10.02 %; ÷ 12,000: 27.50 %.
    parkRow({ deptId: 'd2', deptName: '高新片区', depth: 1, annualTarget: '12000', cells: parkCells([
      ['1000', '1000', '900', '11.11', '8.33', 2], ['1100.5', '2100.5', '2000', '5.03', '17.50', 2], ['1200', '3300.5', '3000', '10.02', '27.50', 1],
    ]) }),
    parkRow({ deptId: 'd4', deptName: '临港片区', depth: 1, cells: parkCells([
      ['500', '500', null, null, null, 1], ['0', '500', null, null, null, 0], ['250.25', '750.25', null, null, null, 1],
    ]) }),
    parkRow({ kind: 'other', deptName: '其他(已撤销机构)', cells: parkCells([
      ['2.5', '2.5', null, null, null, 1], ['0', '2.5', null, null, null, 0], ['0', '2.5', null, null, null, 0],
    ]) }),
    // the zone and the removed department: 4,053.25 against 3,000: +35.11 %; ÷ 30,000: 13.51 %.
    parkRow({ kind: 'total', deptName: '合计', subtotal: true, annualTarget: '30000', cells: parkCells([
      ['1502.5', '1502.5', '900', '66.94', '5.01', 4], ['1100.5', '2603', '2000', '30.15', '8.68', 2], ['1450.25', '4053.25', '3000', '35.11', '13.51', 2],
    ]) }),
  ],
};

/** 统计快报: the zone typed in 1月 5,000 and 1–2月 9,800.5 (last year 9,000), 高新片区 1–2月 4,000. */
export const PARK_FLASH_MATRIX: ParkMatrix = {
  ...PARK_MATRIX, dataSource: '2', dataSourceName: '统计快报',
  rows: [
    parkRow({ deptId: 'd1', deptName: '东区经开区', annualTarget: '30000', cells: parkCells([
      ['5000', '5000', null, null, '16.67', null], ['4800.5', '9800.5', '9000', '8.89', '32.67', null],
    ]) }),
    parkRow({ deptId: 'd2', deptName: '高新片区', depth: 1, annualTarget: '12000', cells: parkCells([
      [null, null, null, null, null, null], [null, '4000', null, null, '33.33', null],
    ]) }),
    parkRow({ deptId: 'd4', deptName: '临港片区', depth: 1, cells: parkCells([]) }),
    parkRow({ kind: 'total', deptName: '合计', annualTarget: '30000', subtotal: true, cells: parkCells([
      ['5000', '5000', null, null, '16.67', null], ['4800.5', '9800.5', '9000', '8.89', '32.67', null],
    ]) }),
  ],
};

const official = (id: string, deptId: string, deptName: string, month: number, dataSource: string, value: string): ParkOfficialRecord => ({
  id, deptId, deptName, periodYear: 2026, periodMonth: month, indicatorCode: '12', indicatorName: '规上工业总产值(万元)',
  dataSource, dataSourceName: dataSource === '2' ? '统计快报' : '统计正式', indicatorValue: value, remark: '',
  createTime: '2026-03-12 09:30:00', updateTime: '2026-03-12 09:30:00',
});

/** The figures behind PARK_FLASH_MATRIX. */
export const PARK_OFFICIAL: ParkOfficialRecord[] = [
  official('o1', 'd1', '东区经开区', 1, '2', '5000'),
  official('o2', 'd1', '东区经开区', 2, '2', '9800.5'),
  official('o3', 'd2', '高新片区', 2, '2', '4000'),
];

/** The investment screens' back end (departments d1 › d2, d3) with `/parkMonthlyOutput`: the matrix of
 * the source asked, the official figures, and a submit, remove and export that succeed. */
export function parkOutputBackend(over: Parameters<typeof backend>[0] = {}) {
  return projectBackend({
    '/api/parkMonthlyOutput/matrix': (req) => {
      const q = query(req);
      return ok(q.dataSource === '2' ? PARK_FLASH_MATRIX : { ...PARK_MATRIX, deptBasis: q.deptBasis ?? 'snapshot' });
    },
    '/api/parkMonthlyOutput/official': () => ok(PARK_OFFICIAL),
    '/api/parkMonthlyOutput/submit': () => ok({ id: 'o9' }),
    '/api/parkMonthlyOutput/remove': () => ok({ count: 1 }),
    '/api/parkMonthlyOutput/export': () =>
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('园区月度产值-2026年-企业汇总-累计值.xlsx')}`,
        },
      }),
    ...over,
  });
}
