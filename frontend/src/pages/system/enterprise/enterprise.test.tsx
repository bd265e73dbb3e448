// The enterprise register in the whole app against a fake back end: the department tree and the
// filters, the drawer for adding / changing / viewing (validation, payload, server field errors), the
// import with its row-by-row report, and the export of exactly the filtered rows.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { json, ok } from '../../../../tests/fetchMock';
import { menu } from '../../../../tests/menus';
import { messages, signIn } from '../../../../tests/helpers';
import { body, buttonByText, buttonIn, buttonsIn, findDialog, last, menuButton, query, searchButton, toolbarButtons } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { crudButtons } from '../../../../tests/fixtures';
import { toSubmit } from './components/EnterpriseForm';

const ALL = [
  ...crudButtons('enterprise', '/api/enterprise'),
  menuButton('enterprise', 'import', 1, '/api/enterprise/import', 5),
  menuButton('enterprise', 'export', 1, '/api/enterprise/export', 6),
];

const DICTS: Record<string, [string, string][]> = {
  company_type: [['173', '私营有限责任公司'], ['160', '股份有限公司']],
  industry_chain: [['02', '电子信息']],
  stat_category: [['1', '规上工业'], ['7', '非四上']],
  enterprise_scale: [['3', '小型']],
  specialized_level: [['1', '无']],
  enterprise_status: [['1', '正常生产'], ['3', '停产']],
};

const XINDA = {
  id: 'e1',
  tenantId: '482913',
  enterpriseName: '合肥信达电子有限公司',
  shortName: '信达电子',
  creditCode: '91340100MA2N0XXX1A',
  companyType: '173',
  companyTypeName: '私营有限责任公司',
  industryCode: 'C39',
  industryName: '计算机、通信和其他电子设备制造业',
  leadingIndustry: '02',
  leadingIndustryName: '电子信息',
  deptId: 'd2',
  deptName: '高新片区',
  industryDeptId: null,
  industryDeptName: '',
  legalPerson: '陈信达',
  registeredCapital: '5000',
  establishDate: '2015-06-01',
  registeredAddress: '合肥市高新区创新大道 1 号',
  productionAddress: '',
  longitude: null,
  latitude: null,
  statCategory: '1',
  statCategoryName: '规上工业',
  isAboveScale: 'Y',
  isAboveScaleName: '是',
  aboveScalePeriod: '2018-01',
  enterpriseScale: '3',
  enterpriseScaleName: '小型',
  isHighTech: 'Y',
  isHighTechName: '是',
  specializedLevel: '1',
  specializedLevelName: '无',
  isListed: 'N',
  isListedName: '否',
  employeeCount: 320,
  landArea: '45.5',
  mainProducts: '电路板',
  lastYearOutput: '123456.789',
  contactName: '周会计',
  contactPhone: '0551-6543210',
  liaisonLeader: '',
  liaisonDeptId: null,
  liaisonDeptName: '',
  operatingStatus: '1',
  operatingStatusName: '正常生产',
  needOutputReport: 'Y',
  needOutputReportName: '是',
  remark: '',
  status: 1,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
};

function enterpriseBackend(over: Parameters<typeof backend>[0] = {}, buttons = ALL) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok([menu('system', '系统管理', '/system', 99, [menu('enterprise', '企业管理', '/system/enterprise', 11)])]),
    '/api/keeper-system/menu/buttons': () =>
      ok([{ id: 'enterprise', parentId: 'system', code: 'enterprise', name: '企业管理', alias: 'menu', path: '/system/enterprise', children: buttons }]),
    '/api/keeper-system/dict-biz/dictionary': (req) => ok((DICTS[query(req).code] ?? []).map(([dictKey, dictValue]) => ({ dictKey, dictValue }))),
    '/api/keeper-system/dict-biz/dictionary-tree': () =>
      ok([{ dictKey: 'C', dictValue: '制造业', children: [{ dictKey: 'C39', dictValue: '计算机、通信和其他电子设备制造业' }] }]),
    '/api/keeper-system/dept/commonList': () => ok([{ id: 'd1', deptName: '东区经开区', powerType: 1, children: [{ id: 'd2', deptName: '高新片区', powerType: 2 }] }]),
    '/api/enterprise/list': () => ok({ records: [XINDA], total: 1, size: 10, current: 1, pages: 1 }),
    '/api/enterprise/detail': () => ok(XINDA),
    ...over,
  });
}

