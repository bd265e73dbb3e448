//! 应报 / 已报 / 未报 of the month above the list (domain-model §2.3.1): the zone's (or the caller's
//! scope's) totals with the deadline and whether the month is locked, and one line per department, so a
//! park clerk sees at a glance who still has to report. Clicking 未报 shows those enterprises.
import { useIntl } from '@umijs/max';
import { Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import React from 'react';
import type { Completeness as Counts, CompletenessView } from '@/services/business/outputReport';

export interface CompletenessProps {
  data?: CompletenessView;
  loading?: boolean;
  /** shows the enterprises that have not reported */
  onShowMissing?: () => void;
}

const Completeness: React.FC<CompletenessProps> = ({ data, loading, onShowMissing }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.output.report.completeness.${key}` }, values as any);
  const total = data?.total;
  const rate = total && total.expected ? Math.round((total.reported * 1000) / total.expected) / 10 : undefined;
  const columns = [
    {
      title: t('dept'),
      dataIndex: 'deptName',
      render: (v: string) => v || '—',
    },
    {
      title: t('expected'),
      dataIndex: 'expected',
      align: 'right' as const,
      width: 90,
    },
    {
      title: t('reported'),
      dataIndex: 'reported',
      align: 'right' as const,
      width: 90,
    },
    {
      title: t('missing'),
      dataIndex: 'missing',
      align: 'right' as const,
      width: 90,
      render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    },
    {
      title: t('approved'),
      dataIndex: 'approved',
      align: 'right' as const,
      width: 90,
    },
    { title: t('late'), dataIndex: 'late', align: 'right' as const, width: 90 },
  ];
  return (
    <Card
      size="small"
      loading={loading && !data}
      style={{ marginBottom: 16 }}
      data-testid="output-completeness"
      title={
        <Space wrap>
          <span>{t('title')}</span>
          {data ? <Typography.Text type="secondary">{t('deadline', { date: data.deadline })}</Typography.Text> : null}
          {data?.locked ? <Tag color="default">{t('locked')}</Tag> : null}
          {data && !data.reportingMonth ? <Tag color="blue">{t('merged')}</Tag> : null}
        </Space>
      }
    >
      <Row gutter={[16, 8]}>
        <Col xs={12} md={4}>
          <Statistic title={t('expected')} value={total?.expected ?? '—'} data-testid="output-expected" />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('reported')} value={total?.reported ?? '—'} data-testid="output-reported" />
        </Col>
        <Col xs={12} md={4}>
          <div
            onClick={onShowMissing}
            style={{
              cursor: onShowMissing && total?.missing ? 'pointer' : undefined,
            }}
            title={t('showMissing')}
          >
            <Statistic
              title={t('missing')}
              value={total?.missing ?? '—'}
              styles={{
                content: total?.missing ? { color: '#cf1322' } : undefined,
              }}
              data-testid="output-missing-count"
            />
          </div>
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('approved')} value={total?.approved ?? '—'} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('rate')} value={rate ?? '—'} suffix={rate === undefined ? undefined : '%'} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('late')} value={total?.late ?? '—'} />
        </Col>
        {data && data.depts.length > 1 ? (
          <Col span={24}>
            <Table<Counts>
              size="small"
              rowKey={(r) => r.deptId ?? 'none'}
              columns={columns}
              dataSource={data.depts}
              pagination={false}
              data-testid="output-completeness-depts"
            />
          </Col>
        ) : null}
      </Row>
    </Card>
  );
};

export default Completeness;
