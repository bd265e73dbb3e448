//! What the matrix shows: the year, where the figures come from (企业汇总 / 统计快报 / 统计正式), which
//! figure each cell shows (当月值 / 累计值 / 累计同比 / 目标完成率, and for the reports only 已报企业数:
//! no new request) and, for the reports only, which department a report counts under (where it was
//! filed, or the enterprise's now).
import { Flex, Radio, Segmented, Space, Tooltip, Typography } from 'antd';
import React from 'react';
import { YearPicker } from '@/components/Period';
import { DATA_SOURCES, type ParkDataSource, type ParkDeptBasis, REPORTS_SOURCE } from '@/services/business/parkOutput';
import { type MatrixView, REPORTED, useT, VIEWS } from '../columns';

export interface MatrixChoice {
  year: number;
  dataSource: ParkDataSource;
  deptBasis: ParkDeptBasis;
  measure: MatrixView;
}

const BASES: ParkDeptBasis[] = ['snapshot', 'current'];

const Labelled: React.FC<{ label: string; children: React.ReactNode }> = ({ label, children }) => (
  <Space size={8}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    {children}
  </Space>
);

export interface MatrixToolbarProps {
  value: MatrixChoice;
  onChange: (next: MatrixChoice) => void;
  /** the buttons at the end (录入统计数据, 统计数据) */
  actions?: React.ReactNode;
}

const MatrixToolbar: React.FC<MatrixToolbarProps> = ({ value, onChange, actions }) => {
  const t = useT();
  const set = (change: Partial<MatrixChoice>) => {
    const next = { ...value, ...change };
    // the official figures count no enterprises: back to the months to date
    if (next.dataSource !== REPORTS_SOURCE && next.measure === REPORTED) next.measure = 'cumulative';
    onChange(next);
  };
  const reports = value.dataSource === REPORTS_SOURCE;
  const basis = (
    <Radio.Group
      optionType="button"
      disabled={!reports}
      value={value.deptBasis}
      onChange={(e) => set({ deptBasis: e.target.value as ParkDeptBasis })}
      options={BASES.map((k) => ({ value: k, label: t(`deptBasis.${k}`) }))}
      data-testid="park-basis"
    />
  );
  return (
    <Flex wrap gap="small" justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Flex wrap gap="middle" align="center">
        <YearPicker value={value.year} onChange={(year) => set({ year })} />
        <Labelled label={t('sourceLabel')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={value.dataSource}
            onChange={(e) => set({ dataSource: e.target.value as ParkDataSource })}
            options={DATA_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
            data-testid="park-source"
          />
        </Labelled>
        <Labelled label={t('measureLabel')}>
          <Segmented<MatrixView>
            value={value.measure}
            onChange={(measure) => set({ measure })}
            options={VIEWS.map((m) =>
              m === REPORTED && !reports
                ? { value: m, disabled: true, label: <Tooltip title={t('measure.reportsOnly')}>{t(`measure.${m}`)}</Tooltip> }
                : { value: m, label: t(`measure.${m}`) },
            )}
            data-testid="park-measure"
          />
        </Labelled>
        {/* the official figures are each park's as published: there is no report to place */}
        {reports ? basis : <Tooltip title={t('deptBasis.reportsOnly')}><span>{basis}</span></Tooltip>}
      </Flex>
      {actions ? <Space wrap>{actions}</Space> : null}
    </Flex>
  );
};

export default MatrixToolbar;
