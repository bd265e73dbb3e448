//! A filing's review history (`biz_review_log`), oldest first: who took which step when, the status
//! it moved from and to, and the opinion — what a filler reads to learn why a report came back.
import { useIntl } from '@umijs/max';
import { Empty, Spin, Timeline, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import type { ReviewLogEntry, ReviewService } from '@/services/review';
import { useReviewStatusLabel } from './ReviewStatusTag';
import { useStepLabel } from './useReview';

const COLORS: Record<string, string> = { approve: 'green', return: 'red', unapprove: 'red', withdraw: 'gray' };

export interface ReviewTimelineProps {
  /** the filing */
  id: string;
  service: Pick<ReviewService, 'log'>;
  /** change it to load again (after a step was taken) */
  version?: unknown;
}

const ReviewTimeline: React.FC<ReviewTimelineProps> = ({ id, service, version }) => {
  const intl = useIntl();
  const stepLabel = useStepLabel();
  const statusLabel = useReviewStatusLabel();
  const [entries, setEntries] = useState<ReviewLogEntry[]>();

  useEffect(() => {
    let alive = true;
    setEntries(undefined);
    service
      .log(id)
      .then((res) => (res?.success && Array.isArray(res.data) ? res.data : []))
      // the request layer has said why it failed
      .catch(() => [] as ReviewLogEntry[])
      .then((list) => {
        if (alive) setEntries(list);
      });
    return () => {
      alive = false;
    };
    // the service is identified by the screen, the history by the id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, version]);

  if (!entries) return <Spin />;
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'component.review.log.empty' })} />;
  return (
    <Timeline
      items={entries.map((e) => ({
        key: e.id,
        color: COLORS[e.step] ?? 'blue',
        title: e.createTime,
        content: (
          <>
            <Typography.Text strong>{stepLabel(e.step)}</Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              {statusLabel(e.fromStatus)} → {statusLabel(e.toStatus)} · {e.operatorName}
            </Typography.Text>
            {e.opinion ? <Typography.Paragraph style={{ marginBottom: 0 }}>{intl.formatMessage({ id: 'component.review.log.opinion' }, { opinion: e.opinion })}</Typography.Paragraph> : null}
          </>
        ),
      }))}
    />
  );
};

export default ReviewTimeline;
