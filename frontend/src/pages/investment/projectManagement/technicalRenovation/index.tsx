//! /investment/projectManagement/technicalRenovation (技术改造, domain-model §2.2.4): the technical-
//! renovation projects of existing enterprises, from filing to production — the industry bureau and
//! the parks register them with their renovation facts, submit them into the library like any project
//! (the same drawer and review as 项目入库, menu `technical_renovation`), and follow what they invest
//! this year. Above the list: 技改投资 of the year against industrial investment and equipment against
//! the plan, for the filters shown. Export downloads exactly the list.
import React, { useCallback, useState } from 'react';
import { NO, RENOVATION_TYPE } from '@/services/business/project';
import { exportRenovations, listRenovations, type RenovationQuery, type RenovationRecord } from '@/services/business/renovation';
import ProjectLibraryList from '../../components/ProjectLibraryList';
import type { ProjectFormValues } from '../../components/projectValues';
import { NEW_RENOVATION } from '../../components/renovationValues';
import { useRenovationColumns } from './columns';
import RenovationSummaryCard from './RenovationSummaryCard';

/** `construction_nature` 改建和技术改造: what a 技改 project normally is. */
const RENOVATION_NATURE = '3';

/** A new project here is a 技改 one. */
const NEW_PROJECT: ProjectFormValues = {
  projectType: RENOVATION_TYPE,
  constructionNature: RENOVATION_NATURE,
  isKeyProject: NO,
  renovation: NEW_RENOVATION,
};

const TechnicalRenovation: React.FC = () => {
  const columns = useRenovationColumns();
  // the summary follows the filters the list was last asked for
  const [query, setQuery] = useState<RenovationQuery>();
  const list = useCallback((q: RenovationQuery) => {
    setQuery(q);
    return listRenovations(q);
  }, []);
  return (
    <ProjectLibraryList<RenovationRecord, RenovationQuery>
      menuCode="technical_renovation"
      importBase="/project"
      messages="pages.investment.technicalRenovation"
      columns={columns}
      list={list}
      exportRows={exportRenovations}
      initialValues={NEW_PROJECT}
      header={<RenovationSummaryCard query={query} />}
    />
  );
};

export default TechnicalRenovation;
