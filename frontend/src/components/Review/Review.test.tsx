// The review widgets with real antd: buttons only from the row's nextSteps and the user's grants,
// the opinion a return needs, the status tag and the history. Only fetch is faked.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, ok, type RecordedRequest } from '../../../tests/fetchMock';
import { messages, signIn } from '../../../tests/helpers';
import { body, buttonsIn, menuButton } from '../../../tests/page';
import { click, renderWidget } from '../../../tests/renderWidget';
import { CrudTable } from '@/components/Crud';
import { type Reviewable, reviewService } from '@/services/review';
import { setButtons } from '@/utils/authority';
import { ReviewActions, ReviewStatusTag, ReviewTimeline, useReviewActions } from '.';

configure({ asyncUtilTimeout: 15000 });

const MENU = 'output_report';
const reports = reviewService('/outputReport');
const path = (r: RecordedRequest) => r.url.split('?')[0];
const SUBMIT = menuButton(MENU, 'submit', 3, '/api/outputValue/submit-audit', 7);
const APPROVE = menuButton(MENU, 'approve', 3, '/api/outputValue/approve', 8);
const RETURN = menuButton(MENU, 'return', 2, '/api/outputValue/return', 9);

const dialog = () => screen.findByRole('dialog');
const okIn = (root: HTMLElement) => within(root).getByRole('button', { name: /确\s*定/ });

/** The fake back end: the report_status dictionary as given, and every review step taken. */
function serve(dict: [string, string][] = [], review: () => Response = () => ok({ count: 1 })) {
  return mockFetch((req) => {
    if (path(req) === '/api/keeper-system/dict-biz/dictionary') return ok(dict.map(([dictKey, dictValue]) => ({ dictKey, dictValue })));
    if (path(req) === '/api/outputReport/review') return review();
    return ok([]);
  });
}

const submitted: Reviewable = { id: '7', reportStatus: '1', nextSteps: ['approve', 'return', 'withdraw'] };

