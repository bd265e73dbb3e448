//! Above the targets: the department's own target (issued by the committee through 目标任务), Σ of its
//! enterprises' targets, the difference (待落实, red with a warning when the enterprises hold more than
//! the department was given) and how many reporting enterprises have no target yet. The difference
//! stays with the department as 待落实 / 新增量: it is said, never blocking.
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import React from 'react';
import { formatMoney, trendOf } from '@/components/Figures';
import type { OutputBreakdown } from '@/services/business/outputTarget';
import { useT } from '../columns';

export interface BreakdownSummaryProps {
  data?: OutputBreakdown;
  loading?: boolean;
  /** a department is chosen (its target is shown only then) */
  hasDept: boolean;
  /** shows the enterprises without a target */
  onShowPending?: () => void;
}

const BreakdownSummary: React.FC<BreakdownSummaryProps> = ({ data, loading, hasDept, onShowPending }) => {
  const t = useT();
  const over = trendOf(data?.unassigned) === 'behind';
  const pending = data?.pending.length ?? 0;
  let deptTarget: React.ReactNode;
  if (!data) deptTarget = '';
  else if (data.deptTarget !== null) deptTarget = formatMoney(data.deptTarget);
  else deptTarget = <Typography.Text type="secondary">{t(hasDept ? 'summary.notIssued' : 'summary.noDept')}</Typography.Text>;

  return (
    <Card size="small" loading={loading && !data} style={{ marginBottom: 16 }} data-testid="breakdown-summary">
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.deptTarget')} value={0} formatter={() => deptTarget} data-testid="breakdown-dept-target" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('summary.assigned')} value={0} formatter={() => (data ? formatMoney(data.totals.annualTarget) : '')} data-testid="breakdown-assigned" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('summary.unassigned')}
            value={0}
            formatter={() => (data ? <Typography.Text type={over ? 'danger' : undefined} style={{ fontSize: 'inherit' }}>{formatMoney(data.unassigned)}</Typography.Text> : '')}
            data-testid="breakdown-unassigned"
          />
        </Col>
        <Col xs={12} md={6}>
          <div onClick={pending ? onShowPending : undefined} style={{ cursor: pending && onShowPending ? 'pointer' : undefined }}>
            <Statistic
              title={t('summary.pending')}
              value={0}
              formatter={() => (data ? <Typography.Text type={pending ? 'warning' : undefined} style={{ fontSize: 'inherit' }}>{pending}</Typography.Text> : '')}
              suffix={data ? t('summary.pendingUnit') : undefined}
              data-testid="breakdown-pending-count"
            />
          </div>
        </Col>
      </Row>
      {over ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={t('summary.over')} data-testid="breakdown-over" /> : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('summary.note')}
      </Typography.Paragraph>
    </Card>
  );
};

export default BreakdownSummary;
