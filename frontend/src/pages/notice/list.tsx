//! /notice/list (通知公告): the zone's notices, newest first, filtered by title, category and status,
//! with the buttons of the `notice` menu. What a button may do depends on the notice's status: a draft
//! or a withdrawn notice may be edited, published or removed, a published one withdrawn; a row shows
//! only what applies to it, and a toolbar button takes the selected rows it applies to (the others are
//! named as skipped). 阅读情况 lists who has read a notice.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useMemo, useState } from 'react';
import { type CrudAction, type CrudColumn, CrudTable, buttonLabel, dictColumn, useCrudConfirm, useDict } from '@/components/Crud';
import {
  isChangeable,
  isPublished,
  listNotices,
  NOTICE_CATEGORY,
  NOTICE_STATUS,
  type NoticeQuery,
  type NoticeRow,
  publishNotices,
  removeNotices,
  withdrawNotices,
} from '@/services/business/notice';
import { showWarning } from '@/utils/requestMessages';
import ReceiptModal from './components/ReceiptModal';

export const NOTICE_MENU = 'notice';

type Move = 'publish' | 'withdraw' | 'delete';

/** Which notices each move applies to, and its call. */
const MOVES: Record<Move, { applies: (n: NoticeRow) => boolean; call: (ids: string[]) => Promise<API.Result<unknown>>; danger?: boolean }> = {
  publish: { applies: isChangeable, call: (ids) => publishNotices(ids) },
  withdraw: { applies: isPublished, call: (ids) => withdrawNotices(ids) },
  delete: { applies: isChangeable, call: (ids) => removeNotices(ids), danger: true },
};

/** The badge of each status in the list. */
const STATUS_BADGE = { [NOTICE_STATUS.draft]: 'Default', [NOTICE_STATUS.published]: 'Success', [NOTICE_STATUS.withdrawn]: 'Warning' } as const;

const NoticeList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.notice.${key}` }, values as any);
  const field = (f: string) => t(`field.${f}`);
  const categories = useDict(NOTICE_CATEGORY);
  const [confirm, confirmHolder] = useCrudConfirm();
  const [receiptOf, setReceiptOf] = useState<NoticeRow>();

  const columns: CrudColumn<NoticeRow>[] = useMemo(
    () => [
      { title: field('title'), dataIndex: 'title', sorter: true, ellipsis: true, width: 240 },
      {
        title: field('category'),
        dataIndex: 'category',
        width: 110,
        ...dictColumn(categories.options),
        // the server's label: a category taken out of the dictionary since still reads
        render: (_, row) => row.categoryName || row.category,
      },
      {
        title: field('noticeStatus'),
        dataIndex: 'noticeStatus',
        width: 100,
        valueType: 'select',
        valueEnum: Object.fromEntries(
          Object.values(NOTICE_STATUS).map((s) => [String(s), { text: t(`status.${s}`), status: STATUS_BADGE[s] }]),
        ),
      },
      { title: field('audience'), dataIndex: 'audienceName', search: false, ellipsis: true, width: 160 },
      {
        title: field('releaseTime'),
        dataIndex: 'releaseTime',
        search: false,
        sorter: true,
        width: 170,
        render: (_, row) => row.releaseTime || '-',
      },
      { title: field('readCount'), dataIndex: 'readCount', search: false, width: 90, align: 'right' },
      { title: field('createUserName'), dataIndex: 'createUserName', search: false, width: 110 },
      { title: field('createTime'), dataIndex: 'createTime', search: false, sorter: true, width: 170, optional: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, categories.options],
  );

  /** A status move on one row or on the selected rows it applies to; a warning when it applies to none. */
  const move = (m: Move): CrudAction<NoticeRow> => ({
    needs: 'some',
    danger: MOVES[m].danger,
    hidden: (row) => !MOVES[m].applies(row),
    run: ({ button, rows, reload }) => {
      const action = buttonLabel(intl, button);
      const ids = rows.filter(MOVES[m].applies).map((r) => r.id);
      if (!ids.length) {
        showWarning(t('move.noneApplies', { action }));
        return;
      }
      const skipped = rows.length - ids.length;
      confirm({
        title: m === 'delete' ? intl.formatMessage({ id: 'crud.delete.title' }) : t(`${m}.title`),
        content: (
          <>
            {m === 'delete' ? intl.formatMessage({ id: 'crud.delete.content' }, { count: ids.length }) : t(`${m}.content`, { count: ids.length })}
            {skipped ? <div>{t('move.skipped', { count: skipped, action })}</div> : null}
          </>
        ),
        danger: MOVES[m].danger,
        call: () => MOVES[m].call(ids),
        onDone: reload,
      });
    },
  });

  const actions: Record<string, CrudAction<NoticeRow>> = {
    // a published notice is withdrawn before it is changed
    edit: { hidden: (row) => !isChangeable(row) },
    publish: move('publish'),
    withdraw: move('withdraw'),
    delete: move('delete'),
    receipt: { needs: 'one', hidden: (row) => row.noticeStatus === NOTICE_STATUS.draft, run: ({ rows }) => setReceiptOf(rows[0]) },
  };

  return (
    <PageContainer>
      {confirmHolder}
      <CrudTable<NoticeRow>
        menuCode={NOTICE_MENU}
        columns={columns}
        list={(query) => listNotices(query as NoticeQuery)}
        actions={actions}
        rowButtonLimit={4}
      />
      {receiptOf ? <ReceiptModal notice={receiptOf} onClose={() => setReceiptOf(undefined)} /> : null}
    </PageContainer>
  );
};

export default NoticeList;
