//! 查看月报: the monthly reports of one tracked project, newest month first, each opened in the report
//! drawer (where its review steps and history are).
import { useIntl } from '@umijs/max';
import { Button, Drawer } from 'antd';
import React, { useMemo, useState } from 'react';
import { type CrudColumn, CrudTable, type CrudTableHandle } from '@/components/Crud';
import { formatRate, moneyColumn } from '@/components/Figures';
import { periodLabel } from '@/components/Period';
import { reviewStatusColumn } from '@/components/Review';
import { listReports, type ProjectReportRecord, type TrackedProjectRecord } from '@/services/business/projectReport';
import ReportDrawer from './ReportDrawer';

export interface ReportHistoryProps {
  project: TrackedProjectRecord;
  /** `changed`: a report was changed or reviewed from here */
  onClose: (changed: boolean) => void;
}

const ReportHistory: React.FC<ReportHistoryProps> = ({ project, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.${key}` }, values as any);
  const table = React.useRef<CrudTableHandle>(null);
  const [viewing, setViewing] = useState<string>();
  const [changed, setChanged] = useState(false);

  const columns = useMemo<CrudColumn<ProjectReportRecord>[]>(
    () => [
      {
        title: t('report.field.period'),
        dataIndex: 'period',
        width: 110,
        render: (_, row) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(row.id)}>
            {periodLabel(intl, row.period)}
          </Button>
        ),
      },
      moneyColumn<ProjectReportRecord>(t('report.column.monthInvestment'), 'monthInvestment'),
      moneyColumn<ProjectReportRecord>(t('report.column.ytdInvestment'), 'ytdInvestment'),
      moneyColumn<ProjectReportRecord>(t('report.column.cumulativeInvestment'), 'cumulativeInvestment', { width: 140 }),
      { title: t('report.field.totalRate'), dataIndex: 'totalRate', align: 'right', width: 100, render: (_, row) => formatRate(row.totalRate) },
      { title: t('report.field.projectStatus'), dataIndex: 'projectStatusName', width: 110 },
      { ...reviewStatusColumn<ProjectReportRecord>(intl, t('report.field.reportStatus')), width: 100 },
      { title: t('report.field.submitTime'), dataIndex: 'submitTime', width: 170 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  return (
    <Drawer open title={t('trackProject.history.title', { name: project.projectName })} size={1000} destroyOnHidden onClose={() => onClose(changed)}>
      <div data-testid="report-history">
        <CrudTable<ProjectReportRecord>
          ref={table}
          columns={columns.map((c) => ({ ...c, search: false }))}
          list={(query) => listReports({ ...query, projectId: project.id })}
          tableProps={{ search: false, options: false }}
        />
      </div>
      {viewing ? (
        <ReportDrawer
          mode="view"
          id={viewing}
          project={project}
          onClose={(done) => {
            setViewing(undefined);
            if (done) {
              setChanged(true);
              table.current?.reload();
            }
          }}
        />
      ) : null}
    </Drawer>
  );
};

export default ReportHistory;
