//! /system/dept/list: the tenant's departments as a tree, filtered by name and full name, with the
//! buttons of the `dept` menu: add (also under a row), edit, view and delete (refused by the server
//! while a department has sub-departments or members, with its reason).
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useMemo } from 'react';
import { CrudTable, dictColumn, useDict } from '@/components/Crud';
import { type DeptRecord, listDepts, removeDepts } from '@/services/system/dept';

const DeptList: React.FC = () => {
  const intl = useIntl();
  const field = (f: string) => intl.formatMessage({ id: `pages.system.dept.field.${f}` });
  const categories = useDict('org_category', 'system');
  const powerTypes = useDict('dept_power_type', 'powerType');

  const columns: ProColumns<DeptRecord>[] = useMemo(
    () => [
      { title: field('deptName'), dataIndex: 'deptName' },
      { title: field('fullName'), dataIndex: 'fullName', ellipsis: true },
      { title: field('deptCategory'), dataIndex: 'deptCategory', search: false, width: 100, ...dictColumn(categories.options) },
      { title: field('powerType'), dataIndex: 'powerType', search: false, ellipsis: true, ...dictColumn(powerTypes.options) },
      { title: field('sort'), dataIndex: 'sort', search: false, width: 80 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, categories.options, powerTypes.options],
  );

  return (
    <PageContainer>
      <CrudTable<DeptRecord>
        menuCode="dept"
        tree
        addChild
        columns={columns}
        list={({ deptName, fullName }) => listDepts({ deptName, fullName })}
        remove={(ids) => removeDepts(ids)}
      />
    </PageContainer>
  );
};

export default DeptList;
