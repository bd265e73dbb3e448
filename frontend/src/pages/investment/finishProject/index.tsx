//! /investment/finishProject (已完成项目, domain-model §2.2.8): the archive of the projects in the library
//! that reached 竣工, 投产 or 达产 — for year-end reporting and to see what they achieved: the investment
//! made against the plan, how long construction took, and the output expected at full capacity. The
//! newest completion first, with the output realised against the output expected. 查看 shows a project
//! from its row; 修改 (`finish_project_edit`) records its completion, and the drawer offers the status
//! moves the server allows (投产 → 达产; an administrator's re-opening). Export downloads exactly what
//! the filters show. Nothing is added or deleted here. Buttons by grant (menu `finish_project`).
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, hasButton } from '@/components/Crud';
import {
  exportFinishedProjects,
  type FinishedProjectQuery,
  type FinishedProjectRecord,
  listFinishedProjects,
} from '@/services/business/finished';
import { useDownload } from '@/utils/useDownload';
import { useFinishedColumns } from './columns';
import FinishedProjectDrawer from './components/FinishedProjectDrawer';

const FINISH_MENU = 'finish_project';

/** A button this screen does not show (adding and deleting projects is the library's). */
const NOT_HERE = { run: undefined };

interface Opened {
  project: FinishedProjectRecord;
  /** with the completion form open */
  editing: boolean;
}

const FinishProject: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.${key}` });
  const columns = useFinishedColumns();
  const [opened, setOpened] = useState<Opened>();
  const table = useRef<CrudTableHandle>(null);
  const canEdit = hasButton(FINISH_MENU, 'edit');
  const download = useDownload(t('exportFailed'));

  /** Downloads exactly the rows on screen: CrudTable hands every action the query it last listed. */
  const runExport = (query: FinishedProjectQuery) => download.run(() => exportFinishedProjects(query, t('exportName')), t('exported'));

  const actions: Record<string, CrudAction<FinishedProjectRecord>> = {
    add: NOT_HERE,
    delete: NOT_HERE,
    // the row holds the project: no look-up through a grant the reader may not have
    view: { needs: 'one', run: ({ rows }) => setOpened({ project: rows[0], editing: false }) },
    edit: { needs: 'one', run: ({ rows }) => setOpened({ project: rows[0], editing: true }) },
    export: { needs: 'none', run: ({ query }) => void runExport(query as FinishedProjectQuery) },
  };

  return (
    <PageContainer>
      <CrudTable<FinishedProjectRecord>
        ref={table}
        menuCode={FINISH_MENU}
        columns={columns}
        list={(query) => listFinishedProjects(query as FinishedProjectQuery)}
        actions={actions}
        tableProps={{ search: { labelWidth: 'auto', defaultCollapsed: true } }}
      />
      {opened ? (
        <FinishedProjectDrawer
          project={opened.project}
          editing={opened.editing}
          canEdit={canEdit}
          onClose={() => setOpened(undefined)}
          onChanged={() => {
            // the row is stale: show the list again
            setOpened(undefined);
            table.current?.reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
};

export default FinishProject;
