// 园区设置 with real antd and Pro components against a fake `/zoneSetting`: the screen shows the zone's
// settings as the server has them; 保存 sends the five fields the form holds and shows the settings the
// server answers; a 400 naming a field is shown on that field (or said, when the form has no such
// field); without `zone_setting_edit` there is no 保存 and the settings read as text; the platform
// tenant, which has no settings of its own, reads the defaults and is told where they are set; the big
// screen's address shows only while a widget is public, and the ticks say what saving will do to it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { backend, path } from '../../../../tests/backend';
import { fail, ok, type RecordedRequest } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { body, buttonByText, click, itemOf, menuButton, typeInto } from '../../../../tests/page';
import { renderWidget } from '../../../../tests/renderWidget';
import { SCREEN_WIDGETS } from '@/services/business/dataAnalysis';
import type { ZoneSettings } from '@/services/business/zoneSetting';
import { setButtons, setCurrentUser } from '@/utils/authority';
import ZoneSettingPage from './index';

const MENU = 'zone_setting';
const DETAIL = '/api/zoneSetting/detail';
const SUBMIT = '/api/zoneSetting/submit';
const FORM = 'zone-setting';

const WIDGET_KEYS = [...SCREEN_WIDGETS];

const SETTINGS: ZoneSettings = {
  tenantId: '888888',
  outputDeadlineDay: 5,
  januaryMerged: false,
  timeProgress: 'month',
  screenWidgets: ['kpi', 'outputTrend', 'issues'],
  screenClosedRate: 80,
  widgetKeys: WIDGET_KEYS,
};

const BUTTONS = {
  view: menuButton(MENU, 'view', 2, DETAIL, 1),
  edit: menuButton(MENU, 'edit', 2, SUBMIT, 2),
};

/** The screen of a person of tenant `settings.tenantId` holding the buttons `aliases`. */
async function open(over: Partial<ZoneSettings> = {}, aliases: (keyof typeof BUTTONS)[] = ['view', 'edit'], routes: Parameters<typeof backend>[0] = {}) {
  const settings = { ...SETTINGS, ...over };
  signIn();
  setCurrentUser({ account: 'admin', tenant_id: settings.tenantId, userId: '7' });
  setButtons([{ code: MENU, buttons: aliases.map((a) => BUTTONS[a]) }]);
  const server = backend({ [DETAIL]: () => ok(settings), ...routes });
  renderWidget(<ZoneSettingPage />);
  await screen.findByText('产值填报');
  return server;
}

const page = () => document.body;
const calledTo = (calls: RecordedRequest[], p: string) => calls.filter((c) => path(c) === p);
const inputOf = async (label: string) => (await itemOf(page(), label)).querySelector('input') as HTMLInputElement;
const widgetBox = (title: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('.ant-checkbox-wrapper')).find((w) => w.textContent?.trim() === title)!.querySelector('input')!;
const ticked = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.ant-checkbox-group .ant-checkbox-wrapper-checked')).map((w) => w.textContent?.trim());
const errorOf = async (label: string) => (await itemOf(page(), label)).querySelector('.ant-form-item-explain-error')?.textContent;
/** What a person could type into or tick (ProForm keeps a hidden input of its own). */
const fields = () => document.querySelectorAll('form input:not([style*="display: none"])');
const screenLink = () => document.querySelector<HTMLAnchorElement>('[data-testid="screen-open"]');

