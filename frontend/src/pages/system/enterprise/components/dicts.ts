//! The dictionaries of the enterprise register (tenant business dictionaries, domain-model §5) and the
//! industry tree (GB/T 4754 sections with the divisions under them).
import { loadDict, toTreeOptions, type TreeOption, useOptions } from '@/components/Crud';

export const DICT = {
  companyType: 'company_type',
  industry: 'industry',
  leadingIndustry: 'industry_chain',
  statCategory: 'stat_category',
  enterpriseScale: 'enterprise_scale',
  specializedLevel: 'specialized_level',
  operatingStatus: 'enterprise_status',
} as const;

export function useIndustryTree() {
  return useOptions<TreeOption>('dict:bizTree:industry:options', () => loadDict(DICT.industry, 'bizTree').then(toTreeOptions));
}
