// The SMS screens in the whole app against a fake back end: the list and its test actions (a test
// message with template variables, the verification-code round trip), the send log, and the form
// (each provider's own fields; an empty secret on edit keeps the stored one).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../tests/fetchMock';
import { messages, signIn } from '../../../../tests/helpers';
import { buttonByText, buttonIn, buttonsIn, click, findDialog, form, last, pickOption, query, rowWith, searchButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { configButtons, openConfigForm, page, resourceBackend, submitConfig } from '../../../../tests/fixtures';
import { splitPhones, toParams } from './components/SendTestModal';

const sms = (over: Record<string, unknown>) => ({
  id: '1',
  smsCode: 'aliyun-main',
  category: 3,
  categoryName: '阿里云',
  templateId: 'SMS_123456',
  accessKey: 'LTAI5t',
  appId: '',
  regionId: 'cn-hangzhou',
  signName: '经开区',
  endpoint: '',
  remark: '',
  status: 2,
  statusName: '启用',
  hasSecret: true,
  createTime: '2026-01-01 00:00:00',
  ...over,
});
const ALIYUN = sms({});
const TENCENT = sms({ id: '2', smsCode: 'tencent-backup', category: 4, categoryName: '腾讯云', templateId: '1234567', appId: '1400000000', regionId: 'ap-guangzhou', status: 1, statusName: '停用' });

const LOGS = [
  { id: 'l1', smsCode: 'aliyun-main', category: 3, categoryName: '阿里云', phone: '13800000000', templateId: 'SMS_123456', params: '{"code":"123456"}', success: 1, message: 'OK', createTime: '2026-02-01 09:00:00' },
  { id: 'l2', smsCode: 'aliyun-main', category: 3, categoryName: '阿里云', phone: '13900000000', templateId: 'SMS_123456', params: '{"code":"654321"}', success: 0, message: '触发号码天级流控', createTime: '2026-02-01 09:05:00' },
];

function smsBackend(over: Parameters<typeof resourceBackend>[1] = {}, buttons = configButtons('sms')) {
  return resourceBackend(
    { sms: buttons },
    {
      '/api/keeper-resource/sms/list': () => page([ALIYUN, TENCENT]),
      '/api/keeper-resource/sms/detail': (req) => ok(query(req).id === '2' ? TENCENT : ALIYUN),
      '/api/keeper-resource/sms/log/list': () => page(LOGS),
      ...over,
    },
  );
}

const input = (root: ParentNode, label: string) => root.querySelector(`[aria-label="${label}"]`) as HTMLInputElement;

describe('SMS list', () => {
  it('lists the configurations and offers the tests to those who may edit them', async () => {
    signIn();
    smsBackend();
    await renderApp('/resource/sms/list');
    const aliyun = await rowWith('aliyun-main');
    for (const text of ['阿里云', 'SMS_123456', '经开区', '启用']) expect(aliyun.textContent).toContain(text);
    expect(buttonsIn(aliyun)).toEqual(['查看', '修改', '发送测试', '验证码测试', '删除']);
    expect(buttonsIn(await rowWith('tencent-backup'))).toEqual(['查看', '修改', '发送测试', '验证码测试', '启用', '删除']);
  });

  it('offers no test to a user who may only look', async () => {
    signIn();
    smsBackend({}, configButtons('sms').filter((b) => b.alias === 'view'));
    await renderApp('/resource/sms/list');
    expect(buttonsIn(await rowWith('aliyun-main'))).toEqual(['查看']);
  });

  it('sends a test message to several phones with the template variables as JSON', async () => {
    signIn();
    const { calls } = smsBackend({ '/api/keeper-resource/sms/endpoint/send-message': () => ok(null, '短信发送成功') });
    await renderApp('/resource/sms/list');
    await click(buttonIn(await rowWith('tencent-backup'), '发送测试'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('使用配置 tencent-backup，模板 1234567');
    await click(buttonIn(dialog, '发送'));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '13800000000，abc' } });
    await click(buttonIn(dialog, '发送'));
    expect(await screen.findByText('请输入正确的手机号码，多个号码用逗号分隔')).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '13800000000， 13900000000' } });
    fireEvent.change(input(dialog, '变量值'), { target: { value: '123456' } });
    await click(buttonIn(dialog, '添加变量'));
    const names = dialog.querySelectorAll<HTMLInputElement>('[aria-label="变量名"]');
    const values = dialog.querySelectorAll<HTMLInputElement>('[aria-label="变量值"]');
    fireEvent.change(names[1], { target: { value: 'minutes' } });
    fireEvent.change(values[1], { target: { value: '5' } });
    await click(buttonIn(dialog, '发送'));
    await waitFor(() => expect(last(calls, '/api/keeper-resource/sms/endpoint/send-message')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-resource/sms/endpoint/send-message')!)).toEqual({
      code: 'tencent-backup',
      phones: '13800000000,13900000000',
      params: '{"code":"123456","minutes":"5"}',
    });
    await waitFor(() => expect(messages('success')).toEqual(['短信发送成功']));
  });

  it('runs the verification-code round trip: the code is sent, typed back and checked', async () => {
    signIn();
    let verdict = () => fail(400, '短信校验失败');
    const { calls } = smsBackend({
      '/api/keeper-resource/sms/endpoint/send-validate': () => ok({ id: 'v1', phone: '13800000000' }, '短信发送成功'),
      '/api/keeper-resource/sms/endpoint/validate-message': () => verdict(),
    });
    await renderApp('/resource/sms/list');
    await click(buttonIn(await rowWith('aliyun-main'), '验证码测试'));
    const dialog = await findDialog();
    fireEvent.change(input(dialog, '手机号码'), { target: { value: ' 13800000000 ' } });
    await click(buttonIn(dialog, '发送验证码'));
    await waitFor(() => expect(dialog.textContent).toContain('验证码已发送到 13800000000'));
    expect(form(last(calls, '/api/keeper-resource/sms/endpoint/send-validate')!)).toEqual({ phone: '13800000000', code: 'aliyun-main' });

    fireEvent.change(input(dialog, '验证码'), { target: { value: '000000' } });
    await click(buttonIn(dialog, '校验'));
    await waitFor(() => expect(screen.getByTestId('sms-validate-outcome').textContent).toBe('短信校验失败'));
    expect(form(last(calls, '/api/keeper-resource/sms/endpoint/validate-message')!)).toEqual({ id: 'v1', value: '000000', phone: '13800000000' });
    expect(messages('warning')).toEqual([]);

    verdict = () => ok(null, '短信校验成功');
    fireEvent.change(input(dialog, '验证码'), { target: { value: '482913' } });
    await click(buttonIn(dialog, '校验'));
    await waitFor(() => expect(screen.getByTestId('sms-validate-outcome').textContent).toBe('短信校验成功'));
    expect(form(last(calls, '/api/keeper-resource/sms/endpoint/validate-message')!).value).toBe('482913');
  });

  it('shows why a verification code could not be sent', async () => {
    signIn();
    smsBackend({ '/api/keeper-resource/sms/endpoint/send-validate': () => fail(400, '短信发送失败：签名不存在') });
    await renderApp('/resource/sms/list');
    await click(buttonIn(await rowWith('aliyun-main'), '验证码测试'));
    const dialog = await findDialog();
    fireEvent.change(input(dialog, '手机号码'), { target: { value: '13800000000' } });
    await click(buttonIn(dialog, '发送验证码'));
    await waitFor(() => expect(screen.getByTestId('sms-validate-outcome').textContent).toBe('短信发送失败：签名不存在'));
    expect(buttonByText('校验', dialog)).toBeUndefined();
  });

  it('shows the send log on its tab, searched by phone and result', async () => {
    signIn();
    const { calls } = smsBackend();
    await renderApp('/resource/sms/list');
    await rowWith('aliyun-main');
    await click(screen.getByText('发送记录'));
    const refused = await rowWith('13900000000');
    for (const text of ['失败', '触发号码天级流控', '{"code":"654321"}', '2026-02-01 09:05:00']) expect(refused.textContent).toContain(text);
    expect((await rowWith('13800000000')).textContent).toContain('成功');
    fireEvent.change(screen.getAllByLabelText('手机号码')[0], { target: { value: '139' } });
    await pickOption('结果', '失败', document.querySelector('.ant-pro-query-filter') as HTMLElement);
    await click(searchButton());
    await waitFor(() => expect(query(last(calls, '/api/keeper-resource/sms/log/list')!)).toEqual({ current: '1', size: '10', phone: '139', success: '0' }));
  });
});

