// The object storage screens in the whole app against a fake back end: the list (the one in use
// tagged, enabling another, the connection test and its reason, removal) and the form (only the
// fields of the chosen category are shown and sent; an empty secret on edit keeps the stored one).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { path } from '../../../../tests/backend';
import { fail, ok } from '../../../../tests/fetchMock';
import { messages, signIn, submitForm } from '../../../../tests/helpers';
import { buttonIn, buttonsIn, click, findDialog, form, last, pickOption, query, rowWith, searchButton } from '../../../../tests/page';
import { renderApp } from '../../../../tests/renderApp';
import { configButtons, openConfigForm, page, resourceBackend, submitConfig } from '../../../../tests/fixtures';

const oss = (over: Record<string, unknown>) => ({
  id: '1',
  tenantId: '000000',
  ossCode: 'minio-main',
  category: 2,
  categoryName: 'S3',
  endpoint: 'http://127.0.0.1:9000',
  accessKey: 'keeper',
  bucketName: 'keeper',
  region: 'us-east-1',
  remark: '',
  status: 2,
  statusName: '启用',
  hasSecret: true,
  createTime: '2026-01-01 00:00:00',
  ...over,
});
const MINIO = oss({});
const LOCAL = oss({ id: '2', ossCode: 'local-disk', category: 1, categoryName: '本地', endpoint: '', accessKey: '', bucketName: 'files', region: '', status: 1, statusName: '停用', hasSecret: false });

function ossBackend(over: Parameters<typeof resourceBackend>[1] = {}) {
  return resourceBackend(
    { oss: configButtons('oss') },
    {
      '/api/keeper-resource/oss/list': () => page([MINIO, LOCAL]),
      '/api/keeper-resource/oss/detail': (req) => ok(query(req).id === '2' ? LOCAL : MINIO),
      ...over,
    },
  );
}

