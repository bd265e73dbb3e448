//! /investment/projectManagement/projectWarehousing (项目入库, domain-model §2.2.3): the projects not yet
//! accepted into the zone's library — drafts, those waiting for review and those sent back. A park
//! clerk adds and fills a project, changes it while it is a draft or returned, and submits it; the
//! reviewer approves it (it then leaves this list for 在库项目) or returns it with an opinion. Export
//! downloads exactly what the filters show. Buttons by grant, review steps by the server's nextSteps.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useRef, useState } from 'react';
import { type CrudAction, type CrudMode, CrudTable, type CrudTableHandle } from '@/components/Crud';
import { useReviewActions } from '@/components/Review';
import {
  exportProjects,
  listProjects,
  NO,
  type ProjectQuery,
  type ProjectRecord,
  projectReview,
  removeProjects,
} from '@/services/business/project';
import { blobErrorMessage } from '@/utils/files';
import { showError, showSuccessToast } from '@/utils/requestMessages';
import ProjectDrawer from '../../components/ProjectDrawer';
import { useProjectColumns } from './columns';

const MENU = 'project_warehousing';
/** `report_status` 草稿: the only projects that may be deleted from here. */
const DRAFT = '0';

/** The filler may change a project while the server lets it be (re)submitted: a draft or returned one. */
const editable = (row: ProjectRecord) => !!row.nextSteps?.some((s) => s === 'submit' || s === 'resubmit');

const ProjectWarehousing: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.projectWarehousing.${key}` });
  const table = useRef<CrudTableHandle>(null);
  const columns = useProjectColumns();
  const review = useReviewActions<ProjectRecord>(projectReview, MENU);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string }>();
  const [exporting, setExporting] = useState(false);

  /** Downloads exactly the rows on screen: CrudTable hands every action the query it last listed. */
  const runExport = async (query: ProjectQuery) => {
    setExporting(true);
    try {
      await exportProjects(query, t('exportName'));
      showSuccessToast(t('exported'));
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const actions: Record<string, CrudAction<ProjectRecord>> = {
    ...review.actions,
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    edit: { needs: 'one', hidden: (row) => !editable(row), run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => row.libraryStatus !== DRAFT },
    export: { needs: 'none', run: ({ query }) => (exporting ? undefined : void runExport(query as ProjectQuery)) },
  };

  return (
    <PageContainer>
      <CrudTable<ProjectRecord>
        ref={table}
        menuCode={MENU}
        columns={columns}
        // this screen is the queue of projects not yet in the library
        list={(query) => listProjects({ ...(query as ProjectQuery), inLibrary: NO })}
        remove={(ids) => removeProjects(ids)}
        actions={actions}
        extraButtons={review.extraButtons}
        tableProps={{ search: { labelWidth: 'auto', defaultCollapsed: true } }}
      />
      {review.holder}
      {drawer ? (
        <ProjectDrawer
          mode={drawer.mode}
          id={drawer.id}
          menuCode={MENU}
          onClose={(changed) => {
            setDrawer(undefined);
            if (changed) table.current?.reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
};

export default ProjectWarehousing;
