import { describe, expect, it } from 'vitest';
import { MENUS, menu } from '../../tests/menus';
import { buildMenuData, collectMenuPaths, formatButtons, isMenuRoute, menuModules } from './menu';

describe('formatButtons', () => {
  it('groups buttons by menu code', () => {
    const groups = formatButtons([
      { ...menu('user', '用户管理', '/system/user', 1), children: [{ id: 'b1', parentId: 'user', code: 'user_add', name: '新增', alias: 'add', path: '/system/user/add' }] },
      { ...menu('dept', '机构管理', '/system/dept', 2) },
    ] as any);
    expect(groups).toEqual([
      { code: 'user', buttons: [expect.objectContaining({ code: 'user_add', alias: 'add' })] },
      { code: 'dept', buttons: [] },
    ]);
    expect(formatButtons(null)).toEqual([]);
  });
});

describe('isMenuRoute', () => {
  const paths = collectMenuPaths(MENUS);
  it('matches equal paths and sub-screens of leaf menus only', () => {
    expect(isMenuRoute('/system', paths)).toBe(true);
    expect(isMenuRoute('/system/user/view/:id', paths)).toBe(true);
    expect(isMenuRoute('/system/param/list', paths)).toBe(true);
    expect(isMenuRoute('/system/tenant/list', paths)).toBe(false);
    expect(isMenuRoute('/outputValue/statistics', paths)).toBe(false);
  });
  it('ignores external links', () => {
    const p = collectMenuPaths([menu('doc', '接口文档', 'https://example.com/doc', 1)]);
    expect(p.all.size).toBe(0);
  });
});

describe('buildMenuData', () => {
  it('keeps server order, names and icons, drops leaves without a page and empty parents', () => {
    const built = buildMenuData(MENUS, (p) => ['/outputValue/report', '/outputValue/annualOutputBreakdown'].includes(p));
    expect(built).toEqual([
      {
        path: '/outputValue',
        name: '产值管理',
        icon: 'setting',
        code: 'output_value',
        routed: false,
        children: [
          { path: '/outputValue/annualOutputBreakdown', name: '年度产值分解', icon: 'setting', code: 'annual_output_breakdown', routed: true },
          { path: '/outputValue/report', name: '产值填报', icon: 'setting', code: 'output_report', routed: true },
        ],
      },
    ]);
  });

  it('opens new windows for isOpen 2 and external links', () => {
    const built = buildMenuData(
      [{ ...menu('doc', '接口文档', 'https://example.com/doc', 1), isOpen: 2 }],
      () => false,
    );
    expect(built[0]).toMatchObject({ path: 'https://example.com/doc', target: '_blank' });
  });
});

describe('menuModules', () => {
  it('lists each top menu with its leaves and whether they are built', () => {
    const modules = menuModules(MENUS, (p) => p === '/system/user');
    expect(modules.map((m) => m.code)).toEqual(['output_value', 'system']);
    expect(modules[1].leaves).toEqual([
      expect.objectContaining({ code: 'user', available: true }),
      expect.objectContaining({ code: 'param', available: false }),
    ]);
  });
});