describe('object storage list', () => {
  it('lists the configurations with the one in use tagged, and offers 启用 only on the others', async () => {
    signIn();
    const { calls } = ossBackend();
    await renderApp('/resource/oss/list');
    const minio = await rowWith('minio-main');
    for (const text of ['S3 兼容（MinIO / AWS S3）', 'http://127.0.0.1:9000', 'keeper', '启用', '2026-01-01 00:00:00']) expect(minio.textContent).toContain(text);
    expect(buttonsIn(minio)).toEqual(['查看', '修改', '测试连接', '删除']);
    const local = await rowWith('local-disk');
    expect(local.textContent).toContain('本地磁盘');
    expect(local.textContent).toContain('停用');
    expect(buttonsIn(local)).toEqual(['查看', '修改', '测试连接', '启用', '删除']);
    expect(query(last(calls, '/api/keeper-resource/oss/list')!)).toEqual({ current: '1', size: '10' });
  });

  it('searches by code and category', async () => {
    signIn();
    const { calls } = ossBackend();
    await renderApp('/resource/oss/list');
    await rowWith('minio-main');
    fireEvent.change(screen.getAllByLabelText('资源编号')[0], { target: { value: ' minio ' } });
    await pickOption('分类', '阿里云 OSS', document.querySelector('.ant-pro-query-filter') as HTMLElement);
    await click(searchButton());
    await waitFor(() => expect(query(last(calls, '/api/keeper-resource/oss/list')!)).toEqual({ current: '1', size: '10', ossCode: 'minio', category: '3' }));
  });

  it('enables another configuration after saying the others are switched off', async () => {
    signIn();
    const { calls } = ossBackend({ '/api/keeper-resource/oss/enable': () => ok({}, '操作成功') });
    await renderApp('/resource/oss/list');
    await click(buttonIn(await rowWith('local-disk'), '启用'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('确定启用 local-disk 吗？');
    expect(dialog.textContent).toContain('其他对象存储配置会自动停用');
    const lists = calls.filter((c) => path(c) === '/api/keeper-resource/oss/list').length;
    await click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(last(calls, '/api/keeper-resource/oss/enable')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-resource/oss/enable')!)).toEqual({ id: '2' });
    await waitFor(() => expect(calls.filter((c) => path(c) === '/api/keeper-resource/oss/list').length).toBe(lists + 1));
  });

  it('tests a connection and shows the success', async () => {
    signIn();
    const { calls } = ossBackend({ '/api/keeper-resource/oss/test': () => ok(null, '连接成功') });
    await renderApp('/resource/oss/list');
    await click(buttonIn(await rowWith('minio-main'), '测试连接'));
    const dialog = await findDialog();
    await waitFor(() => expect(dialog.textContent).toContain('minio-main 连接成功'));
    expect(form(last(calls, '/api/keeper-resource/oss/test')!)).toEqual({ id: '1' });
  });

  it('shows in full why a connection test failed', async () => {
    signIn();
    ossBackend({ '/api/keeper-resource/oss/test': () => fail(400, '存储桶 keeper 不存在：The specified bucket does not exist') });
    await renderApp('/resource/oss/list');
    await click(buttonIn(await rowWith('minio-main'), '测试连接'));
    const dialog = await findDialog();
    await waitFor(() => expect(dialog.textContent).toContain('minio-main 连接失败'));
    expect(dialog.textContent).toContain('存储桶 keeper 不存在：The specified bucket does not exist');
    // said once, in the dialog
    expect(messages('warning')).toEqual([]);
  });

  it('deletes a configuration after asking', async () => {
    signIn();
    const { calls } = ossBackend({ '/api/keeper-resource/oss/remove': () => ok({ count: 1 }) });
    await renderApp('/resource/oss/list');
    await click(buttonIn(await rowWith('local-disk'), '删除'));
    await click(buttonIn(await findDialog(), '确定'));
    await waitFor(() => expect(last(calls, '/api/keeper-resource/oss/remove')).toBeTruthy());
    expect(form(last(calls, '/api/keeper-resource/oss/remove')!)).toEqual({ ids: '2' });
  });
});

describe('object storage form', () => {
  it('asks an S3 store for its address, keys, bucket and region, and sends them', async () => {
    const { calls, app } = await openConfigForm('oss', '/resource/oss/add', ossBackend);
    const endpoint = await screen.findByLabelText('地址');
    expect(endpoint.getAttribute('placeholder')).toBe('http://127.0.0.1:9000');
    expect((screen.getByLabelText('区域（Region）') as HTMLInputElement).value).toBe('us-east-1');
    await submitForm('oss-form');
    for (const text of ['请输入资源编号', '请输入地址', '请输入AccessKey', '请输入SecretKey', '请输入存储桶']) expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('资源编号'), { target: { value: 'minio-2' } });
    fireEvent.change(endpoint, { target: { value: ' http://10.0.0.5:9000 ' } });
    fireEvent.change(screen.getByLabelText('AccessKey'), { target: { value: 'ak' } });
    fireEvent.change(screen.getByLabelText('SecretKey'), { target: { value: ' s3cret ' } });
    fireEvent.change(screen.getByLabelText('存储桶'), { target: { value: 'park' } });
    expect(await submitConfig('oss', app, calls)).toEqual({
      ossCode: 'minio-2',
      category: 2,
      endpoint: 'http://10.0.0.5:9000',
      accessKey: 'ak',
      secretKey: ' s3cret ',
      bucketName: 'park',
      region: 'us-east-1',
      remark: '',
    });
  });

  it('asks a local disk only for its folder, and sends the other fields empty', async () => {
    const { calls, app } = await openConfigForm('oss', '/resource/oss/add', ossBackend);
    await screen.findByLabelText('地址');
    await pickOption('分类', '本地磁盘');
    const folder = await screen.findByLabelText('文件夹名称');
    for (const label of ['地址', 'AccessKey', 'SecretKey', '区域（Region）']) expect(screen.queryByLabelText(label)).toBeNull();
    expect(document.querySelector('form#oss-form')!.textContent).toContain('文件保存在服务器数据目录下的这个文件夹中');
    fireEvent.change(screen.getByLabelText('资源编号'), { target: { value: 'disk' } });
    fireEvent.change(folder, { target: { value: 'uploads' } });
    expect(await submitConfig('oss', app, calls)).toEqual({
      ossCode: 'disk',
      category: 1,
      endpoint: '',
      accessKey: '',
      secretKey: '',
      bucketName: 'uploads',
      region: '',
      remark: '',
    });
  });

  it('keeps the stored secret when it is left empty on edit', async () => {
    const { calls, app } = await openConfigForm('oss', '/resource/oss/edit/1', ossBackend);
    const bucket = (await screen.findByLabelText('存储桶')) as HTMLInputElement;
    await waitFor(() => expect(bucket.value).toBe('keeper'));
    const secret = screen.getByLabelText('SecretKey') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.getAttribute('placeholder')).toBe('留空则不修改');
    fireEvent.change(bucket, { target: { value: 'keeper-2' } });
    expect(await submitConfig('oss', app, calls)).toEqual({
      id: '1',
      ossCode: 'minio-main',
      category: 2,
      endpoint: 'http://127.0.0.1:9000',
      accessKey: 'keeper',
      secretKey: '',
      bucketName: 'keeper-2',
      region: 'us-east-1',
      remark: '',
    });
  });

  it('asks for a new secret when the storage moves to another provider', async () => {
    const { calls } = await openConfigForm('oss', '/resource/oss/edit/1', ossBackend);
    await waitFor(() => expect((screen.getByLabelText('存储桶') as HTMLInputElement).value).toBe('keeper'));
    await pickOption('分类', '阿里云 OSS');
    expect((screen.getByLabelText('地址') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('SecretKey').getAttribute('placeholder')).not.toBe('留空则不修改');
    await submitForm('oss-form');
    expect(await screen.findByText('请输入SecretKey')).toBeTruthy();
    expect(last(calls, '/api/keeper-resource/oss/submit')).toBeUndefined();
  });

  it('shows a configuration read-only without its secret', async () => {
    signIn();
    ossBackend();
    await renderApp('/resource/oss/view/1');
    const formEl = await waitFor(() => {
      const f = document.querySelector('form#oss-form');
      if (!f?.textContent?.includes('http://127.0.0.1:9000')) throw new Error('not loaded');
      return f;
    });
    expect(formEl.textContent).toContain('已设置（出于安全不显示）');
    // nothing to type into: no field, above all no secret
    expect(formEl.querySelectorAll('input:not([style*="display: none"])').length).toBe(0);
  });
});
