// A menu tree shaped like GET /keeper-system/menu/routes (api-contract §4.1).
export const menu = (
  code: string,
  name: string,
  path: string,
  sort: number,
  children?: API.MenuRoute[],
): API.MenuRoute => ({
  id: code,
  parentId: '0',
  code,
  name,
  alias: 'menu',
  path,
  source: 'setting',
  sort,
  category: 1,
  ...(children ? { children } : {}),
});

export const MENUS: API.MenuRoute[] = [
  menu('system', '系统管理', '/system', 99, [
    menu('user', '用户管理', '/system/user', 1),
    menu('param', '参数管理', '/system/param', 8),
  ]),
  menu('output_value', '产值管理', '/outputValue', 1, [
    menu('output_report', '产值填报', '/outputValue/report', 4),
    menu('annual_output_breakdown', '年度产值分解', '/outputValue/annualOutputBreakdown', 1),
  ]),
];
