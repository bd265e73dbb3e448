//! The list of one log: newest first, searched by time range, account, outcome and address (where the
//! log has them), with the `view` and `export` buttons of its menu; the export takes exactly the rows
//! the filters find. The platform's staff see every tenant's entries, so they get a tenant column.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import dayjs from 'dayjs';
import React, { useMemo } from 'react';
import { type CrudAction, CrudTable, resultColumn } from '@/components/Crud';
import { exportLogs, listLogs, type LogRecord } from '@/services/system/log';
import { PLATFORM_TENANT } from '@/services/system/tenant';
import { currentTenantId } from '@/utils/authority';
import { blobErrorMessage } from '@/utils/files';
import { showError } from '@/utils/requestMessages';
import LogValue from './LogValue';
import { LOG_SCREENS, type LogScreen, toTimeRange } from './logScreens';

const DAY_START = dayjs('00:00:00', 'HH:mm:ss');
const DAY_END = dayjs('23:59:59', 'HH:mm:ss');

const LogList: React.FC<{ screen: LogScreen }> = ({ screen }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.log.${key}` });
  const spec = LOG_SCREENS[screen];
  const platform = currentTenantId() === PLATFORM_TENANT;

  const columns: ProColumns<LogRecord>[] = useMemo(
    () => {
      const fieldColumns = spec.fields
        .filter((f) => f.list || f.search)
        .map((f): ProColumns<LogRecord> => {
          const title = t(`field.${f.label ?? f.name}`);
          const base = { hideInTable: !f.list, search: f.search ? undefined : (false as const) };
          if (f.show === 'result') return { ...resultColumn<LogRecord>(intl, title, f.name), ...base };
          return {
            ...base,
            title,
            dataIndex: f.name,
            ellipsis: ['message', 'requestUri', 'exceptionName', 'title'].includes(f.name),
            render: (_, row) => <LogValue field={f} value={(row as unknown as Record<string, unknown>)[f.name]} />,
          };
        });
      return [
        {
          title: t('field.timeRange'),
          dataIndex: 'timeRange',
          valueType: 'dateTimeRange',
          hideInTable: true,
          // a picked day runs from its first second to its last
          fieldProps: { showTime: { defaultValue: [DAY_START, DAY_END] } },
          search: { transform: toTimeRange },
        },
        ...(platform ? [{ title: t('field.tenantId'), dataIndex: 'tenantId', search: false } as ProColumns<LogRecord>] : []),
        ...fieldColumns,
      ];
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, screen, platform],
  );

  const actions: Record<string, CrudAction<LogRecord>> = {
    export: {
      needs: 'none',
      run: async ({ query }) => {
        try {
          await exportLogs(spec.kind, query, t(`export.fileName.${screen}`));
        } catch (e) {
          showError((await blobErrorMessage(e)) ?? intl.formatMessage({ id: 'crud.export.failed' }));
        }
      },
    },
  };

  return (
    <PageContainer title={intl.formatMessage({ id: `menu.system.log.${screen}` })}>
      <CrudTable<LogRecord> menuCode={spec.menuCode} columns={columns} list={(query) => listLogs(spec.kind, query)} actions={actions} />
    </PageContainer>
  );
};

export default LogList;
