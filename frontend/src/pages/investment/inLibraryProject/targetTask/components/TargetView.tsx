//! 查看 a target: what it is for and its figures, then (components/Targets) its split, status and who
//! issued and confirmed it, the twelve months it is split into (with the cumulative target a month's
//! completion is read against), and the versions a revision kept — each with the annual figure it had,
//! why it was changed, by whom and when.
import { Descriptions } from 'antd';
import React from 'react';
import { formatRate } from '@/components/Figures';
import { TargetViewDrawer, useTargetDetail } from '@/components/Targets';
import { getTarget } from '@/services/business/deptTarget';
import { formatFigure, isCount, TargetStatusTag, useT, useUnit } from '../columns';

const TargetView: React.FC<{ id: string; onClose: () => void }> = ({ id, onClose }) => {
  const t = useT();
  const { loading, record: r } = useTargetDetail(getTarget, id);
  const unit = useUnit(r?.indicatorName);
  const count = isCount(r?.indicatorName);
  const figure = (v: unknown) => formatFigure(v, count);
  // the unit goes with the label: "12,000.00 10,000 yuan" would read as two figures
  const withUnit = (key: string) => (unit ? t('column.withUnit', { title: t(key), unit }) : t(key));

  return (
    <TargetViewDrawer
      t={t}
      loading={loading}
      record={r}
      statusTag={TargetStatusTag}
      versionLabel={t('column.version')}
      annualLabel={withUnit('field.annualTarget')}
      figure={figure}
      testId="target"
      onClose={onClose}
    >
      {r ? (
        <>
          <Descriptions.Item label={t('field.targetYear')}>{r.targetYear}</Descriptions.Item>
          <Descriptions.Item label={t('field.deptId')}>{r.deptName}</Descriptions.Item>
          <Descriptions.Item label={t('field.indicatorCode')}>{r.indicatorName}</Descriptions.Item>
          <Descriptions.Item label={withUnit('field.annualTarget')}>{figure(r.annualTarget)}</Descriptions.Item>
          <Descriptions.Item label={t('field.targetGrowth')}>{formatRate(r.targetGrowth)}</Descriptions.Item>
          <Descriptions.Item label={withUnit('field.lastYearActual')}>{figure(r.lastYearActual)}</Descriptions.Item>
        </>
      ) : null}
    </TargetViewDrawer>
  );
};

export default TargetView;