/** The panel of the open drawer. */
const openDrawer = () =>
  waitFor(() => {
    const panel = document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section');
    if (!panel) throw new Error('no open drawer');
    return panel;
  });

describe('enterprise list', () => {
  it('lists the enterprises with their labels and narrows them to the department picked in the tree', async () => {
    signIn();
    const { calls } = enterpriseBackend();
    await renderApp('/system/enterprise');
    const row = (await screen.findByText('合肥信达电子有限公司')).closest('tr') as HTMLElement;
    await waitFor(() => {
      for (const text of ['信达电子', '91340100MA2N0XXX1A', '高新片区', '计算机、通信和其他电子设备制造业', '正常生产']) {
        expect(row.textContent).toContain(text);
      }
    });
    // type, category, size, output and contact are optional columns, chosen in the column settings
    for (const text of ['私营有限责任公司', '规上工业', '123,456.79', '周会计']) expect(row.textContent).not.toContain(text);
    expect(toolbarButtons()).toEqual(expect.arrayContaining(['新增', '删除', '导入', '导出']));
    await act(async () => {
      fireEvent.click(screen.getByText('高新片区', { selector: '.ant-tree-title' }));
    });
    await waitFor(() => expect(query(last(calls, '/api/enterprise/list')!)).toMatchObject({ deptId: 'd2', current: '1' }));
  });

  it('shows only the granted buttons', async () => {
    signIn();
    enterpriseBackend({}, [ALL[3]]);
    await renderApp('/system/enterprise');
    const row = (await screen.findByText('合肥信达电子有限公司')).closest('tr') as HTMLElement;
    expect(buttonsIn(row)).toEqual(['查看']);
    expect(buttonByText('导入')).toBeUndefined();
    expect(buttonByText('导出')).toBeUndefined();
  });

  it('exports exactly the filtered rows through the request layer and saves the file the server names', async () => {
    signIn();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = enterpriseBackend({
      '/api/enterprise/export': () =>
        // a string body: the runner's fetch Response cannot read jsdom's Blob
        new Response('xlsx', {
          headers: { 'Content-Disposition': "attachment; filename=\"____.xlsx\"; filename*=UTF-8''%E4%BC%81%E4%B8%9A%E5%90%8D%E5%BD%95.xlsx" },
        }),
    });
    await renderApp('/system/enterprise');
    await screen.findByText('合肥信达电子有限公司');
    await act(async () => {
      fireEvent.click(screen.getByText('高新片区', { selector: '.ant-tree-title' }));
    });
    await waitFor(() => expect(query(last(calls, '/api/enterprise/list')!).deptId).toBe('d2'));
    fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: ' 信达 ' } });
    await act(async () => {
      fireEvent.click(searchButton());
    });
    await waitFor(() => expect(query(last(calls, '/api/enterprise/list')!).enterpriseName).toBe('信达'));
    await act(async () => {
      fireEvent.click(buttonIn(document, '导出'));
    });
    await waitFor(() => expect(saved).toEqual(['企业名录.xlsx']));
    const exp = last(calls, '/api/enterprise/export')!;
    expect(query(exp)).toEqual({ deptId: 'd2', enterpriseName: '信达' });
    expect(exp.headers['keeper-auth']).toBe('bearer A1');
    await waitFor(() => expect(messages('success')).toEqual(['已导出当前筛选条件下的企业']));
  });

  it('says why an export was refused', async () => {
    signIn();
    enterpriseBackend({ '/api/enterprise/export': () => json({ code: 403, success: false, msg: '缺少权限: enterprise_export', data: {} }, 403) });
    await renderApp('/system/enterprise');
    await screen.findByText('合肥信达电子有限公司');
    await act(async () => {
      fireEvent.click(buttonIn(document, '导出'));
    });
    await waitFor(() => expect(messages('error')).toEqual(['缺少权限: enterprise_export']));
  });
});

