//! The columns of the screen's five scrolling tables (domain-model §4): 重点项目进展, 最新签约项目, 问题督办,
//! 企业产值排行 and 园区完成情况. Amounts right-aligned in 万元 (a signed project's in 亿元), "—" for none.
import React from 'react';
import { formatMoney, formatRate, toScaled } from '@/components/Figures';
import type { LoopColumn } from '@/components/LoopScroll';
import type { KeyProject, ParkCompletion, RankedEnterprise, ScreenIssue, SignedProject } from '@/services/business/dataAnalysis';
import type { T } from '../useT';
import { Growth } from './KpiCards';

/** A text cell that shows all of itself on hover when the column cuts it short. */
const text = (value: string | null | undefined) => <span title={value ?? undefined}>{value || '—'}</span>;

export const keyProjectColumns = (t: T): LoopColumn<KeyProject>[] => [
  { key: 'projectName', title: t('column.projectName'), width: '2.2fr', render: (r) => text(r.projectName) },
  { key: 'deptName', title: t('column.dept'), width: '1fr', render: (r) => text(r.deptName) },
  { key: 'monthInvestment', title: t('column.monthInvestment'), width: '1.1fr', align: 'right', render: (r) => formatMoney(r.monthInvestment) },
  { key: 'cumulativeInvestment', title: t('column.cumulativeInvestment'), width: '1.2fr', align: 'right', render: (r) => formatMoney(r.cumulativeInvestment) },
  { key: 'progress', title: t('column.progress'), width: '1.2fr', render: (r) => text(r.progress) },
];

export const signedColumns = (t: T): LoopColumn<SignedProject>[] => [
  { key: 'projectName', title: t('column.projectName'), width: '2fr', render: (r) => text(r.projectName) },
  { key: 'investmentYi', title: t('column.investmentYi'), width: '1fr', align: 'right', render: (r) => formatMoney(r.investmentYi) },
  { key: 'industryName', title: t('column.industry'), width: '1fr', render: (r) => text(r.industryName) },
  { key: 'signDate', title: t('column.signDate'), width: '6.9em', align: 'center', render: (r) => r.signDate || '—' },
];

export const issueColumns = (t: T): LoopColumn<ScreenIssue>[] => [
  { key: 'projectName', title: t('column.project'), width: '1.4fr', render: (r) => text(r.projectName) },
  { key: 'summary', title: t('column.summary'), width: '2fr', render: (r) => text(r.summary) },
  { key: 'levelName', title: t('column.level'), width: '0.9fr', align: 'center', render: (r) => text(r.levelName) },
  { key: 'deptName', title: t('column.responsible'), width: '1fr', render: (r) => text(r.deptName) },
  {
    key: 'deadline',
    title: t('column.deadline'),
    width: '6.9em',
    align: 'center',
    render: (r) => <span title={r.overdue ? t('overdue') : undefined}>{r.deadline || '—'}</span>,
  },
  { key: 'statusName', title: t('column.status'), width: '0.8fr', align: 'center', render: (r) => text(r.statusName) },
];

/** An overdue issue reads in red. */
export const issueRowClass = (r: ScreenIssue) => (r.overdue ? 'ds-overdue' : undefined);

export const rankingColumns = (t: T, months: string): LoopColumn<RankedEnterprise>[] => [
  {
    key: 'rank',
    title: t('column.rank'),
    width: '3.8em',
    align: 'center',
    render: (r) => <span className={`ds-rank${r.rank <= 3 ? ` ds-rank-top` : ''}`}>{r.rank}</span>,
  },
  { key: 'enterpriseName', title: t('column.enterprise'), width: '2fr', render: (r) => text(r.enterpriseName) },
  { key: 'ytd', title: t('column.ytdOutput', { months }), width: '1.3fr', align: 'right', render: (r) => formatMoney(r.ytd) },
  { key: 'yoy', title: t('column.yoy'), width: '0.9fr', align: 'right', render: (r) => <Growth rate={r.yoy} /> },
];

/** A completion rate with a bar under it (a full bar at 100 % and over). */
const Completion: React.FC<{ rate: string | null }> = ({ rate }) => {
  const n = toScaled(rate, 2);
  const width = n === undefined ? 0 : Math.max(0, Math.min(100, Number(n) / 100));
  return (
    <span className="ds-completion">
      <span className="ds-completion-bar" aria-hidden>
        <span style={{ width: `${width}%` }} />
      </span>
      <span>{formatRate(rate)}</span>
    </span>
  );
};

export const parkCompletionColumns = (t: T): LoopColumn<ParkCompletion>[] => [
  { key: 'name', title: t('column.park'), width: '1.1fr', render: (r) => text(r.name) },
  { key: 'target', title: t('column.target'), width: '1.1fr', align: 'right', render: (r) => formatMoney(r.target) },
  { key: 'ytd', title: t('column.done'), width: '1.1fr', align: 'right', render: (r) => formatMoney(r.ytd) },
  { key: 'rate', title: t('column.rate'), width: '1.3fr', align: 'right', render: (r) => <Completion rate={r.rate} /> },
];
