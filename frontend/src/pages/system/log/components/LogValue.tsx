//! How one field of a log reads, in the list and on the detail page.
import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import React from 'react';
import { ResultTag } from '@/components/Crud';
import { type LogField, prettyJson } from './logScreens';

/** A monospace block that wraps long lines (parameters, user agents). */
export const CodeBlock: React.FC<{ text: string }> = ({ text }) => (
  <pre
    style={{
      margin: 0,
      padding: '8px 12px',
      maxHeight: 480,
      overflow: 'auto',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
      fontFamily: 'SFMono-Regular, Consolas, "Liberation Mono", Menlo, monospace',
      fontSize: 12,
      background: 'rgba(0, 0, 0, 0.03)',
      borderRadius: 4,
      width: '100%',
    }}
  >
    {text}
  </pre>
);

const LogValue: React.FC<{ field: LogField; value: unknown; full?: boolean }> = ({ field, value, full }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.log.${key}` }, values as any);
  const empty = value === undefined || value === null || value === '';
  switch (field.show) {
    case 'result':
      return <ResultTag value={value} />;
    case 'ms':
      return <>{empty ? '-' : t('ms', { time: Number(value) })}</>;
    case 'grant': {
      const id = `pages.system.log.grant.${value}`;
      return <>{empty ? '-' : intl.messages[id] ? `${intl.formatMessage({ id })} (${value})` : String(value)}</>;
    }
    case 'json':
      if (!full) break;
      return empty ? <Typography.Text type="secondary">{t('empty')}</Typography.Text> : <CodeBlock text={prettyJson(String(value))} />;
    case 'long':
      if (!full) break;
      return empty ? <>-</> : <CodeBlock text={String(value)} />;
    default:
      break;
  }
  return <>{empty ? '-' : String(value)}</>;
};

export default LogValue;