describe('enterprise drawer', () => {
  it('refuses an empty enterprise with antd default messages and sends nothing', async () => {
    signIn();
    const { calls } = enterpriseBackend();
    await renderApp('/system/enterprise');
    await screen.findByText('合肥信达电子有限公司');
    await act(async () => {
      fireEvent.click(buttonIn(document, '新增'));
    });
    const drawer = await openDrawer();
    expect(drawer.textContent).toContain('新增企业');
    fireEvent.change(within(drawer).getByLabelText('统一社会信用代码'), { target: { value: '12345' } });
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('enterprise-submit'));
    });
    for (const text of ['请输入企业名称', '请选择企业类型', '请选择所属行业', '请选择属地园区', '请选择统计类别', '请输入联系人', '请输入联系电话', '请选择经营状态']) {
      expect(await within(drawer).findByText(text)).toBeTruthy();
    }
    expect(within(drawer).getByText('应为18位数字或大写字母（不含 I、O、Z、S、V）')).toBeTruthy();
    expect(calls.some((c) => path(c) === '/api/enterprise/submit')).toBe(false);
  });

  it('changes an enterprise: the whole record goes out and a taken credit code lands on its field', async () => {
    signIn();
    const { calls } = enterpriseBackend({
      '/api/enterprise/submit': () =>
        json({ code: 400, success: false, msg: 'creditCode: 统一社会信用代码已存在', data: { field: 'creditCode', reason: '统一社会信用代码已存在' } }, 400),
    });
    await renderApp('/system/enterprise');
    const row = (await screen.findByText('合肥信达电子有限公司')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonIn(row, '修改'));
    });
    const drawer = await openDrawer();
    const name = (await within(drawer).findByLabelText('企业名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('合肥信达电子有限公司'));
    fireEvent.change(within(drawer).getByLabelText('联系人'), { target: { value: '吴经理' } });
    await act(async () => {
      fireEvent.click(within(drawer).getByTestId('enterprise-submit'));
    });
    expect(await within(drawer).findByText('统一社会信用代码已存在')).toBeTruthy();
    expect(body(last(calls, '/api/enterprise/submit')!)).toEqual({
      id: 'e1',
      enterpriseName: '合肥信达电子有限公司',
      shortName: '信达电子',
      creditCode: '91340100MA2N0XXX1A',
      companyType: '173',
      industryCode: 'C39',
      leadingIndustry: '02',
      deptId: 'd2',
      industryDeptId: null,
      legalPerson: '陈信达',
      registeredCapital: 5000,
      establishDate: '2015-06-01',
      registeredAddress: '合肥市高新区创新大道 1 号',
      productionAddress: '',
      longitude: null,
      latitude: null,
      statCategory: '1',
      aboveScalePeriod: '2018-01',
      enterpriseScale: '3',
      isHighTech: 'Y',
      specializedLevel: '1',
      isListed: 'N',
      employeeCount: 320,
      landArea: 45.5,
      mainProducts: '电路板',
      contactName: '吴经理',
      contactPhone: '0551-6543210',
      liaisonLeader: '',
      liaisonDeptId: null,
      operatingStatus: '1',
      needOutputReport: 'Y',
      remark: '',
    });
  });

  it('shows an enterprise read-only with the names of its dictionary values', async () => {
    signIn();
    enterpriseBackend();
    await renderApp('/system/enterprise');
    const row = (await screen.findByText('合肥信达电子有限公司')).closest('tr') as HTMLElement;
    await act(async () => {
      fireEvent.click(buttonIn(row, '查看'));
    });
    const drawer = await openDrawer();
    await waitFor(() => {
      for (const text of ['企业详情', '91340100MA2N0XXX1A', '私营有限责任公司', '高新片区', '规上工业', '2018-01', '正常生产', '周会计']) {
        expect(drawer.textContent).toContain(text);
      }
    });
    expect(within(drawer).queryByTestId('enterprise-submit')).toBeNull();
  });
});

