// The enterprise picker with real antd: options from parkCompany/list (one call for every picker on
// the screen), searchable by name, short name and credit code. Only fetch is faked.
import { ProForm } from '@ant-design/pro-components';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/fetchMock';
import { signIn } from '../../../tests/helpers';
import { renderWidget } from '../../../tests/renderWidget';
import { EnterpriseSelect, ProFormEnterpriseSelect } from '.';

const COMPANIES = [
  { id: 'e1', enterpriseName: '合肥信达电子有限公司', shortName: '信达电子', creditCode: '91340100MA2N0XXX1A', deptId: 'd2' },
  { id: 'e2', enterpriseName: '合力机械股份有限公司', shortName: '', creditCode: '91340100MA2N0YYY2B', deptId: 'd3' },
  { id: 'e3', enterpriseName: '东方化工有限公司', shortName: '东方化工', creditCode: '91340100MA2N0ZZZ3C', deptId: 'd2' },
];

const shownOptions = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);

describe('EnterpriseSelect', () => {
  it('loads the enterprises once for every picker, and finds one by name or credit code', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(COMPANIES));
    const onChange = vi.fn();
    renderWidget(
      <>
        <EnterpriseSelect data-testid="picker" onChange={onChange} />
        <EnterpriseSelect />
      </>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect([calls[0].method, calls[0].url]).toEqual(['POST', '/api/parkCompany/list']);
    const input = screen.getAllByRole('combobox')[0];
    await act(async () => {
      fireEvent.mouseDown(input);
    });
    await waitFor(() => expect(shownOptions()).toEqual(['合肥信达电子有限公司（信达电子）', '合力机械股份有限公司', '东方化工有限公司（东方化工）']));
    await act(async () => {
      fireEvent.change(input, { target: { value: 'yyy2' } });
    });
    expect(shownOptions()).toEqual(['合力机械股份有限公司']);
    await act(async () => {
      fireEvent.change(input, { target: { value: '东方' } });
    });
    expect(shownOptions()).toEqual(['东方化工有限公司（东方化工）']);
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-select-item-option')!);
    });
    expect(onChange.mock.calls[0][0]).toBe('e3');
  });

  it('offers only what the filter lets through, and shows the name of the held value', async () => {
    signIn();
    mockFetch(() => ok({ records: COMPANIES, total: 3, size: 10, current: 1, pages: 1 }));
    const inPark = (o: { deptId?: string }) => o.deptId === 'd2';
    const view = renderWidget(
      <ProForm initialValues={{ enterpriseId: 'e1' }} submitter={false}>
        <ProFormEnterpriseSelect name="enterpriseId" label="企业" filter={inPark} />
      </ProForm>,
    );
    expect((await screen.findAllByText('合肥信达电子有限公司（信达电子）')).length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('combobox'));
    });
    await waitFor(() => expect(shownOptions()).toEqual(['合肥信达电子有限公司（信达电子）', '东方化工有限公司（东方化工）']));
    view.unmount();

    renderWidget(
      <ProForm readonly initialValues={{ enterpriseId: 'e2' }} submitter={false}>
        <ProFormEnterpriseSelect name="enterpriseId" label="企业" />
      </ProForm>,
    );
    expect(await screen.findByText('合力机械股份有限公司')).toBeTruthy();
  });
});
