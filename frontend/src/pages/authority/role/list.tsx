//! /authority/role: the tenant's roles as a tree, filtered by name and alias, with the buttons of
//! the `role` menu: add (also under a row), edit, view, delete, and the permission dialog.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl, useModel } from '@umijs/max';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle } from '@/components/Crud';
import { listRoles, type RoleRecord, removeRoles } from '@/services/authority/role';
import { isAdmin } from '@/access';
import GrantModal from './components/GrantModal';

/** The alias of the platform's super-administrator role (keeper_security::claims::ADMINISTRATOR). */
const ADMINISTRATOR_ROLE = 'administrator';

const RoleList: React.FC = () => {
  const intl = useIntl();
  const field = (f: string) => intl.formatMessage({ id: `pages.authority.role.field.${f}` });
  const table = useRef<CrudTableHandle>(null);
  const [granting, setGranting] = useState<RoleRecord[]>([]);

  const columns: ProColumns<RoleRecord>[] = useMemo(
    () => [
      { title: field('roleName'), dataIndex: 'roleName' },
      { title: field('roleAlias'), dataIndex: 'roleAlias' },
      { title: field('sort'), dataIndex: 'sort', search: false, width: 100 },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  // Only the platform administrator may change the administrator role or put roles under it.
  const { initialState } = useModel('@@initialState');
  const admin = isAdmin(initialState?.currentUser);
  const locked = (row: RoleRecord) => !admin && row.roleAlias === ADMINISTRATOR_ROLE;
  const actions: Record<string, CrudAction<RoleRecord>> = {
    grant: { run: ({ rows }) => setGranting(rows) },
    edit: { hidden: locked },
    delete: { hidden: locked },
  };

  return (
    <PageContainer title={intl.formatMessage({ id: 'menu.authority.role' })}>
      <CrudTable<RoleRecord>
        ref={table}
        menuCode="role"
        tree
        addChild={(row) => !locked(row)}
        columns={columns}
        list={({ roleName, roleAlias }) => listRoles({ roleName, roleAlias })}
        remove={(ids) => removeRoles(ids)}
        actions={actions}
      />
      <GrantModal
        roles={granting}
        open={granting.length > 0}
        onClose={(changed) => {
          setGranting([]);
          if (changed) table.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default RoleList;
