//! 阅读情况: who has read a notice and when, the latest first, a page at a time from the server.
import { useIntl } from '@umijs/max';
import { Button, Modal, Table, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { listReceipts, type NoticeReceipt, type NoticeRow } from '@/services/business/notice';

const PAGE_SIZE = 10;

const ReceiptModal: React.FC<{ notice: NoticeRow; onClose: () => void }> = ({ notice, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.notice.receipt.${key}` }, values as any);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZE });
  const [state, setState] = useState<{ loading: boolean; rows: NoticeReceipt[]; total: number }>({ loading: true, rows: [], total: 0 });

  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    listReceipts({ id: notice.id, ...paging })
      .then((res) => {
        if (alive) setState({ loading: false, rows: res?.data?.records ?? [], total: Number(res?.data?.total) || 0 });
      })
      .catch(() => alive && setState((s) => ({ ...s, loading: false })));
    return () => {
      alive = false;
    };
  }, [notice.id, paging]);

  return (
    <Modal
      open
      title={t('title', { title: notice.title })}
      width={640}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{intl.formatMessage({ id: 'crud.close' })}</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" data-testid="notice-receipt-summary">
        {t('summary', { count: state.total, audience: notice.audienceName })}
      </Typography.Paragraph>
      <Table<NoticeReceipt>
        size="small"
        rowKey="userId"
        loading={state.loading}
        dataSource={state.rows}
        columns={[
          { key: 'userName', title: t('userName'), dataIndex: 'userName' },
          { key: 'readTime', title: t('readTime'), dataIndex: 'readTime', width: 200 },
        ]}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: state.total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        data-testid="notice-receipts"
      />
    </Modal>
  );
};

export default ReceiptModal;
