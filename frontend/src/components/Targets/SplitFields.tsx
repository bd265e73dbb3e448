//! How a target's year is split into months, in the add / edit drawer of either target screen: the
//! mode, the quarterly shares for 按季度节点, and the months. 平均 and 按季度节点 are split by the server;
//! the grid previews its months to the cent (the same arithmetic, components/MonthGrid/split.ts).
//! 按上年同期结构 needs last year's monthly figures, which only the server holds: the months are shown
//! once saved. 手工 takes the twelve months as typed, and they must add up to the year. Also the
//! warning that a target is being revised, which both drawers open with.
import { ProFormDigit, ProFormRadio } from '@ant-design/pro-components';
import { Alert, Col, Form, Typography } from 'antd';
import React, { useMemo } from 'react';
import { cents, MonthGrid, splitByCheckpoints, splitEvenly, sumCents } from '@/components/MonthGrid';
import { SPLIT_MANUAL, SPLIT_MODES, SPLIT_QUARTERLY, type SplitMode, TARGET_STATUS, type TargetRecord } from '@/services/business/deptTarget';
import type { TargetT } from './messages';
import { checkpointsOf, empty, gridMonths, type StoredMonths } from './targetForm';

/** The stored target a drawer edits, as far as the split reads it. */
export type SplitTarget = Pick<TargetRecord, 'splitMode' | 'annualTarget'> & StoredMonths;

export interface SplitFieldsProps {
  t: TargetT;
  /** the target edited (none when adding): its months of 按上年同期结构 are the server's */
  record?: SplitTarget;
  /** January is merged into February (it stays 0) */
  mergeJanuary?: boolean;
}

type ShareName = 'q1Share' | 'h1Share' | 'q3Share';

/** The fields; they follow the split mode and the annual figure as they change. */
const SplitFields: React.FC<SplitFieldsProps> = ({ t, record, mergeJanuary }) => {
  const form = Form.useFormInstance();
  const mode = Form.useWatch('splitMode', form) as SplitMode | undefined;
  const annual = Form.useWatch('annualTarget', form);
  const [q1, h1, q3] = [Form.useWatch('q1Share', form), Form.useWatch('h1Share', form), Form.useWatch('q3Share', form)];
  const checkpoints = checkpointsOf(q1, h1, q3);

  // What the server will store for 平均 and 按季度节点; nothing to show until the figures allow a split.
  const preview = useMemo(() => {
    if (mode === '1') return splitEvenly(annual, mergeJanuary);
    if (mode === SPLIT_QUARTERLY && checkpoints) return splitByCheckpoints(annual, checkpoints, mergeJanuary);
    return undefined;
    // the checkpoints are a new object each render: the shares they are made of are the dependencies
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, annual, q1, h1, q3, mergeJanuary]);
  const previewMonths = preview && 'months' in preview ? preview.months : undefined;

  // a cumulative share is never below the one before it
  const share = (name: ShareName, after?: ShareName) => (
    <ProFormDigit
      name={name}
      label={t(`field.${name}`)}
      colProps={{ xs: 24, md: 8 }}
      min={0}
      max={100}
      dependencies={after ? [after] : undefined}
      fieldProps={{ precision: 2, stringMode: true, suffix: '%', style: { width: '100%' } } as any}
      rules={[
        { required: true, message: t('rule.share') },
        ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
          validator: (_: unknown, v: unknown) =>
            after && !empty(v) && !empty(getFieldValue(after)) && Number(v) < Number(getFieldValue(after)) ? Promise.reject(new Error(t('rule.shareOrder'))) : Promise.resolve(),
        }),
      ]}
    />
  );

  return (
    <>
      <ProFormRadio.Group
        name="splitMode"
        label={t('field.splitMode')}
        colProps={{ span: 24 }}
        radioType="button"
        options={SPLIT_MODES.map((m) => ({ value: m, label: t(`split.${m}`) }))}
        rules={[{ required: true }]}
      />
      {mode === SPLIT_QUARTERLY ? (
        <>
          {share('q1Share')}
          {share('h1Share', 'q1Share')}
          {share('q3Share', 'h1Share')}
        </>
      ) : null}
      <Col span={24}>
        {mode === SPLIT_MANUAL ? (
          <Form.Item
            name="months"
            label={t('field.months')}
            dependencies={['annualTarget']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, months: string[] | undefined) =>
                  sumCents(months ?? []) === cents(getFieldValue('annualTarget')) ? Promise.resolve() : Promise.reject(new Error(t('rule.monthsSum'))),
              }),
            ]}
          >
            <MonthGrid annual={annual} mergeJanuary={mergeJanuary} checkpoints={checkpoints} />
          </Form.Item>
        ) : (
          <Form.Item label={t('field.months')} extra={mode === '2' ? t('split.lastYearHelp') : t('split.previewHelp')}>
            {mode === '2' ? (
              record?.splitMode === '2' ? (
                <MonthGrid value={gridMonths(record)} annual={record.annualTarget} mergeJanuary={mergeJanuary} readOnly />
              ) : (
                <Typography.Text type="secondary">{t('split.lastYearPending')}</Typography.Text>
              )
            ) : previewMonths ? (
              <MonthGrid key={previewMonths.join()} value={previewMonths} annual={annual} mergeJanuary={mergeJanuary} readOnly />
            ) : (
              <Typography.Text type="secondary">{t('split.previewPending')}</Typography.Text>
            )}
          </Form.Item>
        )}
      </Col>
    </>
  );
};

export default SplitFields;

/** Why a target being revised was reopened, above its fields: saving it does not issue it again. */
export const RevisingAlert: React.FC<{ t: TargetT; record?: Pick<TargetRecord, 'targetStatus' | 'revisionReason'> }> = ({ t, record }) =>
  record?.targetStatus === TARGET_STATUS.revising && record.revisionReason ? (
    <Col span={24}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('revising', { reason: record.revisionReason })} />
    </Col>
  ) : null;
