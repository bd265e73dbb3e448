//! /investment/inLibraryProject/statistics (统计, domain-model §2.2.5d): analytic aggregates of the
//! in-library projects for leaders and the economic bureau — by department (the tree with subtotals) or
//! by project type, industry, leading industry, level, status and investment band; the monthly trend
//! against last year; the status funnel. The server sums (approved reports only) and rates; the page draws
//! each view as a chart beside its table and exports exactly that view (导出, by grant). Departments group
//! by the department on each report unless 按现属地 is chosen.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Radio, Space, Tabs, Typography } from 'antd';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { hasButton } from '@/components/Crud';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import {
  type DeptBasis,
  DIMENSIONS,
  type Dimension,
  type DimensionStats,
  exportStatistics,
  type FunnelStats,
  getStatistics,
  type Statistics,
  type StatsQuery,
  type TrendStats,
} from '@/services/business/investmentStats';
import { useDownload } from '@/utils/useDownload';
import { treeOf } from './columns';
import { DimensionPanel, FunnelPanel, TrendPanel, useMonthsLabel } from './components/panels';

const MENU = 'in_library_statistics';
type Tab = Dimension | 'trend' | 'funnel';

const InLibraryStatistics: React.FC = () => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pages.investment.statistics.${id}` }, values);
  const [period, setPeriod] = usePeriodParam();
  const [tab, setTab] = useState<Tab>('dept');
  const [deptBasis, setDeptBasis] = useState<DeptBasis>('snapshot');
  const [stats, setStats] = useState<Statistics>();
  const [loading, setLoading] = useState(false);
  const download = useDownload(t('exportFailed'));

  const query: StatsQuery = useMemo(() => {
    const p = formatPeriod(period);
    if (tab === 'trend' || tab === 'funnel') return { period: p, view: tab };
    return { period: p, view: 'dimension', by: tab, ...(tab === 'dept' ? { deptBasis } : {}) };
  }, [period, tab, deptBasis]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await getStatistics(query);
      setStats(res.data);
    } catch {
      // the request layer has said why
      setStats(undefined);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  // an answer of the view asked (not one still on screen from the tab before)
  const shown = stats && stats.view === query.view && (stats.view !== 'dimension' || stats.by === query.by) ? stats : undefined;
  const dimension = shown?.view === 'dimension' ? (shown as DimensionStats) : undefined;
  const groups = useMemo(() => treeOf(dimension?.rows ?? []), [dimension]);

  // The title in the reader's language (the server's is the sheet's, in Chinese).
  const months = useMonthsLabel(query.period);
  const year = query.period.slice(0, 4);
  const title =
    tab === 'trend' || tab === 'funnel'
      ? t(`cardTitle.${tab}`, { year, months })
      : t('cardTitle.dimension', { year, months, group: t(`group.${tab}`) });

  const extra = (
    <Space wrap>
      {tab === 'dept' ? (
        <Radio.Group
          optionType="button"
          value={deptBasis}
          onChange={(e) => setDeptBasis(e.target.value as DeptBasis)}
          options={(['snapshot', 'current'] as const).map((k) => ({ value: k, label: t(`deptBasis.${k}`) }))}
        />
      ) : null}
      {hasButton(MENU, 'export') ? (
        <Button
          icon={<DownloadOutlined />}
          loading={download.busy}
          disabled={!shown}
          onClick={() => void download.run(() => exportStatistics(query, t('exportName')), t('exported'))}
        >
          {t('export')}
        </Button>
      ) : null}
    </Space>
  );

  const body = (
    <Card size="small" extra={extra} title={<span data-testid="stats-title">{shown ? title : ''}</span>} loading={loading && !shown}>
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Typography.Text type="secondary">{t('unit')}</Typography.Text>
      </div>
      {dimension ? <DimensionPanel stats={dimension} tree={groups.tree} total={groups.total} query={query} loading={loading} /> : null}
      {shown?.view === 'trend' ? <TrendPanel stats={shown as TrendStats} loading={loading} /> : null}
      {shown?.view === 'funnel' ? <FunnelPanel stats={shown as FunnelStats} loading={loading} /> : null}
    </Card>
  );

  const tabs: Tab[] = [...DIMENSIONS, 'trend', 'funnel'];
  return (
    <PageContainer extra={<PeriodPicker value={period} onChange={setPeriod} />}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} items={tabs.map((k) => ({ key: k, label: t(`tab.${k}`) }))} />
      {body}
    </PageContainer>
  );
};

export default InLibraryStatistics;
