//! The screens where projects are filed for the zone's library (项目入库, 技术改造): a list of projects
//! with the review workflow, a drawer to add, change and show one, deletion of drafts and the export of
//! exactly what the filters show. A park clerk adds and fills a project, changes it while it is a draft
//! or returned, and submits it; the reviewer approves it or returns it with an opinion. Buttons by
//! grant (`menuCode`), review steps by the server's nextSteps. A screen brings its columns, its list
//! and export calls, the values a new project starts with, and what it shows above the list; with an
//! `importBase` the menu's 导入 button brings projects in from the Excel template, as drafts.
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useRef, useState } from 'react';
import { type CrudAction, type CrudColumn, type CrudMode, CrudTable, type CrudTableHandle, ImportDialog } from '@/components/Crud';
import { useReviewActions } from '@/components/Review';
import { type ProjectRecord, projectReview, removeProjects } from '@/services/business/project';
import { useDownload } from '@/utils/useDownload';
import ProjectDrawer from './ProjectDrawer';
import type { ProjectFormValues } from './projectValues';

/** `report_status` 草稿: the only projects that may be deleted. */
const DRAFT = '0';

/** The filler may change a project while the server lets it be (re)submitted: a draft or returned one. */
const editable = (row: ProjectRecord) => !!row.nextSteps?.some((s) => s === 'submit' || s === 'resubmit');

export interface ProjectLibraryListProps<R extends ProjectRecord, Q> {
  /** the menu whose buttons the screen shows (`project_warehousing`, `technical_renovation`) */
  menuCode: string;
  /** the i18n prefix of the screen's export messages (`exportName`, `exported`, `exportFailed`) */
  messages: string;
  columns: CrudColumn<R>[];
  list: (query: Q) => Promise<API.Result<API.Page<R>>>;
  exportRows: (query: Q, fallbackName: string) => Promise<unknown>;
  /** a new project's values (the screen's own type, say) */
  initialValues?: ProjectFormValues;
  /** shown above the list (figures of the current filter) */
  header?: React.ReactNode;
  /** the service path whose template and import the menu's 导入 button uses (`/project`); its words
   * are `<messages>.import.*` */
  importBase?: string;
}

function ProjectLibraryList<R extends ProjectRecord, Q>({
  menuCode,
  messages,
  columns,
  list,
  exportRows,
  initialValues,
  header,
  importBase,
}: ProjectLibraryListProps<R, Q>) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `${messages}.${key}` });
  const table = useRef<CrudTableHandle>(null);
  const review = useReviewActions<R>(projectReview, menuCode);
  const [drawer, setDrawer] = useState<{ mode: CrudMode; id?: string }>();
  const [importing, setImporting] = useState(false);
  const download = useDownload(t('exportFailed'));

  /** Downloads exactly the rows on screen: CrudTable hands every action the query it last listed. */
  const runExport = (query: Q) => download.run(() => exportRows(query, t('exportName')), t('exported'));

  const actions: Record<string, CrudAction<R>> = {
    ...review.actions,
    add: { needs: 'none', run: () => setDrawer({ mode: 'add' }) },
    edit: { needs: 'one', hidden: (row) => !editable(row), run: ({ rows }) => setDrawer({ mode: 'edit', id: rows[0].id }) },
    view: { needs: 'one', run: ({ rows }) => setDrawer({ mode: 'view', id: rows[0].id }) },
    delete: { hidden: (row) => row.libraryStatus !== DRAFT },
    export: { needs: 'none', run: ({ query }) => void runExport(query as Q) },
    // imported projects are drafts: they show on this list at once
    ...(importBase ? { import: { needs: 'none', run: () => setImporting(true) } } : {}),
  };

  return (
    <PageContainer>
      {header}
      <CrudTable<R>
        ref={table}
        menuCode={menuCode}
        columns={columns}
        list={(query) => list(query as Q)}
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
          menuCode={menuCode}
          initialValues={initialValues}
          onClose={(changed) => {
            setDrawer(undefined);
            if (changed) table.current?.reload();
          }}
        />
      ) : null}
      {importBase ? (
        <ImportDialog
          open={importing}
          onClose={(imported) => {
            setImporting(false);
            if (imported) table.current?.reload();
          }}
          base={importBase}
          messages={messages}
          testId="project-import"
        />
      ) : null}
    </PageContainer>
  );
}

export default ProjectLibraryList;