describe('enterprise import', () => {
  it('uploads the chosen file and lists every problem of a refused one by row and column', async () => {
    signIn();
    const { calls } = enterpriseBackend({
      '/api/enterprise/import': () =>
        json(
          {
            code: 400,
            success: false,
            msg: '导入失败: 2 行数据有误，未导入任何数据。第3行 统一社会信用代码: 校验位不正确',
            data: [
              { row: 3, field: '统一社会信用代码', reason: '校验位不正确', message: '第3行 统一社会信用代码: 校验位不正确' },
              { row: 3, field: '经营状态', reason: '不是字典中的值: 营业', message: '第3行 经营状态: 不是字典中的值: 营业' },
              { row: 5, field: '', reason: '与第2行的统一社会信用代码重复', message: '第5行: 与第2行的统一社会信用代码重复' },
            ],
          },
          400,
        ),
    });
    await renderApp('/system/enterprise');
    await screen.findByText('合肥信达电子有限公司');
    await act(async () => {
      fireEvent.click(buttonIn(document, '导入'));
    });
    const dialog = await findDialog();
    const start = buttonIn(dialog, '开始导入');
    expect(start.disabled).toBe(true);
    const file = new File(['xlsx'], '企业.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    });
    expect(await within(dialog).findByText('企业.xlsx')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByLabelText(/统一社会信用代码已存在的企业/));
    });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '开始导入'));
    });
    const report = await within(dialog).findByTestId('enterprise-import-report');
    expect(report.textContent).toContain('导入失败：2 行数据有误（共 3 处），没有导入任何数据');
    const rows = Array.from(report.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['第 3 行', '统一社会信用代码', '校验位不正确'],
      ['第 3 行', '经营状态', '不是字典中的值: 营业'],
      ['第 5 行', '—', '与第2行的统一社会信用代码重复'],
    ]);
    const sent = last(calls, '/api/enterprise/import')!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect((sent.body as FormData).get('isCovered')).toBe('1');
    expect(((sent.body as FormData).get('file') as File).name).toBe('企业.xlsx');
    // the request layer stays quiet: the report says it all
    expect(messages()).toEqual([]);
  });

  it('closes and reloads the list after a good import', async () => {
    signIn();
    const { calls } = enterpriseBackend({ '/api/enterprise/import': () => ok({ created: 2, updated: 1 }, '导入成功: 新增 2 条，更新 1 条') });
    await renderApp('/system/enterprise');
    await screen.findByText('合肥信达电子有限公司');
    const lists = calls.filter((c) => path(c) === '/api/enterprise/list').length;
    await act(async () => {
      fireEvent.click(buttonIn(document, '导入'));
    });
    const dialog = await findDialog();
    await act(async () => {
      fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'a.xlsx')] } });
    });
    await act(async () => {
      fireEvent.click(buttonIn(dialog, '开始导入'));
    });
    await waitFor(() => expect(messages('success')).toEqual(['导入成功: 新增 2 条，更新 1 条']));
    await waitFor(() => expect(calls.filter((c) => path(c) === '/api/enterprise/list').length).toBeGreaterThan(lists));
    expect((last(calls, '/api/enterprise/import')!.body as FormData).get('isCovered')).toBe('0');
  });

  it('leaves the month out of an enterprise that is not 规上工业', () => {
    expect(toSubmit({ statCategory: '7', aboveScalePeriod: '2020-01' }).aboveScalePeriod).toBe('');
  });
});
