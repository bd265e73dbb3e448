//! /outputValue/statistics (产值统计, issue 17): the approved enterprise output reports of 1–N月 summed for
//! leaders and the economic bureau — by department (the tree with subtotals, against each park's annual
//! target and the time progress), by industry or by leading industry; the enterprises ranked by output,
//! growth or contribution; the twelve months against last year; and the enterprises whose year to date
//! fell, with the reason they gave. The server sums and rates (services/business/src/output/stats);
//! the page draws each view as a chart above its table and exports exactly that view (导出, by grant,
//! menu `output_statistics`). Departments place the reports as filed unless 按现属地 is chosen.
import { PageContainer } from '@ant-design/pro-components';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Radio, Select, Skeleton, Space, Tabs, TreeSelect, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { DeptTreeSelect, hasButton, TREE_SELECT_DEFAULTS } from '@/components/Crud';
import { formatRate } from '@/components/Figures';
import { formatPeriod, PeriodPicker, usePeriodParam } from '@/components/Period';
import {
  type DeptBasis,
  exportOutputStatistics,
  getOutputStatistics,
  type OutputGroupStats,
  type OutputRankStats,
  type OutputStatistics,
  outputStatsQuery,
  type OutputTrendStats,
  type OutputView,
  OUTPUT_VIEWS,
  RANK_SORTS,
  type RankSort,
  takesDeptBasis,
} from '@/services/business/outputStats';
import { useDownload } from '@/utils/useDownload';
import { useQueryParams } from '@/utils/useQueryParams';
import { useIndustryTree } from '@/pages/system/enterprise/components/dicts';
import { useMonthsLabel, useT } from './columns';
import { GroupPanel, RankPanel, TrendPanel } from './components/panels';

export const OUTPUT_STATS_MENU = 'output_statistics';

/** The lengths of the ranking offered; `all` asks every enterprise (no `top`). */
const TOPS = [10, 20, 50, 'all'] as const;
type Top = (typeof TOPS)[number];

