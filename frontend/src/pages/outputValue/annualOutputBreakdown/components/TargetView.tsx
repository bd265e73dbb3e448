//! 查看 an enterprise's output target: the enterprise and its figures, then (components/Targets) its
//! split, status and who issued and confirmed it, the twelve months it is split into, and the versions
//! a revision kept — each with the annual figure it had, why it was changed, by whom and when.
import { Descriptions } from 'antd';
import React from 'react';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import { TargetViewDrawer, useTargetDetail } from '@/components/Targets';
import { getOutputTarget } from '@/services/business/outputTarget';
import { TargetStatusTag, useT } from '../columns';

const TargetView: React.FC<{ id: string; januaryMerged: boolean; onClose: () => void }> = ({ id, januaryMerged, onClose }) => {
  const t = useT();
  const { loading, record: r } = useTargetDetail(getOutputTarget, id);
  const money = (key: string) => `${t(key)}(${t('unit.wan')})`;

  return (
    <TargetViewDrawer
      t={t}
      loading={loading}
      record={r}
      statusTag={TargetStatusTag}
      versionLabel={t('field.version')}
      annualLabel={money('field.annualTarget')}
      figure={formatMoney}
      revisionReasonLabel={t('field.revisionReason')}
      mergeJanuary={januaryMerged}
      testId="output-target"
      onClose={onClose}
    >
      {r ? (
        <>
          <Descriptions.Item label={t('field.targetYear')}>{r.targetYear}</Descriptions.Item>
          <Descriptions.Item label={t('field.enterpriseId')}>{r.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label={t('field.deptName')}>{r.deptName || NONE}</Descriptions.Item>
          <Descriptions.Item label={money('field.annualTarget')}>{formatMoney(r.annualTarget)}</Descriptions.Item>
          <Descriptions.Item label={money('field.lastYearOutput')}>{formatMoney(r.lastYearOutput)}</Descriptions.Item>
          <Descriptions.Item label={t('field.targetGrowth')}>{formatRate(r.targetGrowth)}</Descriptions.Item>
          <Descriptions.Item label={money('field.surveyedOutput')}>{formatMoney(r.surveyedOutput)}</Descriptions.Item>
        </>
      ) : null}
    </TargetViewDrawer>
  );
};

export default TargetView;