describe('zone settings', () => {
  it('shows the zone’s settings as the server has them', async () => {
    const { calls } = await open();
    expect(calledTo(calls, DETAIL)).toHaveLength(1);
    expect((await inputOf('填报截止日')).value).toBe('5');
    expect((await itemOf(page(), '填报截止日')).textContent).toContain('次月');
    expect((await itemOf(page(), '一月并入二月填报')).querySelector('[role="switch"]')!.getAttribute('aria-checked')).toBe('false');
    const month = (await itemOf(page(), '时序进度')).querySelector<HTMLInputElement>('input[value="month"]')!;
    expect(month.checked).toBe(true);
    // the widgets under the big screen's own titles, the headline figures under this page's
    expect(ticked()).toEqual(['核心指标', '规上工业产值月度走势', '问题督办']);
    expect(document.querySelectorAll('.ant-checkbox-group .ant-checkbox-wrapper')).toHaveLength(11);
    expect((await inputOf('数据截至比例')).value).toBe('80');
    expect(screen.getByTestId('screen-status').textContent).toBe('已开放，公开 3 个组件');
    expect(buttonByText('保存')).toBeTruthy();
    expect(document.querySelector('[data-testid="zone-setting-readonly"]')).toBeNull();
  });

  it('saves the five fields the form holds and shows the settings the server answers', async () => {
    const answer: ZoneSettings = {
      ...SETTINGS,
      outputDeadlineDay: 8,
      januaryMerged: true,
      timeProgress: 'day',
      screenWidgets: ['kpi', 'outputTrend', 'keyProjects', 'issues'],
      screenClosedRate: 90,
    };
    const { calls } = await open({}, ['view', 'edit'], { [SUBMIT]: () => ok(answer) });
    await typeInto(page(), '填报截止日', '8');
    await click((await itemOf(page(), '一月并入二月填报')).querySelector('[role="switch"]')!);
    await click((await itemOf(page(), '时序进度')).querySelector('input[value="day"]')!);
    await click(widgetBox('重点项目进展'));
    // ticked after 问题督办, kept in the screen's order
    expect(ticked()).toEqual(['核心指标', '规上工业产值月度走势', '重点项目进展', '问题督办']);
    expect(screen.getByTestId('screen-note').textContent).toContain('保存后大屏才会按新的勾选显示');
    await typeInto(page(), '数据截至比例', '90');
    await submitForm(FORM);

    await waitFor(() => expect(calledTo(calls, SUBMIT)).toHaveLength(1));
    const sent = body(calledTo(calls, SUBMIT)[0]);
    expect(sent).toEqual({
      outputDeadlineDay: 8,
      januaryMerged: true,
      timeProgress: 'day',
      screenWidgets: ['kpi', 'outputTrend', 'keyProjects', 'issues'],
      screenClosedRate: 90,
    });
    await waitFor(() => expect(messages('success')).toContain('园区设置已保存'));
    expect(screen.getByTestId('screen-status').textContent).toBe('已开放，公开 4 个组件');
    expect(document.querySelector('[data-testid="screen-note"]')).toBeNull();
  });

  it('shows the answer of the server, not what was typed, when they differ', async () => {
    // e.g. another administrator changed the rate meanwhile
    await open({}, ['view', 'edit'], { [SUBMIT]: () => ok({ ...SETTINGS, screenClosedRate: 75 }) });
    await submitForm(FORM);
    await waitFor(async () => expect((await inputOf('数据截至比例')).value).toBe('75'));
  });

  it('puts a 400 naming a field on that field', async () => {
    const reason = '应为 1–100 之间的整数';
    await open({}, ['view', 'edit'], {
      [SUBMIT]: () => fail(400, `screenClosedRate: ${reason}`, { field: 'screenClosedRate', reason }),
    });
    await submitForm(FORM);
    await waitFor(async () => expect(await errorOf('数据截至比例')).toBe(reason));
    expect(await errorOf('填报截止日')).toBeUndefined();
  });

  it('says a 400 naming a field the form does not show, naming it', async () => {
    await open({}, ['view', 'edit'], {
      [SUBMIT]: () => fail(400, 'tenantId: 不可修改', { field: 'tenantId', reason: '不可修改' }),
    });
    await submitForm(FORM);
    await waitFor(() => expect(messages('error')).toContain('tenantId: 不可修改'));
  });

  it('is read-only, without 保存, for whoever lacks zone_setting_edit', async () => {
    const { calls } = await open({}, ['view']);
    expect(buttonByText('保存')).toBeUndefined();
    expect(screen.getByTestId('zone-setting-readonly').textContent).toContain('没有修改权限');
    expect(fields()).toHaveLength(0);
    expect((await itemOf(page(), '填报截止日')).textContent).toContain('次月 5 日');
    expect((await itemOf(page(), '一月并入二月填报')).textContent).toContain('否');
    expect((await itemOf(page(), '时序进度')).textContent).toContain('按月');
    expect(within(screen.getByTestId('widget-list')).getAllByText(/.+/).map((n) => n.textContent)).toEqual([
      '核心指标',
      '规上工业产值月度走势',
      '问题督办',
    ]);
    expect((await itemOf(page(), '数据截至比例')).textContent).toContain('80');
    // the address is there to copy all the same
    expect(screenLink()).not.toBeNull();
    expect(calledTo(calls, SUBMIT)).toHaveLength(0);
  });

  it('says, read-only, that a closed screen has no public widget, without asking to tick one', async () => {
    await open({ screenWidgets: [] }, ['view']);
    expect(screen.getByTestId('screen-status').textContent).toBe('未开放');
    expect((await itemOf(page(), '公开的组件')).textContent).toContain('未公开任何组件');
    expect(document.querySelector('[data-testid="screen-note"]')).toBeNull();
    expect(screenLink()).toBeNull();
  });

  it('tells the platform tenant it has no settings of its own and shows the defaults read-only', async () => {
    await open({ tenantId: '000000', screenWidgets: [] });
    expect(screen.getByTestId('zone-setting-platform').textContent).toContain('平台租户没有园区设置');
    expect(screen.getByTestId('zone-setting-platform').textContent).toContain('参数管理');
    expect(buttonByText('保存')).toBeUndefined();
    expect(fields()).toHaveLength(0);
    expect((await itemOf(page(), '填报截止日')).textContent).toContain('次月 5 日');
    // not "you lack the permission": the platform's administrator holds it
    expect(document.querySelector('[data-testid="zone-setting-readonly"]')).toBeNull();
    // its widgets are the zones' default, not a screen of its own: no status, no address
    expect((await itemOf(page(), '公开的组件')).textContent).toContain('各园区默认不公开任何组件');
    expect(document.querySelector('[data-testid="screen-status"]')).toBeNull();
    expect(document.querySelector('[data-testid="screen-note"]')).toBeNull();
    expect(screen.queryByText('大屏地址')).toBeNull();
  });

  it('shows the big screen’s address only while a widget is public', async () => {
    await open();
    const link = screenLink()!;
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/dataAnalysis?tenant=888888`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('screen-address').textContent).toContain('/dataAnalysis?tenant=888888');
  });

  it('says a zone with no public widget has no open screen, and what ticking one will do', async () => {
    await open({ screenWidgets: [] });
    expect(screenLink()).toBeNull();
    expect(screen.getByTestId('screen-status').textContent).toBe('未开放');
    expect(screen.getByTestId('screen-note').textContent).toContain('没有勾选任何组件：数据大屏不对外开放');
    expect(screen.getByTestId('screen-note').textContent).toContain('该园区未开放数据大屏');
    expect(screen.getByText('大屏开放后在这里显示访问地址。')).toBeTruthy();

    await click(widgetBox('问题督办'));
    expect(screen.getByTestId('screen-note').textContent).toBe('保存后数据大屏即对外开放。');
    // the address comes with the save, not with the tick
    expect(screenLink()).toBeNull();
  });

  it('ticks and unticks every widget with 全选, and warns that saving none closes the screen', async () => {
    const { calls } = await open({}, ['view', 'edit'], { [SUBMIT]: (req) => ok({ ...SETTINGS, ...body(req) }) });
    const all = screen.getByTestId('widget-all').querySelector('input')!;
    await click(all);
    expect(ticked()).toHaveLength(11);
    await click(all);
    expect(ticked()).toEqual([]);
    expect(screen.getByTestId('screen-note').textContent).toContain('保存后数据大屏将关闭');
    await submitForm(FORM);
    await waitFor(() => expect(calledTo(calls, SUBMIT)).toHaveLength(1));
    expect(body(calledTo(calls, SUBMIT)[0]).screenWidgets).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('screen-status').textContent).toBe('未开放'));
    expect(screenLink()).toBeNull();
  });

  it('offers to retry when the settings cannot be loaded', async () => {
    let answers = 0;
    signIn();
    setCurrentUser({ account: 'admin', tenant_id: '888888', userId: '7' });
    setButtons([{ code: MENU, buttons: [BUTTONS.view, BUTTONS.edit] }]);
    backend({ [DETAIL]: () => (answers++ ? ok(SETTINGS) : fail(500, '服务器开小差了')) });
    renderWidget(<ZoneSettingPage />);
    await screen.findByText('园区设置加载失败');
    await act(async () => {
      fireEvent.click(buttonByText('重试')!);
    });
    await screen.findByText('产值填报');
  });
});
