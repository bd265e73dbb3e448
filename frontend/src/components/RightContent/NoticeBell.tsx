//! The header's notice bell: how many published notices the person has not read yet, fetched when the
//! layout mounts and every minute after, and again whenever a notice is opened anywhere (readSignal);
//! a click lists the newest unread ones, and one clicked opens in the shared detail dialog. The count is
//! a background fetch: a failure stays quiet (the last count stays) instead of a toast every minute.
import { BellOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Badge, Empty, Flex, Popover, theme, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import NoticeLink from '@/components/NoticeDetail/NoticeLink';
import { onNoticeOpened } from '@/components/NoticeDetail/readSignal';
import { getUnreadNotices, type MyNotice, type UnreadNotices } from '@/services/business/notice';
import { ErrorShowType } from '@/utils/request';

// The dialog (rich text, attachments) is loaded when a notice is first opened: the bell is on every
// page, the dialog's code is not part of every page's first load (ARCHITECTURE §8, initial JS).
const NoticeDetailModal = React.lazy(() => import('@/components/NoticeDetail/NoticeDetailModal'));

/** How often the count is fetched again. */
export const UNREAD_POLL_MS = 60_000;

const NoticeBell: React.FC = () => {
  const intl = useIntl();
  const { token } = theme.useToken();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.notice.bell.${key}` }, values as any);
  const [unread, setUnread] = useState<UnreadNotices>({ count: 0, list: [] });
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<string>();
  // Mounted from the first opening on, so that the dialog can close with its animation.
  const [opened, setOpened] = useState(false);
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const res = await getUnreadNotices({ showType: ErrorShowType.SILENT, showMsg: false });
      if (alive.current && res?.success && res.data) setUnread({ count: Number(res.data.count) || 0, list: res.data.list ?? [] });
    } catch {
      // quiet by design: see the module comment
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void refresh();
    const timer = setInterval(() => {
      // a tab in the background need not ask; it asks again when the minute comes round in view
      if (document.visibilityState !== 'hidden') void refresh();
    }, UNREAD_POLL_MS);
    const stop = onNoticeOpened(() => void refresh());
    return () => {
      alive.current = false;
      clearInterval(timer);
      stop();
    };
  }, [refresh]);

  const openNotice = (n: MyNotice) => {
    setOpen(false);
    setOpened(true);
    setReading(n.id);
  };

  const content = (
    <div style={{ width: 320, maxWidth: '80vw' }} data-testid="notice-bell-list">
      {unread.list.length ? (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {unread.list.map((n) => (
              <li key={n.id} style={{ padding: '6px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <NoticeLink title={n.title} onOpen={() => openNotice(n)} data-testid="notice-bell-item" />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.releaseTime}
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
          {unread.count > unread.list.length ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
              {t('more', { count: unread.count, shown: unread.list.length })}
            </Typography.Text>
          ) : null}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      )}
    </div>
  );

  const label = unread.count ? t('labelUnread', { count: unread.count }) : t('label');
  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // what is unread may have changed since the last minute
          if (next) void refresh();
        }}
        trigger="click"
        placement="bottomRight"
        title={t('title')}
        content={content}
      >
        <span
          role="button"
          tabIndex={0}
          aria-label={label}
          aria-expanded={open}
          title={label}
          data-testid="notice-bell"
          style={{ display: 'inline-flex', alignItems: 'center', padding: 4, cursor: 'pointer' }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setOpen((o) => !o);
            }
          }}
        >
          {/* the header's colour, as the language switch beside it: antd's badge sets the text colour */}
          <Badge count={unread.count} size="small" overflowCount={99} styles={{ root: { color: 'inherit' } }}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      {opened && (
        <React.Suspense fallback={null}>
          <NoticeDetailModal id={reading} onClose={() => setReading(undefined)} />
        </React.Suspense>
      )}
    </>
  );
};

export default NoticeBell;
