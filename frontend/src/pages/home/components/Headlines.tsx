//! 本月概况 on the home page: the zone's headline figures of the month being reported, from the total row
//! of the statistics screens (产值统计 and 在库项目统计 by department, asked exactly as those screens open,
//! so that a click through shows the same figures). Each half shows only to whoever may see its
//! statistics (their `view` button); a person with neither sees no card. A figure the server has not
//! got (no base for a rate, a failed call) reads "—".
import { RightOutlined } from '@ant-design/icons';
import { Link, useIntl } from '@umijs/max';
import { Card, Divider, Flex, Typography } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { hasButton } from '@/components/Crud';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import { formatPeriod, latestClosed, periodLabel } from '@/components/Period';
import { type DimensionStats, type GroupRow, getStatistics } from '@/services/business/investmentStats';
import { getOutputStatistics, type OutputGroupRow, type OutputGroupStats, outputStatsQuery } from '@/services/business/outputStats';
import { ErrorShowType } from '@/utils/request';

/** The menus whose `view` button opens each half. */
const OUTPUT_MENU = 'output_statistics';
const INVESTMENT_MENU = 'in_library_statistics';
const OUTPUT_PATH = '/outputValue/statistics';
const INVESTMENT_PATH = '/investment/inLibraryProject/statistics';
const QUIET = { showType: ErrorShowType.SILENT, showMsg: false };

/** The headline figures may be read by whoever holds either statistics screen. */
export const mayReadHeadlines = () => hasButton(OUTPUT_MENU, 'view') || hasButton(INVESTMENT_MENU, 'view');

interface Loaded<R> {
  loading: boolean;
  /** the month the answer is of */
  period?: string;
  total?: R;
}

/** The total row of a statistics answer, asked only when `allowed`. */
function useTotal<R extends { kind: string }>(allowed: boolean, ask: () => Promise<API.Result<{ period: string; rows: R[] }>>): Loaded<R> {
  const [state, setState] = useState<Loaded<R>>({ loading: allowed });
  useEffect(() => {
    if (!allowed) return undefined;
    let alive = true;
    ask()
      .then((res) => alive && setState({ loading: false, period: res?.data?.period, total: res?.data?.rows?.find((r) => r.kind === 'total') }))
      .catch(() => alive && setState({ loading: false }));
    return () => {
      alive = false;
    };
    // asked once, when the page opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed]);
  return state;
}

interface FigureProps {
  label: React.ReactNode;
  value: string;
  unit?: string;
  tone?: 'danger';
  note?: React.ReactNode;
  /** an amount: given the room of two */
  wide?: boolean;
  testId: string;
}

/** One figure: what it is, above its value and unit; the figures of a row share its width and wrap when narrow. */
const Figure: React.FC<FigureProps> = ({ label, value, unit, tone, note, wide, testId }) => (
  <Flex vertical gap={2} style={{ flex: wide ? '2 1 200px' : '1 1 110px', minWidth: 0 }} data-testid={testId}>
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {label}
    </Typography.Text>
    <span>
      <Typography.Text strong type={value === NONE ? 'secondary' : tone} style={{ fontSize: 22, lineHeight: 1.3 }} data-testid="figure-value">
        {value}
      </Typography.Text>
      {unit && value !== NONE ? (
        <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
          {unit}
        </Typography.Text>
      ) : null}
    </span>
    {note ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note}
      </Typography.Text>
    ) : null}
  </Flex>
);

/** A fall in red, as the statistics screens show a growth rate. */
const growthTone = (rate: string | null | undefined) => (rate?.startsWith('-') ? 'danger' : undefined);

const count = (n: number | undefined) => (n === undefined ? NONE : n.toLocaleString('zh-CN'));

const Headlines: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.home.headlines.${key}` }, values as any);
  const [output, investment] = useMemo(() => [hasButton(OUTPUT_MENU, 'view'), hasButton(INVESTMENT_MENU, 'view')], []);
  // the month the statistics screens open on: the latest closed one
  const asked = useMemo(() => formatPeriod(latestClosed()), []);
  const outputStats = useTotal<OutputGroupRow>(output, () =>
    getOutputStatistics<OutputGroupStats>(
      // 规上 only: the headline is 规上工业总产值, and its link opens the statistics with the same filter
      outputStatsQuery({ view: 'dept', period: asked, deptBasis: 'snapshot', aboveScale: 'Y', sort: 'output' }),
      QUIET,
    ),
  );
  const investmentStats = useTotal<GroupRow>(investment, () =>
    getStatistics<DimensionStats>({ period: asked, view: 'dimension', by: 'dept', deptBasis: 'snapshot' }, QUIET),
  );
  if (!output && !investment) return null;

  const period = outputStats.period ?? investmentStats.period ?? asked;
  const month = Number(period.slice(5));
  const months = month === 1 ? t('january') : t('toDate', { month });
  const more = (to: string, label: string, testId: string, extra = '') => (
    <Link to={`${to}?period=${period}${extra}`} data-testid={testId}>
      {label} <RightOutlined style={{ fontSize: 11 }} />
    </Link>
  );
  const section = (title: string, link: React.ReactNode) => (
    <Flex justify="space-between" align="baseline" style={{ marginBottom: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {link}
    </Flex>
  );

  const o = outputStats.total;
  const i = investmentStats.total;
  return (
    <Card
      title={t('title')}
      extra={<Typography.Text type="secondary">{t('asOf', { month: periodLabel(intl, period) })}</Typography.Text>}
      loading={outputStats.loading || investmentStats.loading}
      style={{ height: '100%' }}
      data-testid="home-headlines"
    >
      {output ? (
        <div data-testid="headlines-output">
          {section(t('output'), more(OUTPUT_PATH, t('output.more'), 'headlines-output-link', '&aboveScale=Y'))}
          <Flex wrap gap={16}>
            <Figure wide label={t('output.ytd', { months })} value={formatMoney(o?.ytdOutput)} unit={t('unit')} testId="headline-output-ytd" />
            <Figure label={t('output.yoy')} value={formatRate(o?.yoy)} tone={growthTone(o?.yoy)} testId="headline-output-yoy" />
            <Figure label={t('output.completion')} value={formatRate(o?.completion)} testId="headline-output-completion" />
          </Flex>
        </div>
      ) : null}
      {output && investment ? <Divider style={{ margin: '16px 0' }} /> : null}
      {investment ? (
        <div data-testid="headlines-investment">
          {section(t('investment'), more(INVESTMENT_PATH, t('investment.more'), 'headlines-investment-link'))}
          <Flex wrap gap={16}>
            <Figure
              wide
              label={t('investment.ytd', { months })}
              value={formatMoney(i?.ytdInvestment)}
              unit={t('unit')}
              note={i ? t('investment.plan', { plan: formatMoney(i.yearPlanInvestment) }) : null}
              testId="headline-investment-ytd"
            />
            <Figure label={t('investment.completion')} value={formatRate(i?.ytdPlanRate)} testId="headline-investment-completion" />
            <Figure label={t('investment.projects')} value={count(i?.projects)} unit={t('projectUnit')} testId="headline-investment-projects" />
            <Figure
              label={t('investment.openIssues')}
              value={count(i?.openIssues)}
              unit={t('issueUnit')}
              tone={i?.openIssues ? 'danger' : undefined}
              testId="headline-investment-issues"
            />
          </Flex>
        </div>
      ) : null}
    </Card>
  );
};

export default Headlines;
