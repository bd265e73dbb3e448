//! Columns the project lists share: the park (属地园区), shown by name and filtered by the department
//! tree with everything below it.
import { type CrudColumn, TREE_SELECT_DEFAULTS, type useDeptTree } from '@/components/Crud';
import { NONE } from '@/components/Figures';
import type { ProjectRecord } from '@/services/business/project';

/** The park column over the tree `depts` (`useDeptTree('park')`). */
export function parkColumn<R extends ProjectRecord>(title: string, depts: ReturnType<typeof useDeptTree>, extra?: Partial<CrudColumn<R>>): CrudColumn<R> {
  return {
    title,
    dataIndex: 'deptId',
    valueType: 'treeSelect',
    fieldProps: { ...TREE_SELECT_DEFAULTS, loading: depts.loading, treeData: depts.options },
    render: (_, row) => row.deptName || NONE,
    width: 100,
    ellipsis: true,
    ...extra,
  } as CrudColumn<R>;
}
