//! Above the surveys: the round's figures by department — how many enterprises surveyed and verified,
//! Σ last year, Σ expected, Σ verified with their growth — set against each department's target of
//! 规上工业总产值, and the gap (缺口, red) the park must still cover by new entrants or by pressing its key
//! enterprises. The committee starts 生成分解 from here. Summed over every round an enterprise would count
//! once per round, so the card asks for a round instead.
import { Alert, Button, Card, Typography } from 'antd';
import React, { useMemo } from 'react';
import { StatTable } from '@/components/StatTable';
import type { SurveySummary as Summary } from '@/services/business/outputSurvey';
import { type SummaryNode, summaryTree, useRoundLabel, useSummaryColumns, useT } from '../columns';

export interface SurveySummaryProps {
  data?: Summary;
  loading?: boolean;
  year: number;
  /** the round shown; none for every round */
  round?: string;
  /** opens 生成分解; no button without it */
  onGenerate?: () => void;
}

const SurveySummary: React.FC<SurveySummaryProps> = ({ data, loading, year, round, onGenerate }) => {
  const t = useT();
  const roundLabel = useRoundLabel();
  const columns = useSummaryColumns();
  const { tree, total } = useMemo(() => summaryTree(data?.rows ?? [], data?.total), [data]);
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="survey-summary"
      title={round ? t('summary.title', { year, round: roundLabel(round) }) : t('summary.titleAll', { year })}
      extra={
        onGenerate ? (
          <Button type="primary" ghost onClick={onGenerate} data-testid="survey-generate">
            {t('action.generate')}
          </Button>
        ) : null
      }
    >
      {round ? (
        <>
          <StatTable<SummaryNode>
            rowKey="rowId"
            columns={columns}
            rows={tree}
            total={total}
            loading={loading}
            query={{}}
            headerTitle={<Typography.Text type="secondary">{t('unitLine')}</Typography.Text>}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('summary.note')}
          </Typography.Paragraph>
        </>
      ) : (
        <Alert type="info" showIcon title={t('summary.pickRound')} />
      )}
    </Card>
  );
};

export default SurveySummary;
