//! The row of headline figures (domain-model §4, KPI cards): each card a figure with its unit, and under
//! it the figures that say how it stands — the growth on last year with an arrow, the share of the year's
//! target or plan, the part of it that needs attention. Amounts in 万元, the library's total in 亿元.
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import React from 'react';
import { formatMoney, formatRate, formatYi, NONE, toScaled } from '@/components/Figures';
import type { ScreenKpi } from '@/services/business/dataAnalysis';
import { type T, useT } from '../useT';

const count = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString('zh-CN') : NONE);

/** The sign of a rate: up, down, level, or none without one. */
function direction(rate: string | null | undefined): 'up' | 'down' | 'level' | undefined {
  const n = toScaled(rate, 2);
  if (n === undefined) return undefined;
  return n > 0n ? 'up' : n < 0n ? 'down' : 'level';
}

/** A growth rate with its arrow: a rise in green, a fall in red (as the statistics screens colour a fall). */
export const Growth: React.FC<{ rate: string | null | undefined; testId?: string }> = ({ rate, testId }) => {
  const d = direction(rate);
  return (
    <span className={d === 'up' ? 'ds-up' : d === 'down' ? 'ds-down' : undefined} data-testid={testId} data-direction={d}>
      {d === 'up' ? <CaretUpOutlined aria-hidden /> : d === 'down' ? <CaretDownOutlined aria-hidden /> : null}
      {formatRate(rate)}
    </span>
  );
};

/** Whether the investment done is behind the part of the year gone (时序进度). */
const behind = (completion: string | null, timeProgress: string | null) => {
  const c = toScaled(completion, 2);
  const p = toScaled(timeProgress, 2);
  return c !== undefined && p !== undefined && c < p;
};

interface Card {
  key: string;
  label: string;
  value: string;
  unit: string;
  /** an amount: the wider card */
  money?: boolean;
  notes: React.ReactNode[];
}

function cardsOf(k: ScreenKpi, t: T, months: string): Card[] {
  const note = (key: string, value: React.ReactNode, className?: string) => (
    <span key={key} className={className}>
      {t(`kpi.${key}`)} {value}
    </span>
  );
  return [
    {
      key: 'output',
      label: t('kpi.output', { months }),
      value: formatMoney(k.output?.ytd),
      unit: t('unit.wan'),
      money: true,
      notes: [note('yoy', <Growth rate={k.output?.yoy} testId="kpi-output-yoy" />), note('ofTarget', formatRate(k.output?.completion))],
    },
    {
      key: 'investment',
      label: t('kpi.investment', { months }),
      value: formatMoney(k.investment?.ytd),
      unit: t('unit.wan'),
      money: true,
      notes: [
        note('ofPlan', formatRate(k.investment?.completion), behind(k.investment?.completion, k.investment?.timeProgress) ? 'ds-warn' : undefined),
        note('timeProgress', formatRate(k.investment?.timeProgress)),
      ],
    },
    {
      key: 'library',
      label: t('kpi.library'),
      value: count(k.library?.projects),
      unit: t('unit.projects'),
      notes: [
        <span key="totalInvestment">{t('kpi.totalInvestment', { amount: formatYi(k.library?.totalInvestment) })}</span>,
        note('overYi', count(k.library?.overYi)),
      ],
    },
    {
      key: 'started',
      label: t('kpi.started'),
      value: count(k.started?.count),
      unit: t('unit.projects'),
      notes: [note('planned', count(k.started?.planned))],
    },
    {
      key: 'finished',
      label: t('kpi.finished'),
      value: count(k.finished?.count),
      unit: t('unit.projects'),
      notes: [note('planned', count(k.finished?.planned))],
    },
    {
      key: 'signed',
      label: t('kpi.signed'),
      value: count(k.signed?.count),
      unit: t('unit.projects'),
      notes: [note('signedAmount', `${formatMoney(k.signed?.amount)} ${t('unit.wan')}`)],
    },
    {
      key: 'aboveScale',
      label: t('kpi.aboveScale'),
      value: count(k.aboveScale?.count),
      unit: t('unit.enterprises'),
      notes: [note('newThisYear', count(k.aboveScale?.newThisYear))],
    },
    {
      key: 'keyIssues',
      label: t('kpi.keyIssues'),
      value: count(k.keyIssues?.open),
      unit: t('unit.issues'),
      notes: [note('overdue', count(k.keyIssues?.overdue), (k.keyIssues?.overdue ?? 0) > 0 ? 'ds-down' : undefined)],
    },
  ];
}

const KpiCards: React.FC<{ kpi: ScreenKpi; months: string }> = ({ kpi, months }) => {
  const t = useT();
  const cards = cardsOf(kpi, t, months);
  return (
    <section className="ds-kpis" data-testid="screen-kpis">
      {cards.map((c) => (
        <div key={c.key} className={`ds-kpi${c.money ? ' ds-kpi-money' : ''}`} data-testid={`kpi-${c.key}`}>
          <div className="ds-kpi-label" title={c.label}>
            {c.label}
          </div>
          <div className="ds-kpi-figure">
            {/* a long amount in a smaller face, so that it never runs out of its card */}
            <span className={`ds-kpi-value${c.value.length > 10 ? ' ds-kpi-value-long' : ''}`} data-testid="kpi-value">
              {c.value}
            </span>
            {c.value !== NONE ? <span className="ds-kpi-unit">{c.unit}</span> : null}
          </div>
          <div className="ds-kpi-notes">{c.notes}</div>
        </div>
      ))}
    </section>
  );
};

export default KpiCards;
