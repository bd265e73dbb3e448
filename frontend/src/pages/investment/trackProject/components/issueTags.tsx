//! How the ledger shows an issue's level and a tracked project's warning colour, the same on every list:
//! a level as a tag (重点 red, 一般 orange, 建议 blue, 上报 grey) and the colour as a dot with its
//! name, the reasons for it in a tooltip.
import { Badge, Tag, Tooltip, Typography } from 'antd';
import React from 'react';
import type { TrackedWarning } from '@/services/business/projectReport';

/** The `issue_level` dictionary. */
export const ISSUE_DICT = { level: 'issue_level', type: 'issue_type', status: 'issue_status' } as const;

const LEVEL_COLORS: Record<string, string | undefined> = { '4': 'red', '3': 'orange', '2': 'blue', '1': undefined };

/** An issue level as a tag; nothing for no level. */
export const IssueLevelTag: React.FC<{ level?: string | null; name?: string; children?: React.ReactNode }> = ({ level, name, children }) =>
  level ? (
    <Tag color={LEVEL_COLORS[level]} data-level={level} style={{ marginInlineEnd: 0 }}>
      {name || level}
      {children}
    </Tag>
  ) : null;

const WARNING_COLORS: Record<TrackedWarning, string> = { green: 'green', blue: 'blue', yellow: 'gold', red: 'red' };

/** A tracked project's warning colour as a dot and its name; hovering lists why. */
export const WarningDot: React.FC<{ warning?: TrackedWarning; name?: string; reasons?: string[] }> = ({ warning, name, reasons }) => {
  if (!warning) return <Typography.Text type="secondary">—</Typography.Text>;
  const dot = (
    <span data-testid="warning-dot" data-warning={warning}>
      <Badge color={WARNING_COLORS[warning] ?? warning} text={name || warning} />
    </span>
  );
  return reasons?.length ? (
    <Tooltip
      title={
        <ul data-testid="warning-reasons" style={{ margin: 0, paddingInlineStart: 16 }}>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      }
    >
      {dot}
    </Tooltip>
  ) : (
    dot
  );
};
