//! One notice as its reader sees it, in a dialog: title, category, release time, author, the content
//! and the files. Opening it is reading it: the server records the receipt when it answers, so once it
//! has, the bell and the home page are told to refresh (readSignal). A notice the server does not give
//! (withdrawn meanwhile, not for this person) closes the dialog; the request layer has said why.
import { useIntl } from '@umijs/max';
import { Button, Descriptions, Divider, Modal, Skeleton } from 'antd';
import React, { useEffect, useState } from 'react';
import { RichTextView } from '@/components/RichText';
import { getNotice, type NoticeDetail } from '@/services/business/notice';
import NoticeAttachments from './NoticeAttachments';
import { noticeOpened } from './readSignal';

export interface NoticeDetailModalProps {
  /** the notice to show; none: the dialog is closed */
  id?: string;
  onClose: () => void;
}

const NoticeDetailModal: React.FC<NoticeDetailModalProps> = ({ id, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `component.notice.${key}` });
  const [notice, setNotice] = useState<NoticeDetail>();

  useEffect(() => {
    setNotice(undefined);
    if (!id) return undefined;
    let alive = true;
    getNotice(id)
      .then((res) => {
        if (!alive) return;
        if (res?.success && res.data) {
          setNotice(res.data);
          noticeOpened();
        } else onClose();
      })
      .catch(() => alive && onClose());
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return (
    <Modal
      open={!!id}
      title={notice?.title ?? t('title')}
      width={800}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{intl.formatMessage({ id: 'crud.close' })}</Button>}
      destroyOnHidden
    >
      {notice ? (
        <div data-testid="notice-detail">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'category', label: t('category'), children: notice.categoryName },
              { key: 'releaseTime', label: t('releaseTime'), children: notice.releaseTime ?? t('unreleased') },
              { key: 'author', label: t('author'), children: notice.createUserName },
            ]}
          />
          <Divider style={{ margin: '12px 0' }} />
          <RichTextView html={notice.content} data-testid="notice-content" />
          {notice.attachments?.length ? (
            <>
              <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
                {t('attachments')}
              </Divider>
              <NoticeAttachments files={notice.attachments} />
            </>
          ) : null}
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
};

export default NoticeDetailModal;
