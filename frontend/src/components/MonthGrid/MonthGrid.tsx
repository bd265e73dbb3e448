//! Twelve monthly amounts (万元) of an annual figure — a project's annual plan, a department target, an
//! enterprise's output breakdown — with the split buttons and the Σ-against-the-year check. A sum that
//! misses the year is shown, not blocked: a breakdown is often worked out over several sittings, and
//! the server checks the saved months again.
import { useIntl } from '@umijs/max';
import { Button, Col, InputNumber, Row, Space, Tooltip, Typography } from 'antd';
import React, { useState } from 'react';
import { formatMoney } from '@/components/Figures';
import { useMonthLabel } from '@/components/Period';
import { showWarning } from '@/utils/requestMessages';
import { cents, centsText, type Checkpoints, type SplitResult, splitByCheckpoints, splitEvenly, splitLikeLastYear, sumCents } from './split';

export interface MonthGridProps {
  /** January first; decimal strings, '' for an empty month */
  value?: (string | null | undefined)[];
  onChange?: (months: string[]) => void;
  /** the annual figure the months should add up to */
  annual?: string | number | null;
  /** the tenant files January together with February: January stays 0 */
  mergeJanuary?: boolean;
  /** last year's twelve months, for the split by last year's structure */
  lastYear?: (string | number | null | undefined)[];
  /** cumulative checkpoints, for the split by quarter */
  checkpoints?: Checkpoints;
  /** shown, not typed */
  readOnly?: boolean;
  /** the figures' unit, e.g. 个 for a count target; 万元 by default */
  unit?: string;
}

const normalise = (v: MonthGridProps['value']) =>
  Array.from({ length: 12 }, (_, i) => (v?.[i] === null || v?.[i] === undefined ? '' : String(v[i])));

/** The Σ line: the months' total, and how far it is from the year. */
const SumLine: React.FC<{ months: string[]; annual: MonthGridProps['annual'] }> = ({ months, annual }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.monthGrid.${id}` }, values as any);
  const total = sumCents(months);
  const year = cents(annual);
  const diff = year === undefined ? undefined : total - year;
  return (
    <Space size="small" wrap data-testid="month-grid-sum" style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('sum', { sum: formatMoney(centsText(total)) })}</Typography.Text>
      {year !== undefined ? <Typography.Text type="secondary">{t('annual', { annual: formatMoney(centsText(year)) })}</Typography.Text> : null}
      {diff === undefined ? null : diff === 0n ? (
        <Typography.Text type="success">{t('match')}</Typography.Text>
      ) : (
        <Typography.Text type="danger" strong data-testid="month-grid-diff">
          {t(diff > 0n ? 'over' : 'short', { diff: formatMoney(centsText(diff > 0n ? diff : -diff)) })}
        </Typography.Text>
      )}
    </Space>
  );
};

const MonthGrid: React.FC<MonthGridProps> = ({ value, onChange, annual, mergeJanuary = false, lastYear, checkpoints, readOnly, unit }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.monthGrid.${id}` }, values as any);
  const monthLabel = useMonthLabel(mergeJanuary);
  // uncontrolled when the owner does not hold the months
  const [own, setOwn] = useState<string[]>(() => normalise(value));
  const months = value ? normalise(value) : own;
  const change = (next: string[]) => {
    setOwn(next);
    onChange?.(next);
  };
  const unitLine = <Typography.Text type="secondary">{unit ? t('unitOf', { unit }) : t('unit')}</Typography.Text>;
  const apply = (result: SplitResult) => {
    if ('refusal' in result) showWarning(t(`refused.${result.refusal}`));
    else change(result.months);
  };

  return (
    <div data-testid="month-grid">
      {readOnly ? (
        <div style={{ marginBottom: 8 }}>{unitLine}</div>
      ) : (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button onClick={() => apply(splitEvenly(annual, mergeJanuary))}>{t('split.average')}</Button>
          <Button disabled={!lastYear} onClick={() => apply(splitLikeLastYear(annual, lastYear ?? [], mergeJanuary))}>
            {t('split.lastYear')}
          </Button>
          <Tooltip
            title={
              checkpoints
                ? t('checkpoints', { q1: checkpoints.firstQuarter, h1: checkpoints.firstHalf, q3: checkpoints.firstThreeQuarters })
                : undefined
            }
          >
            <Button disabled={!checkpoints} onClick={() => checkpoints && apply(splitByCheckpoints(annual, checkpoints, mergeJanuary))}>
              {t('split.quarterly')}
            </Button>
          </Tooltip>
          {unitLine}
        </Space>
      )}
      <Row gutter={[12, 8]}>
        {months.map((m, i) => {
          const merged = mergeJanuary && i === 0;
          const label = monthLabel(i + 1);
          return (
            <Col key={label} xs={12} sm={8} md={4}>
              <Typography.Text type="secondary">{label}</Typography.Text>
              <Tooltip title={merged ? t('merged') : undefined}>
                <InputNumber<string>
                  aria-label={label}
                  stringMode
                  precision={2}
                  min="0"
                  value={m === '' ? null : m}
                  disabled={merged}
                  readOnly={readOnly}
                  // shown, not typed: no border nor steppers, so that it reads as a figure, not a field
                  variant={readOnly ? 'borderless' : undefined}
                  controls={!readOnly}
                  onChange={(v) => change(months.map((old, j) => (j === i ? (v ?? '') : old)))}
                  style={{ width: '100%' }}
                />
              </Tooltip>
            </Col>
          );
        })}
      </Row>
      <SumLine months={months} annual={annual} />
    </div>
  );
};

export default MonthGrid;
