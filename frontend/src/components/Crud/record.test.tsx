// The drawer of a list-plus-drawer screen and the dialog of a list action, with real antd and Pro
// components; only fetch is faked. The page shell (CrudPage) is covered in Crud.test.tsx.
import { ProFormText } from '@ant-design/pro-components';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, json, mockFetch, ok } from '../../../tests/fetchMock';
import { messages, signIn } from '../../../tests/helpers';
import { click, renderWidget } from '../../../tests/renderWidget';
import { crudService } from '@/services/crud';
import { ActionModal, CrudDrawer } from '.';

configure({ asyncUtilTimeout: 15000 });

interface Thing {
  id: string;
  name: string;
  code: string;
}

const things = crudService<Thing, Record<string, unknown>, Partial<Thing>>('/keeper-system/thing');
const TAKEN = { code: 400, success: false, msg: 'code: 编号已存在', data: { field: 'code', reason: '编号已存在' } };

describe('CrudDrawer', () => {
  const Drawer: React.FC<{ mode: 'add' | 'edit' | 'view'; onClose: (changed: boolean) => void }> = ({ mode, onClose }) => (
    <CrudDrawer<Thing, Partial<Thing>>
      mode={mode}
      id="7"
      name="thing-form"
      testId="thing"
      title="企业"
      load={things.detail}
      toValues={(r) => r}
      submit={(values) => things.submit({ ...values, id: mode === 'edit' ? '7' : undefined })}
      onClose={onClose}
    >
      <ProFormText name="name" label="名称" />
      <ProFormText name="code" label="编号" />
    </CrudDrawer>
  );

  it('loads the record, sends the changed values, announces the success and closes as changed', async () => {
    signIn();
    const { calls } = mockFetch((req) => (req.url.includes('/detail') ? ok({ id: '7', name: '信达', code: 'A1' }) : ok({ id: '7' })));
    const onClose = vi.fn();
    renderWidget(<Drawer mode="edit" onClose={onClose} />);
    fireEvent.change(await screen.findByDisplayValue('信达'), { target: { value: '信达电子' } });
    await click(screen.getByTestId('thing-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.map((c) => c.url)).toEqual(['/api/keeper-system/thing/detail?id=7', '/api/keeper-system/thing/submit']);
    expect(JSON.parse(String(calls[1].body))).toEqual({ id: '7', name: '信达电子', code: 'A1' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('puts a server field error on its field and stays open', async () => {
    signIn();
    mockFetch(() => json(TAKEN, 400));
    const onClose = vi.fn();
    renderWidget(<Drawer mode="add" onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('编号'), { target: { value: 'A1' } });
    await click(screen.getByTestId('thing-submit'));
    expect(await screen.findByText('编号已存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });

  it('says so when the record does not exist, and offers no submit', async () => {
    signIn();
    mockFetch(() => fail(404, '数据不存在'));
    renderWidget(<Drawer mode="edit" onClose={() => undefined} />);
    expect(await screen.findByText('数据不存在或已被删除')).toBeTruthy();
    expect(screen.queryByTestId('thing-submit')).toBeNull();
  });
});

describe('ActionModal', () => {
  const Dialog: React.FC<{ onClose: (changed: boolean) => void; load?: () => Promise<unknown> }> = ({ onClose, load }) => {
    const [form] = Form.useForm<{ code: string }>();
    return (
      <ActionModal open title="设置编号" form={form} load={load} submit={({ code }) => things.submit({ code })} onClose={onClose}>
        <Form form={form} name="code-form">
          <Form.Item name="code" label="编号" rules={[{ required: true, message: '请输入编号' }]}>
            <Input />
          </Form.Item>
        </Form>
      </ActionModal>
    );
  };
  const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

  it('checks the form first, then sends, announces and closes as changed', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ id: '9' }));
    const onClose = vi.fn();
    renderWidget(<Dialog onClose={onClose} />);
    await click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入编号')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'B2' } });
    await click(okButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(JSON.parse(String(calls[0].body))).toEqual({ code: 'B2' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('puts a server field error on its field and stays open', async () => {
    signIn();
    mockFetch(() => json(TAKEN, 400));
    const onClose = vi.fn();
    renderWidget(<Dialog onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('编号'), { target: { value: 'A1' } });
    await click(okButton());
    expect(await screen.findByText('编号已存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes unchanged when what it shows cannot be loaded', async () => {
    const onClose = vi.fn();
    renderWidget(<Dialog onClose={onClose} load={() => Promise.reject(new Error('offline'))} />);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
  });
});
