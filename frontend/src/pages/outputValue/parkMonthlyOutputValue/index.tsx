//! /outputValue/parkMonthlyOutputValue (园区月度产值, domain-model §2.3.4): each park's 规上工业总产值 month
//! by month for a year — from the approved enterprise reports summed (企业汇总, the early indicator) or
//! from the figures the statistics office published (统计快报 / 统计正式, what leaders watch) — as the
//! month's value, the months to date, their growth on last year or the share of the annual target done,
//! or (企业汇总 only) how many enterprises' approved reports count in each month (已报企业数). The server
//! answers every measure and the count at once, so switching them asks nothing; the export writes
//! exactly the matrix shown, in a measure (the count is the screen's alone: no export while it shows).
//! The bureau types the official figures in here (`add`/`edit`) and deletes them from the list of the
//! year's figures (`delete`). Buttons by grant (menu `park_monthly_output_value`).
import { PageContainer } from '@ant-design/pro-components';
import { DatabaseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { type CrudTableHandle, hasButton } from '@/components/Crud';
import { StatTable } from '@/components/StatTable';
import {
  exportParkMatrix,
  getParkMatrix,
  isOfficialSource,
  type MatrixExportQuery,
  type MatrixQuery,
  type ParkMatrix,
  type ParkOfficialRecord,
  REPORTS_SOURCE,
} from '@/services/business/parkOutput';
import { isMeasure, isRate, type MatrixNode, REPORTED, treeOf, useMatrixColumns, useT } from './columns';
import MatrixToolbar, { type MatrixChoice } from './components/MatrixToolbar';
import OfficialDrawer from './components/OfficialDrawer';
import OfficialEntryModal from './components/OfficialEntryModal';

export const PARK_OUTPUT_MENU = 'park_monthly_output_value';

const ParkMonthlyOutputValue: React.FC = () => {
  const t = useT();
  const [choice, setChoice] = useState<MatrixChoice>(() => ({
    year: new Date().getFullYear(),
    dataSource: REPORTS_SOURCE,
    deptBasis: 'snapshot',
    measure: 'cumulative',
  }));
  const [matrix, setMatrix] = useState<ParkMatrix>();
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [entry, setEntry] = useState<{ record?: ParkOfficialRecord }>();
  const [listOpen, setListOpen] = useState(false);
  const list = useRef<CrudTableHandle>(null);
  const { year, dataSource, deptBasis, measure } = choice;
  const official = isOfficialSource(dataSource);

  // the measure is not part of the question: every cell carries all of them
  const query: MatrixQuery = useMemo(() => ({ year, dataSource, ...(official ? {} : { deptBasis }) }), [year, dataSource, deptBasis, official]);

  useEffect(() => {
    // a reply to an earlier choice arriving late is dropped
    let current = true;
    setLoading(true);
    getParkMatrix(query)
      .then((res) => current && setMatrix(res.data))
      // the request layer has said why
      .catch(() => current && setMatrix(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query, reloads]);

  const { tree, total } = useMemo(() => treeOf(matrix?.rows ?? []), [matrix]);
  const columns = useMatrixColumns(measure, !!matrix?.januaryMerged);
  // the count is not a measure the export writes: no button while it is shown
  const exportable = isMeasure(measure);
  const exportQuery: MatrixExportQuery = useMemo(() => ({ ...query, measure: exportable ? measure : 'cumulative' }), [query, measure, exportable]);

  const changed = () => {
    setReloads((n) => n + 1);
    list.current?.reload();
  };

  const canEnter = official && (hasButton(PARK_OUTPUT_MENU, 'add') || hasButton(PARK_OUTPUT_MENU, 'edit'));
  const actions = official ? (
    <>
      {canEnter ? (
        <Button type="primary" icon={<EditOutlined />} onClick={() => setEntry({})}>
          {t('enter')}
        </Button>
      ) : null}
      <Button icon={<DatabaseOutlined />} onClick={() => setListOpen(true)}>
        {t('figures')}
      </Button>
    </>
  ) : null;

  const note = official ? t('note.official') : t('note.reports', { months: matrix?.closedMonths ?? 0 });
  const unit = measure === REPORTED ? 'unit.firms' : isRate(measure) ? 'unit.percent' : 'unit.wan';

  return (
    <PageContainer>
      <Card size="small">
        <MatrixToolbar value={choice} onChange={setChoice} actions={actions} />
        <div style={{ textAlign: 'center' }}>
          <Typography.Title level={4} style={{ marginBottom: 4 }} data-testid="park-title">
            {matrix ? t('title', { zone: matrix.zoneName, year: String(matrix.year) }) : ''}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(`source.${dataSource}`)} · {t(`measure.${measure}`)}
          </Typography.Text>
        </div>
        <StatTable<MatrixNode, MatrixExportQuery>
          rowKey="rowId"
          columns={columns}
          rows={tree}
          total={total}
          loading={loading}
          query={exportQuery}
          isSubtotal={(row) => row.subtotal}
          headerTitle={<Typography.Text type="secondary">{t(unit)}</Typography.Text>}
          exportData={exportable && hasButton(PARK_OUTPUT_MENU, 'export') ? (q) => exportParkMatrix(q, t('exportName')) : undefined}
        />
        {matrix ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="park-note">
            {note}
            {matrix.januaryMerged ? t('note.januaryMerged') : null}
            {measure === REPORTED ? t('note.reported') : null}
          </Typography.Paragraph>
        ) : null}
      </Card>
      {listOpen ? (
        <OfficialDrawer
          ref={list}
          menuCode={PARK_OUTPUT_MENU}
          year={year}
          onEdit={(record) => setEntry({ record })}
          onChanged={() => setReloads((n) => n + 1)}
          onClose={() => setListOpen(false)}
        />
      ) : null}
      {entry ? (
        <OfficialEntryModal
          year={year}
          dataSource={dataSource}
          januaryMerged={!!matrix?.januaryMerged}
          record={entry.record}
          onClose={(saved) => {
            setEntry(undefined);
            if (saved) changed();
          }}
        />
      ) : null}
    </PageContainer>
  );
};

export default ParkMonthlyOutputValue;
