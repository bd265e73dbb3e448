//! The versions a revision of a target kept, latest first: each with the annual figure it had, why it
//! was changed, by whom and when.
import { Table, Typography } from 'antd';
import React from 'react';
import { NONE } from '@/components/Figures';
import type { TargetVersion } from '@/services/business/deptTarget';
import type { TargetT } from './messages';

/** The annual figure of a kept version (its content is the target as it was, as JSON). */
export function versionAnnual(v: TargetVersion): string | null {
  try {
    const content = JSON.parse(v.content);
    return content?.annualTarget === undefined || content?.annualTarget === null ? null : String(content.annualTarget);
  } catch {
    return null;
  }
}

export interface TargetVersionsProps {
  t: TargetT;
  versions: TargetVersion[];
  /** the title of the version column */
  versionLabel: string;
  /** the title of the annual figure, with its unit */
  annualLabel: string;
  /** writes an annual figure as the screen does (money, or a count) */
  figure: (value: string | null) => React.ReactNode;
  testId: string;
}

const TargetVersions: React.FC<TargetVersionsProps> = ({ t, versions, versionLabel, annualLabel, figure, testId }) => (
  <>
    <Typography.Title level={5} style={{ marginTop: 24 }}>
      {t('versions.title')}
    </Typography.Title>
    <Table<TargetVersion>
      size="small"
      rowKey="id"
      pagination={false}
      data-testid={testId}
      dataSource={versions}
      locale={{ emptyText: t('versions.none') }}
      columns={[
        { title: versionLabel, dataIndex: 'version', width: 70, align: 'center' },
        { title: annualLabel, key: 'annual', width: 160, align: 'right', render: (_, v) => figure(versionAnnual(v)) },
        { title: t('versions.reason'), dataIndex: 'reason', render: (v: string) => v || NONE },
        { title: t('versions.by'), dataIndex: 'createUserName', width: 120 },
        { title: t('versions.time'), dataIndex: 'createTime', width: 170 },
      ]}
    />
  </>
);

export default TargetVersions;