describe('SMS form', () => {
  it("asks Tencent Cloud for its SecretId, SecretKey, SmsSdkAppId, template, signature and region", async () => {
    const { calls, app } = await openConfigForm('sms', '/resource/sms/add', smsBackend);
    await screen.findByLabelText('AccessKey ID');
    await pickOption('分类', '腾讯云');
    const appId = await screen.findByLabelText('应用 ID（SmsSdkAppId）');
    expect(screen.queryByLabelText('AccessKey ID')).toBeNull();
    expect((screen.getByLabelText('地域') as HTMLInputElement).value).toBe('ap-guangzhou');
    expect(document.querySelector('form#sms-form')!.textContent).toContain('私有网关或测试时填写');
    fireEvent.change(screen.getByLabelText('资源编号'), { target: { value: 'tencent' } });
    fireEvent.change(screen.getByLabelText('SecretId'), { target: { value: 'AKID' } });
    fireEvent.change(screen.getByLabelText('SecretKey'), { target: { value: 'key' } });
    fireEvent.change(appId, { target: { value: '1400000001' } });
    fireEvent.change(screen.getByLabelText('模板编号'), { target: { value: '2233' } });
    fireEvent.change(screen.getByLabelText('短信签名'), { target: { value: '经开区' } });
    expect(await submitConfig('sms', app, calls)).toEqual({
      smsCode: 'tencent',
      category: 4,
      templateId: '2233',
      accessKey: 'AKID',
      secretKey: 'key',
      appId: '1400000001',
      regionId: 'ap-guangzhou',
      signName: '经开区',
      endpoint: '',
      remark: '',
    });
  });

  it('starts another provider afresh, gives back the stored fields when switched back, and keeps the secret', async () => {
    const { calls, app } = await openConfigForm('sms', '/resource/sms/edit/1', smsBackend);
    await waitFor(() => expect((screen.getByLabelText('AccessKey ID') as HTMLInputElement).value).toBe('LTAI5t'));
    expect(screen.getByLabelText('AccessKey Secret').getAttribute('placeholder')).toBe('留空则不修改');
    await pickOption('分类', '云片');
    expect((screen.getByLabelText('APIKEY') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('模板 ID（tpl_id）') as HTMLInputElement).value).toBe('');
    await pickOption('分类', '阿里云');
    expect((screen.getByLabelText('AccessKey ID') as HTMLInputElement).value).toBe('LTAI5t');
    fireEvent.change(screen.getByLabelText('接口地址'), { target: { value: 'http://127.0.0.1:9100' } });
    expect(await submitConfig('sms', app, calls)).toMatchObject({ id: '1', category: 3, accessKey: 'LTAI5t', secretKey: '', templateId: 'SMS_123456', endpoint: 'http://127.0.0.1:9100' });
  });

  it('splits phones and builds the variables', () => {
    expect(splitPhones(' 138，139,\n137 ')).toEqual(['138', '139', '137']);
    expect(toParams([{ key: ' code ', value: ' 1 ' }, { key: '', value: 'x' }])).toBe('{"code":"1"}');
  });
});
