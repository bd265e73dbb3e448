//! /investment/projectManagement/projectWarehousing (项目入库, domain-model §2.2.3): the projects not yet
//! accepted into the zone's library — drafts, those waiting for review and those sent back. A park
//! clerk adds and fills a project, changes it while it is a draft or returned, and submits it; the
//! reviewer approves it (it then leaves this list for 在库项目) or returns it with an opinion. Export
//! downloads exactly what the filters show; 导入 brings projects in from the Excel template as drafts.
//! Buttons by grant, review steps by the server's nextSteps.
import React from 'react';
import { exportProjects, listProjects, NO, type ProjectQuery, type ProjectRecord } from '@/services/business/project';
import ProjectLibraryList from '../../components/ProjectLibraryList';
import { useProjectColumns } from './columns';

const MENU = 'project_warehousing';

const ProjectWarehousing: React.FC = () => {
  const columns = useProjectColumns();
  return (
    <ProjectLibraryList<ProjectRecord, ProjectQuery>
      menuCode={MENU}
      importBase="/project"
      messages="pages.investment.projectWarehousing"
      columns={columns}
      // this screen is the queue of projects not yet in the library
      list={(query) => listProjects({ ...query, inLibrary: NO })}
      exportRows={exportProjects}
    />
  );
};

export default ProjectWarehousing;
