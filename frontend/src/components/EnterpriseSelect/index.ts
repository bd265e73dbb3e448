//! Enterprise pickers over `parkCompany/list`, like DeptTreeSelect over the department tree.
export { EnterpriseSelect, loadEnterpriseOptions, ProFormEnterpriseSelect, toEnterpriseOption, useEnterprises } from './EnterpriseSelect';
export type { EnterpriseOption } from './EnterpriseSelect';
