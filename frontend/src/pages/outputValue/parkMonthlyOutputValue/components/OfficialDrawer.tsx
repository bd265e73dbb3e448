//! 统计数据: the official output figures typed in for the year shown (both sources), newest state of each
//! department, month and source. Changed from the row (`edit`), deleted by whoever holds `delete`; new
//! ones are entered from the page's 录入统计数据.
import { Alert, Drawer } from 'antd';
import React, { useImperativeHandle, useRef } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle } from '@/components/Crud';
import { listParkOfficial, type ParkOfficialRecord, removeParkOfficial } from '@/services/business/parkOutput';
import { useOfficialColumns, useT } from '../columns';

/** A button of the menu this list does not offer. */
const NOT_HERE = { run: undefined };

export interface OfficialDrawerProps {
  menuCode: string;
  year: number;
  onEdit: (record: ParkOfficialRecord) => void;
  /** a figure was deleted: the matrix changes too */
  onChanged: () => void;
  onClose: () => void;
}

const OfficialDrawer = React.forwardRef<CrudTableHandle, OfficialDrawerProps>(function OfficialDrawer({ menuCode, year, onEdit, onChanged, onClose }, ref) {
  const t = useT();
  const columns = useOfficialColumns();
  const table = useRef<CrudTableHandle>(null);
  useImperativeHandle(ref, () => ({ reload: () => table.current?.reload() }), []);

  const actions: Record<string, CrudAction<ParkOfficialRecord>> = {
    add: NOT_HERE,
    view: NOT_HERE,
    import: NOT_HERE,
    export: NOT_HERE,
    edit: { needs: 'one', run: ({ rows }) => onEdit(rows[0]) },
  };

  return (
    <Drawer open title={t('official.title', { year })} size="min(960px, 95vw)" onClose={onClose} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('official.hint')} />
      <CrudTable<ParkOfficialRecord>
        ref={table}
        menuCode={menuCode}
        settingsKey={`${menuCode}:official`}
        columns={columns}
        list={() => listParkOfficial(year)}
        remove={async (ids) => {
          const res = await removeParkOfficial(ids);
          if (res?.success) onChanged();
          return res;
        }}
        actions={actions}
        tableProps={{ params: { year }, size: 'small' }}
      />
    </Drawer>
  );
});

export default OfficialDrawer;
