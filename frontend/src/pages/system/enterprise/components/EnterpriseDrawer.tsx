//! The drawer of /system/enterprise that adds, changes or shows one enterprise (the route has no
//! sub-pages). A new enterprise starts in the department picked in the tree.
import { useIntl } from '@umijs/max';
import React from 'react';
import { CrudDrawer, type CrudMode } from '@/components/Crud';
import { type EnterpriseRecord, getEnterprise, submitEnterprise } from '@/services/business/enterprise';
import EnterpriseFields, { type EnterpriseFormValues, toFormValues, toSubmit } from './EnterpriseForm';

export interface EnterpriseDrawerProps {
  mode: CrudMode;
  /** edit and view */
  id?: string;
  /** add: the department picked in the tree */
  deptId?: string;
  onClose: (changed: boolean) => void;
}

const EnterpriseDrawer: React.FC<EnterpriseDrawerProps> = ({ mode, id, deptId, onClose }) => {
  const intl = useIntl();
  return (
    <CrudDrawer<EnterpriseRecord, EnterpriseFormValues>
      mode={mode}
      id={id}
      name="enterprise-form"
      testId="enterprise"
      title={intl.formatMessage({ id: `pages.system.enterprise.${mode}` })}
      size={1040}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={getEnterprise}
      toValues={toFormValues}
      initialValues={{ deptId, isHighTech: 'N', isListed: 'N' }}
      submit={(values) => submitEnterprise(toSubmit(values, mode === 'edit' ? id : undefined))}
      onClose={onClose}
    >
      <EnterpriseFields view={mode === 'view'} />
    </CrudDrawer>
  );
};

export default EnterpriseDrawer;