const OutputStatisticsPage: React.FC = () => {
  const t = useT();
  const [period, setPeriod] = usePeriodParam();
  const [view, setView] = useState<OutputView>('dept');
  const [deptBasis, setDeptBasis] = useState<DeptBasis>('snapshot');
  const [deptId, setDeptId] = useState<string>();
  const [industryCode, setIndustryCode] = useState<string>();
  // a link may open the screen on 规上 only (the home page's 规上工业总产值)
  const [params] = useQueryParams();
  const [aboveScale, setAboveScale] = useState<'Y' | 'N' | undefined>(() => {
    const asked = params.get('aboveScale');
    return asked === 'Y' || asked === 'N' ? asked : undefined;
  });
  const [sort, setSort] = useState<RankSort>('output');
  const [top, setTop] = useState<Top>(20);
  const [stats, setStats] = useState<OutputStatistics>();
  const [loading, setLoading] = useState(false);
  const industries = useIndustryTree();
  const download = useDownload(t('exportFailed'));

  // the one query of the view shown: the rows and the export are asked with it alike
  const query = useMemo(
    () =>
      outputStatsQuery({
        view,
        period: formatPeriod(period),
        deptBasis,
        deptId,
        industryCode,
        aboveScale,
        sort,
        top: top === 'all' ? undefined : top,
      }),
    [view, period, deptBasis, deptId, industryCode, aboveScale, sort, top],
  );

  useEffect(() => {
    // a reply to an earlier choice arriving late is dropped
    let current = true;
    setLoading(true);
    getOutputStatistics(query)
      .then((res) => current && setStats(res.data))
      // the request layer has said why
      .catch(() => current && setStats(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query]);

  // an answer of the view asked (not one still on screen from the tab before)
  const shown = stats?.view === query.view ? stats : undefined;

  // The title in the reader's language (the server's is the sheet's, in Chinese).
  const months = useMonthsLabel(query.period);
  const year = query.period.slice(0, 4);
  const zone = shown?.zoneName ?? '';
  const title =
    view === 'dept' || view === 'industry' || view === 'leadingIndustry'
      ? t('cardTitle.group', { zone, year, months, group: t(`group.${view}`) })
      : t(`cardTitle.${view}`, { zone, year, months });

  const extra = (
    <Space wrap>
      {takesDeptBasis(view, deptId) ? (
        <Radio.Group
          optionType="button"
          value={deptBasis}
          onChange={(e) => setDeptBasis(e.target.value as DeptBasis)}
          options={(['snapshot', 'current'] as const).map((k) => ({ value: k, label: t(`deptBasis.${k}`) }))}
          data-testid="output-stats-basis"
        />
      ) : null}
      {hasButton(OUTPUT_STATS_MENU, 'export') ? (
        <Button
          icon={<DownloadOutlined />}
          loading={download.busy}
          disabled={!shown}
          onClick={() => void download.run(() => exportOutputStatistics(query, t('exportName')), t('exported'))}
        >
          {t('export')}
        </Button>
      ) : null}
    </Space>
  );

  // every view can be narrowed to a department, an industry and 规上 or not; the ranking also picks its order and length
  const filters = (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }} data-testid="output-stats-filters">
      <Form.Item label={t('filter.dept')}>
        <DeptTreeSelect fit="park" value={deptId} onChange={(v) => setDeptId(v || undefined)} placeholder={t('filter.all')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item label={t('filter.industry')}>
        <TreeSelect
          {...TREE_SELECT_DEFAULTS}
          treeData={industries.options}
          loading={industries.loading}
          value={industryCode}
          onChange={(v) => setIndustryCode(v || undefined)}
          placeholder={t('filter.all')}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item label={t('filter.aboveScale')}>
        <Select
          allowClear
          value={aboveScale}
          onChange={(v) => setAboveScale(v || undefined)}
          placeholder={t('filter.all')}
          options={(['Y', 'N'] as const).map((k) => ({ value: k, label: t(`filter.aboveScale.${k}`) }))}
          style={{ width: 100 }}
        />
      </Form.Item>
      {view === 'enterprise' ? (
        <>
          <Form.Item label={t('rank.sort')}>
            <Radio.Group
              optionType="button"
              value={sort}
              onChange={(e) => setSort(e.target.value as RankSort)}
              options={RANK_SORTS.map((k) => ({ value: k, label: t(`rank.sort.${k}`) }))}
              data-testid="output-stats-sort"
            />
          </Form.Item>
          <Form.Item label={t('rank.top')}>
            <Select
              value={top}
              onChange={(v: Top) => setTop(v)}
              options={TOPS.map((n) => ({ value: n, label: n === 'all' ? t('rank.top.all') : t('rank.top.n', { n }) }))}
              style={{ width: 100 }}
            />
          </Form.Item>
        </>
      ) : null}
    </Form>
  );

  const timeProgress = shown && shown.view !== 'trend' ? shown.timeProgress : undefined;
  const notes = [
    t('note.scope'),
    shown?.januaryMerged ? t('note.januaryMerged') : '',
    shown?.view === 'trend' ? t('note.mom') : '',
    shown?.view === 'decliners' ? t('note.decliners') : '',
  ].filter(Boolean);

  return (
    <PageContainer extra={<PeriodPicker value={period} onChange={setPeriod} />}>
      <Tabs activeKey={view} onChange={(k) => setView(k as OutputView)} items={OUTPUT_VIEWS.map((k) => ({ key: k, label: t(`tab.${k}`) }))} />
      <Card size="small" extra={extra} title={<span data-testid="output-stats-title">{shown ? title : ''}</span>}>
        {filters}
        {/* the filters stay while a view loads: only the figures wait */}
        {loading && !shown ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
          <Typography.Text type="secondary" data-testid="output-stats-progress">
            {view === 'dept' && timeProgress ? t('timeProgress', { rate: formatRate(timeProgress) }) : ''}
          </Typography.Text>
          <Typography.Text type="secondary">{t('unit')}</Typography.Text>
        </div>
        {shown?.view === 'dept' || shown?.view === 'industry' || shown?.view === 'leadingIndustry' ? (
          <GroupPanel stats={shown as OutputGroupStats} query={query} loading={loading} />
        ) : null}
        {shown?.view === 'enterprise' || shown?.view === 'decliners' ? <RankPanel stats={shown as OutputRankStats} query={query} loading={loading} /> : null}
        {shown?.view === 'trend' ? <TrendPanel stats={shown as OutputTrendStats} loading={loading} /> : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="output-stats-note">
          {notes.join(' ')}
        </Typography.Paragraph>
      </Card>
    </PageContainer>
  );
};

export default OutputStatisticsPage;
