//! 未分解企业: the reporting enterprises of the chosen department without a target for the year, with last
//! year's output, folded below the targets. 新增目标 (with the grant to add) opens the drawer on the
//! enterprise.
import { Collapse, Table, Typography } from 'antd';
import React from 'react';
import type { PendingEnterprise } from '@/services/business/outputTarget';
import { usePendingColumns, useT } from '../columns';

export interface PendingPanelProps {
  year: number;
  pending: PendingEnterprise[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 新增目标 on a row; no button without it */
  onAdd?: (p: PendingEnterprise) => void;
}

const PendingPanel: React.FC<PendingPanelProps> = ({ year, pending, open, onOpenChange, onAdd }) => {
  const t = useT();
  const columns = usePendingColumns(onAdd);
  return (
    <Collapse
      style={{ marginTop: 16 }}
      activeKey={open ? ['pending'] : []}
      onChange={(keys) => onOpenChange((Array.isArray(keys) ? keys : [keys]).includes('pending'))}
      data-testid="breakdown-pending"
      items={[
        {
          key: 'pending',
          label: `${t('pending.title')} (${pending.length})`,
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('pending.hint', { year })}</Typography.Paragraph>
              <Table<PendingEnterprise>
                size="small"
                rowKey="enterpriseId"
                columns={columns}
                dataSource={pending}
                locale={{ emptyText: t('pending.empty') }}
                pagination={pending.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              />
            </>
          ),
        },
      ]}
    />
  );
};

export default PendingPanel;
