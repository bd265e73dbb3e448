//! /system/user/list: the tenant's accounts, filtered by the department tree on the left and by
//! account, name, phone and status; the buttons of the `user` menu the user was granted, including
//! the Excel import (template, upload, per-row report) and the export of the filtered list.
import { PageContainer } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import React, { useMemo, useRef, useState } from 'react';
import { getCurrentUser } from '@/utils/authority';
import { blobErrorMessage } from '@/utils/files';
import { showError } from '@/utils/requestMessages';
import {
  type CrudAction,
  type CrudColumn,
  CrudTable,
  type CrudTableHandle,
  dictColumn,
  type DictStatus,
  ExcelImport,
  useCrudConfirm,
  useDeptTree,
  useDict,
} from '@/components/Crud';
import {
  downloadUserTemplate,
  exportUsers,
  importUsers,
  listUsers,
  removeUsers,
  resetUserPasswords,
  setUsersStatus,
  unlockUsers,
  USER_DISABLED,
  USER_ENABLED,
  USER_PENDING,
  type UserRecord,
} from '@/services/system/user';
import AuditModal from './components/AuditModal';
import RoleGrantModal from './components/RoleGrantModal';

const STATUS_BADGES: Record<string, DictStatus> = { '1': 'Success', '2': 'Error', '3': 'Warning' };

const UserList: React.FC = () => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id }, values as any);
  const field = (f: string) => t(`pages.system.user.field.${f}`);
  const table = useRef<CrudTableHandle>(null);
  const depts = useDeptTree();
  const statuses = useDict('user_status', 'system');
  const userTypes = useDict('user_type', 'system');
  const [confirm, confirmHolder] = useCrudConfirm();
  const [granting, setGranting] = useState<UserRecord[]>([]);
  const [importing, setImporting] = useState(false);
  const [auditing, setAuditing] = useState<UserRecord>();

  // At 1440 px, beside the department tree: who, with which roles, where and whether enabled; the
  // phone number, the platform and the creation time are one tick away in the column settings.
  const columns: CrudColumn<UserRecord>[] = useMemo(
    () => [
      { title: field('account'), dataIndex: 'account', sorter: true, ellipsis: true, width: 120 },
      { title: field('realName'), dataIndex: 'realName', sorter: true, ellipsis: true, width: 100 },
      { title: field('phone'), dataIndex: 'phone', width: 130, optional: true },
      { title: field('roleId'), dataIndex: 'roleName', search: false, ellipsis: true, width: 130 },
      { title: field('deptId'), dataIndex: 'deptName', search: false, ellipsis: true, width: 130 },
      { title: field('userType'), dataIndex: 'userType', search: false, ...dictColumn(userTypes.options), width: 100, optional: true },
      {
        title: field('status'),
        dataIndex: 'status',
        ...dictColumn(statuses.options, (v) => STATUS_BADGES[v]),
        width: 90,
      },
      { title: field('createTime'), dataIndex: 'createTime', search: false, sorter: true, width: 170, optional: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, statuses.options, userTypes.options],
  );

  const names = (rows: UserRecord[]) => rows.map((r) => r.account);
  // The server refuses to delete or disable the account in use: do not offer it.
  const me = String(getCurrentUser()?.userId ?? '');
  const isMe = (row: UserRecord) => row.id === me;
  const isPending = (row: UserRecord) => Number(row.status) === USER_PENDING;
  const actions: Record<string, CrudAction<UserRecord>> = {
    delete: { hidden: isMe },
    role: { run: ({ rows }) => setGranting(rows) },
    'reset-password': {
      run: ({ rows, reload }) =>
        confirm({
          title: t('pages.system.user.reset.title'),
          content: t('pages.system.user.reset.confirm', { count: rows.length }),
          danger: true,
          call: () => resetUserPasswords(rows.map((r) => r.id)),
          onDone: reload,
        }),
    },
    unlock: {
      run: ({ rows, reload }) =>
        confirm({
          title: t('pages.system.user.unlock.title'),
          content: t('pages.system.user.unlock.confirm', { count: rows.length }),
          call: () => unlockUsers(rows.map((r) => r.id)),
          onDone: reload,
        }),
    },
    // A registration is approved or rejected, not switched on.
    audit: { hidden: (row) => !isPending(row), run: ({ rows }) => setAuditing(rows[0]) },
    enable: {
      hidden: (row) => isMe(row) || isPending(row),
      label: (row) => t(row?.status === USER_ENABLED ? 'pages.system.user.disable' : 'pages.system.user.enable'),
      run: ({ rows, reload }) => {
        const disabling = rows.every((r) => r.status === USER_ENABLED);
        const account = names(rows).join('、');
        confirm({
          title: t(disabling ? 'pages.system.user.disable' : 'pages.system.user.enable'),
          content: t(disabling ? 'pages.system.user.disable.confirm' : 'pages.system.user.enable.confirm', { account }),
          danger: disabling,
          call: () => setUsersStatus(rows.map((r) => r.id), disabling ? USER_DISABLED : USER_ENABLED),
          onDone: reload,
        });
      },
    },
    platform: { needs: 'one', run: ({ button, rows }) => history.push(`${button.path}/${rows[0].id}`) },
    import: { needs: 'none', run: () => setImporting(true) },
    export: {
      needs: 'none',
      run: async ({ query }) => {
        try {
          await exportUsers(query, t('pages.system.user.export.fileName'));
        } catch (e) {
          showError((await blobErrorMessage(e)) ?? t('crud.export.failed'));
        }
      },
    },
  };

  return (
    <PageContainer title={t('menu.system.user')}>
      {confirmHolder}
      <CrudTable<UserRecord>
        ref={table}
        menuCode="user"
        columns={columns}
        list={(query) => listUsers(query)}
        remove={(ids) => removeUsers(ids)}
        actions={actions}
        filterPanel={{ title: t('pages.system.user.dept'), param: 'deptId', options: depts.options, loading: depts.loading }}
      />
      <ExcelImport
        open={importing}
        title={t('pages.system.user.import.title')}
        templateHint={t('pages.system.user.import.hint')}
        coveredLabel={t('pages.system.user.import.covered')}
        template={() => downloadUserTemplate(t('pages.system.user.import.templateName'))}
        upload={(file, covered, options) => importUsers(file, covered, options)}
        testId="user-import"
        onClose={(imported) => {
          setImporting(false);
          if (imported) table.current?.reload();
        }}
      />
      <AuditModal
        user={auditing}
        onClose={(changed) => {
          setAuditing(undefined);
          if (changed) table.current?.reload();
        }}
      />
      <RoleGrantModal
        users={granting}
        open={granting.length > 0}
        onClose={(changed) => {
          setGranting([]);
          if (changed) table.current?.reload();
        }}
      />
    </PageContainer>
  );
};

export default UserList;