describe('ReviewActions', () => {
  it('renders no button when the server allows no step', async () => {
    signIn();
    setButtons([{ code: MENU, buttons: [SUBMIT, APPROVE, RETURN] }]);
    serve();
    renderWidget(<ReviewActions record={{ id: '7', reportStatus: '2', nextSteps: [] }} service={reports} menuCode={MENU} />);
    expect(screen.queryByTestId('review-actions')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers only the next steps the user was granted, in the server order', async () => {
    signIn();
    serve();
    setButtons([{ code: MENU, buttons: [SUBMIT, APPROVE, RETURN] }]);
    const view = renderWidget(<ReviewActions record={submitted} service={reports} menuCode={MENU} />);
    expect(buttonsIn(screen.getByTestId('review-actions'))).toEqual(['审核通过', '退回', '撤回']);
    view.unmount();
    // a filler: only the withdrawal that `submit` brings
    setButtons([{ code: MENU, buttons: [SUBMIT] }]);
    renderWidget(<ReviewActions record={submitted} service={reports} menuCode={MENU} />);
    expect(buttonsIn(screen.getByTestId('review-actions'))).toEqual(['撤回']);
  });

  it('refuses a return without an opinion on its field, then sends the opinion and reports done', async () => {
    signIn();
    setButtons([{ code: MENU, buttons: [APPROVE, RETURN] }]);
    const { calls } = serve();
    const onDone = vi.fn();
    renderWidget(<ReviewActions record={submitted} service={reports} menuCode={MENU} onDone={onDone} />);
    await click(screen.getByRole('button', { name: /退\s*回/ }));
    const modal = await dialog();
    expect(modal.textContent).toContain('将对选中的 1 条数据执行“退回”。');
    fireEvent.change(within(modal).getByLabelText('审核意见'), { target: { value: '   ' } });
    await click(okIn(modal));
    expect(await within(modal).findByText('退回须填写审核意见')).toBeTruthy();
    expect(calls.filter((c) => path(c) === '/api/outputReport/review')).toEqual([]);

    fireEvent.change(within(modal).getByLabelText('审核意见'), { target: { value: ' 上年同期数据有误 ' } });
    await click(okIn(modal));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(body(calls.find((c) => path(c) === '/api/outputReport/review')!)).toEqual({ ids: ['7'], step: 'return', opinion: '上年同期数据有误' });
    await waitFor(() => expect(messages('success')).toEqual(['操作成功']));
  });

  it('approves without an opinion, and puts a server refusal of the opinion on its field', async () => {
    signIn();
    setButtons([{ code: MENU, buttons: [APPROVE] }]);
    let refuse = false;
    const { calls } = serve([], () =>
      refuse ? json({ code: 400, success: false, msg: 'opinion: 含有敏感词', data: { field: 'opinion', reason: '含有敏感词' } }, 400) : ok({ count: 1 }),
    );
    const onDone = vi.fn();
    const view = renderWidget(<ReviewActions record={submitted} service={reports} menuCode={MENU} onDone={onDone} />);
    await click(screen.getByRole('button', { name: /审核通过/ }));
    await click(okIn(await dialog()));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(body(calls[calls.length - 1])).toEqual({ ids: ['7'], step: 'approve', opinion: '' });
    view.unmount();

    refuse = true;
    renderWidget(<ReviewActions record={{ id: '8', reportStatus: '2', nextSteps: ['unapprove'] }} service={reports} menuCode={MENU} onDone={onDone} />);
    await click(screen.getByRole('button', { name: /反审核/ }));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('反审核原因'), { target: { value: '某某' } });
    await click(okIn(modal));
    expect(await within(modal).findByText('含有敏感词')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('review buttons in a CrudTable', () => {
  interface Report extends Reviewable {
    enterpriseName: string;
  }
  const ROWS: Report[] = [
    { id: '1', enterpriseName: '信达电子', reportStatus: '1', nextSteps: ['approve', 'return', 'withdraw'] },
    { id: '2', enterpriseName: '合力机械', reportStatus: '2', nextSteps: [] },
    { id: '3', enterpriseName: '东方化工', reportStatus: '0', nextSteps: ['submit'] },
  ];
  const List: React.FC = () => {
    const review = useReviewActions<Report>(reports, MENU);
    return (
      <>
        <CrudTable<Report>
          menuCode={MENU}
          columns={[{ title: '企业', dataIndex: 'enterpriseName', search: false }]}
          list={async () => ({ code: 200, success: true, msg: '', data: ROWS })}
          actions={review.actions}
          extraButtons={review.extraButtons}
        />
        {review.holder}
      </>
    );
  };
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

  it('shows on each row the granted steps its nextSteps allow, and approves the selected rows that allow it', async () => {
    signIn();
    setButtons([{ code: MENU, buttons: [SUBMIT, APPROVE, RETURN] }]);
    const { calls } = serve();
    renderWidget(<List />);
    // in the menu's order: the withdrawal comes with (and after) the submit button
    expect(buttonsIn(await rowOf('信达电子'))).toEqual(['撤回', '审核通过', '退回']);
    expect(buttonsIn(await rowOf('合力机械'))).toEqual([]);
    expect(buttonsIn(await rowOf('东方化工'))).toEqual(['提交']);

    for (const name of ['信达电子', '合力机械']) {
      await click((await rowOf(name)).querySelector('input[type="checkbox"]')!);
    }
    const toolbar = document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;
    await click(within(toolbar).getByRole('button', { name: /审\s*核/ }));
    const modal = await dialog();
    expect(modal.textContent).toContain('另有 1 条数据当前不能审核通过，已略过。');
    await click(okIn(modal));
    await waitFor(() => expect(calls.some((c) => path(c) === '/api/outputReport/review')).toBe(true));
    expect(body(calls.find((c) => path(c) === '/api/outputReport/review')!)).toEqual({ ids: ['1'], step: 'approve', opinion: '' });
  });
});

describe('ReviewStatusTag', () => {
  it('labels the status from the report_status dictionary, or the locale when the dictionary lacks it', async () => {
    signIn();
    serve([['1', '审核中']]);
    renderWidget(
      <>
        <ReviewStatusTag value="1" />
        <ReviewStatusTag value="3" />
        <ReviewStatusTag value={null} />
      </>,
    );
    expect((await screen.findByText('审核中')).className).toContain('ant-tag-processing');
    expect(screen.getByText('已退回').className).toMatch(/ant-tag-(error|red)/);
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('ReviewTimeline', () => {
  it('lists each move with its step, statuses, operator, time and opinion', async () => {
    signIn();
    const { calls } = mockFetch((req) =>
      path(req) === '/api/outputReport/review-log'
        ? ok([
            { id: 'l1', step: 'submit', fromStatus: '0', toStatus: '1', opinion: '', operatorName: '周会计', createTime: '2026-07-03 09:00:00' },
            { id: 'l2', step: 'return', fromStatus: '1', toStatus: '3', opinion: '上年同期数据有误', operatorName: '王科长', createTime: '2026-07-05 16:20:00' },
          ])
        : ok([]),
    );
    renderWidget(<ReviewTimeline id="7" service={reports} />);
    const returned = (await screen.findByText('上年同期数据有误', { exact: false })).closest('.ant-timeline-item, li') as HTMLElement;
    expect(returned.textContent).toContain('退回');
    expect(returned.textContent).toContain('待审核 → 已退回 · 王科长');
    expect(returned.textContent).toContain('2026-07-05 16:20:00');
    expect(returned.textContent).toContain('意见：上年同期数据有误');
    expect(screen.getByText('周会计', { exact: false }).textContent).toContain('草稿 → 待审核');
    expect(calls.some((c) => c.url === '/api/outputReport/review-log?id=7')).toBe(true);
  });

  it('says when there is no history yet', async () => {
    signIn();
    mockFetch(() => ok([]));
    renderWidget(<ReviewTimeline id="7" service={reports} />);
    expect(await screen.findByText('暂无审核记录')).toBeTruthy();
  });
});
