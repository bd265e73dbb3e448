//! 最新通知 on the home page: the person's five newest published notices, the unread ones marked; one
//! clicked opens in the shared detail dialog, and the list refreshes once a notice has been opened
//! (here or from the header's bell) so that its marker goes. The list is part of a page many open first
//! thing: a failure is said in the card, not in a toast over the page.
import { useIntl } from '@umijs/max';
import { Badge, Card, Empty, Flex, Tag, theme, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { NoticeDetailModal, NoticeLink, onNoticeOpened } from '@/components/NoticeDetail';
import { listMyNotices, type MyNotice } from '@/services/business/notice';
import { ErrorShowType } from '@/utils/request';

/** How many notices the card lists. */
export const LATEST_COUNT = 5;

const LatestNotices: React.FC = () => {
  const intl = useIntl();
  const { token } = theme.useToken();
  const t = (key: string) => intl.formatMessage({ id: `pages.home.notices.${key}` });
  const [state, setState] = useState<{ loading: boolean; failed?: boolean; list: MyNotice[] }>({ loading: true, list: [] });
  const [reading, setReading] = useState<string>();
  const alive = useRef(true);

  const load = useCallback(async () => {
    try {
      const res = await listMyNotices({ current: 1, size: LATEST_COUNT }, { showType: ErrorShowType.SILENT, showMsg: false });
      if (alive.current) setState({ loading: false, list: res?.success ? (res.data?.records ?? []) : [], failed: !res?.success });
    } catch {
      if (alive.current) setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    const stop = onNoticeOpened(() => void load());
    return () => {
      alive.current = false;
      stop();
    };
  }, [load]);

  let body: React.ReactNode;
  if (state.failed && !state.list.length) body = <Typography.Text type="secondary">{t('failed')}</Typography.Text>;
  else if (!state.loading && !state.list.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  else {
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {state.list.map((n) => (
          <li key={n.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }} data-testid="home-notice" data-read={n.read}>
            <Flex justify="space-between" align="center" gap={12}>
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                {/* the dot says "unread" to the eye; the tag says it in words */}
                <Badge status={n.read ? 'default' : 'error'} />
                {n.categoryName ? <Tag style={{ marginInlineEnd: 0 }}>{n.categoryName}</Tag> : null}
                <NoticeLink title={n.title} strong={!n.read} onOpen={() => setReading(n.id)} />
                {n.read ? null : (
                  <Tag color="red" style={{ marginInlineEnd: 0 }}>
                    {t('unread')}
                  </Tag>
                )}
              </Flex>
              <Typography.Text type="secondary" style={{ flex: 'none', fontSize: 12 }}>
                {n.releaseTime}
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card title={t('title')} loading={state.loading} style={{ marginBottom: 16 }} data-testid="home-notices">
      {body}
      <NoticeDetailModal id={reading} onClose={() => setReading(undefined)} />
    </Card>
  );
};

export default LatestNotices;
