//! 查看 an enterprise's output target: its figures, status and who issued and confirmed it, the twelve
//! months it is split into, and the versions a revision kept — each with the annual figure it had, why
//! it was changed, by whom and when.
import { Button, Descriptions, Drawer, Result, Skeleton, Table, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import { MonthGrid } from '@/components/MonthGrid';
import { SPLIT_QUARTERLY, type TargetVersion } from '@/services/business/deptTarget';
import { getOutputTarget, monthsOf, type OutputTargetDetail } from '@/services/business/outputTarget';
import { TargetStatusTag, useT } from '../columns';

/** The annual figure of a kept version (its content is the target as it was, as JSON). */
export function versionAnnual(v: TargetVersion): string | null {
  try {
    const content = JSON.parse(v.content);
    return content?.annualTarget === undefined || content?.annualTarget === null ? null : String(content.annualTarget);
  } catch {
    return null;
  }
}

const who = (name?: string, time?: string | null) => (time ? `${name ?? ''} ${time}`.trim() : NONE);

const TargetView: React.FC<{ id: string; januaryMerged: boolean; onClose: () => void }> = ({ id, januaryMerged, onClose }) => {
  const t = useT();
  const [state, setState] = useState<{ loading: boolean; record?: OutputTargetDetail }>({ loading: true });

  useEffect(() => {
    let alive = true;
    getOutputTarget(id)
      .then((res) => alive && setState({ loading: false, record: res?.success ? res.data : undefined }))
      .catch(() => alive && setState({ loading: false }));
    return () => {
      alive = false;
    };
  }, [id]);

  const r = state.record;
  const money = (key: string) => `${t(key)}(${t('unit.wan')})`;

  let body: React.ReactNode;
  if (state.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r) body = <Result status="404" title={t('notFound')} />;
  else {
    body = (
      <>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }} data-testid="output-target-view">
          <Descriptions.Item label={t('field.targetYear')}>{r.targetYear}</Descriptions.Item>
          <Descriptions.Item label={t('field.enterpriseId')}>{r.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label={t('field.deptName')}>{r.deptName || NONE}</Descriptions.Item>
          <Descriptions.Item label={money('field.annualTarget')}>{formatMoney(r.annualTarget)}</Descriptions.Item>
          <Descriptions.Item label={money('field.lastYearOutput')}>{formatMoney(r.lastYearOutput)}</Descriptions.Item>
          <Descriptions.Item label={t('field.targetGrowth')}>{formatRate(r.targetGrowth)}</Descriptions.Item>
          <Descriptions.Item label={money('field.surveyedOutput')}>{formatMoney(r.surveyedOutput)}</Descriptions.Item>
          <Descriptions.Item label={t('field.splitMode')}>
            {t(`split.${r.splitMode}`)}
            {r.splitMode === SPLIT_QUARTERLY ? ` (${t('shares', { q1: formatRate(r.q1Share), h1: formatRate(r.h1Share), q3: formatRate(r.q3Share) })})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('column.status')}>
            <TargetStatusTag value={r.targetStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.version')}>{r.version}</Descriptions.Item>
          <Descriptions.Item label={t('field.issued')}>{who(r.issuedName, r.issuedTime)}</Descriptions.Item>
          <Descriptions.Item label={t('field.confirmed')}>{who(r.confirmedName, r.confirmedTime)}</Descriptions.Item>
          {r.revisionReason ? <Descriptions.Item label={t('field.revisionReason')}>{r.revisionReason}</Descriptions.Item> : null}
          <Descriptions.Item label={t('field.remark')}>{r.remark || NONE}</Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('field.months')}
        </Typography.Title>
        <MonthGrid value={monthsOf(r).map((m) => m ?? '')} annual={r.annualTarget} mergeJanuary={januaryMerged} readOnly />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('versions.title')}
        </Typography.Title>
        <Table<TargetVersion>
          size="small"
          rowKey="id"
          pagination={false}
          data-testid="output-target-versions"
          dataSource={r.versions ?? []}
          locale={{ emptyText: t('versions.none') }}
          columns={[
            { title: t('field.version'), dataIndex: 'version', width: 70, align: 'center' },
            { title: money('field.annualTarget'), key: 'annual', width: 160, align: 'right', render: (_, v) => formatMoney(versionAnnual(v)) },
            { title: t('versions.reason'), dataIndex: 'reason', render: (v: string) => v || NONE },
            { title: t('versions.by'), dataIndex: 'createUserName', width: 120 },
            { title: t('versions.time'), dataIndex: 'createTime', width: 170 },
          ]}
        />
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

export default TargetView;
