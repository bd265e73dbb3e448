//! 查看 a target of either target screen: the screen's own rows (what the target is for and its
//! figures), then what both kinds have — the split, the status, the version, who issued and confirmed
//! it, the remark — the twelve months it is split into and the versions a revision kept.
import { Button, Descriptions, Drawer, Result, Skeleton, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { formatRate, NONE } from '@/components/Figures';
import { MonthGrid } from '@/components/MonthGrid';
import { SPLIT_QUARTERLY, type TargetRecord, type TargetVersion } from '@/services/business/deptTarget';
import type { TargetT } from './messages';
import TargetVersions from './TargetVersions';
import { gridMonths, type StoredTarget } from './targetForm';

/** A stored target as far as the view reads it, whichever kind (an output target's times may be null). */
export type ViewedTarget = StoredTarget &
  Pick<TargetRecord, 'targetStatus' | 'version' | 'issuedName' | 'confirmedName' | 'revisionReason'> & {
    issuedTime?: string | null;
    confirmedTime?: string | null;
    /** latest first */
    versions?: TargetVersion[];
  };

/** Fetches the target shown; a target gone (or a failed call, which the request layer has said) is
 * none. A reply after the drawer closed is dropped. */
export function useTargetDetail<R>(load: (id: string) => Promise<API.Result<R> | undefined>, id: string) {
  const [state, setState] = useState<{ loading: boolean; record?: R }>({ loading: true });
  useEffect(() => {
    let alive = true;
    load(id)
      .then((res) => alive && setState({ loading: false, record: res?.success ? res.data : undefined }))
      .catch(() => alive && setState({ loading: false }));
    return () => {
      alive = false;
    };
    // the screen's load is the same service call each render: the target is the id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return state;
}

/** `王主任 2026-05-06 10:00:00`: who took a step and when, "—" before it was taken. */
const who = (name?: string, time?: string | null) => (time ? `${name ?? ''} ${time}`.trim() : NONE);

export interface TargetViewDrawerProps {
  t: TargetT;
  /** what `useTargetDetail` answered */
  loading: boolean;
  record?: ViewedTarget;
  /** the screen's own rows ahead of the shared ones (given once there is a record) */
  children?: React.ReactNode;
  /** the screen's tag of a lifecycle status */
  statusTag: React.FC<{ value: string }>;
  /** the label of the version (row and column) */
  versionLabel: string;
  /** the label of the annual figure, with its unit */
  annualLabel: string;
  /** writes a kept version's annual figure as the screen writes the target's */
  figure: (value: string | null) => React.ReactNode;
  /** the label of the row saying why the target is being revised, where the screen shows it there */
  revisionReasonLabel?: string;
  /** January is merged into February */
  mergeJanuary?: boolean;
  /** `<testId>-view` on the rows, `<testId>-versions` on the versions */
  testId: string;
  onClose: () => void;
}

const TargetViewDrawer: React.FC<TargetViewDrawerProps> = (props) => {
  const { t, loading, record: r, children, statusTag: StatusTag, versionLabel, annualLabel, figure, revisionReasonLabel, mergeJanuary, testId, onClose } = props;

  let body: React.ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r) body = <Result status="404" title={t('notFound')} />;
  else {
    body = (
      <>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }} data-testid={`${testId}-view`}>
          {children}
          <Descriptions.Item label={t('field.splitMode')}>
            {t(`split.${r.splitMode}`)}
            {r.splitMode === SPLIT_QUARTERLY ? ` (${t('shares', { q1: formatRate(r.q1Share), h1: formatRate(r.h1Share), q3: formatRate(r.q3Share) })})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.status')}>
            <StatusTag value={r.targetStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={versionLabel}>{r.version}</Descriptions.Item>
          <Descriptions.Item label={t('field.issued')}>{who(r.issuedName, r.issuedTime)}</Descriptions.Item>
          <Descriptions.Item label={t('field.confirmed')}>{who(r.confirmedName, r.confirmedTime)}</Descriptions.Item>
          {revisionReasonLabel && r.revisionReason ? <Descriptions.Item label={revisionReasonLabel}>{r.revisionReason}</Descriptions.Item> : null}
          <Descriptions.Item label={t('field.remark')}>{r.remark || NONE}</Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('field.months')}
        </Typography.Title>
        <MonthGrid value={gridMonths(r)} annual={r.annualTarget} mergeJanuary={mergeJanuary} readOnly />
        <TargetVersions t={t} versions={r.versions ?? []} versionLabel={versionLabel} annualLabel={annualLabel} figure={figure} testId={`${testId}-versions`} />
      </>
    );
  }

  return (
    <Drawer
      open
      title={t('drawer.view')}
      size={960}
      destroyOnHidden
      onClose={onClose}
      footer={
        <div style={{ textAlign: 'right' }}>
          <Button onClick={onClose}>{t('back')}</Button>
        </div>
      }
    >
      {body}
    </Drawer>
  );
};

export default TargetViewDrawer;
