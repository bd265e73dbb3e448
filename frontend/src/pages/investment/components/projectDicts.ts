//! The dictionaries of a project (tenant business dictionaries, domain-model §5): one name for each
//! code, shared by the project form and the project lists. The industry tree is the enterprise
//! register's (GB/T 4754 sections with their divisions).
export { useIndustryTree } from '@/pages/system/enterprise/components/dicts';

export const PROJECT_DICT = {
  projectType: 'project_type',
  projectStatus: 'project_status',
  projectSource: 'project_source',
  constructionNature: 'construction_nature',
  industry: 'industry',
  leadingIndustry: 'industry_chain',
  projectLevel: 'project_level',
  investorOrigin: 'investor_origin',
  projectStage: 'project_stage',
  renovationType: 'renovation_type',
} as const;
