//! 待办事项 on the home page: what waits for the signed-in person (`/workbench/todo`), each to-do with its
//! count and a link to the list it counts, opened on the month and status that show those rows. A to-do
//! the person holds with nothing left reads 无 (a person should see it is done, not wonder where it
//! went); one the server did not send is not theirs and is not shown. A failure is said in the card.
import { AuditOutlined, CheckCircleOutlined, ClockCircleOutlined, FileExclamationOutlined, RightOutlined, RollbackOutlined } from '@ant-design/icons';
import { Link, useIntl } from '@umijs/max';
import { Card, Empty, Flex, theme, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { periodLabel } from '@/components/Period';
import { UNREPORTED } from '@/pages/outputValue/report/columns';
import { getTodos, TODO_KINDS, type TodoItem, type TodoKind, type Todos as TodoList } from '@/services/business/workbench';
import { ErrorShowType } from '@/utils/request';

const OUTPUT_REPORT = '/outputValue/report';
const TRACK_PROJECT = '/investment/trackProject';
/** `report_status` keys the links filter on: 待审核 and 已退回. */
const SUBMITTED = '1';
const RETURNED = '3';

/** Where a to-do leads: the list of exactly what it counts. The output reports are listed by month: the
 * oldest month among them, else the month being reported (`period`). */
export function todoLink(item: TodoItem, period: string): string | undefined {
  const month = item.period || period;
  switch (item.kind as TodoKind) {
    case 'outputReview':
      return `${OUTPUT_REPORT}?period=${month}&reportStatus=${SUBMITTED}`;
    case 'outputReturned':
      return `${OUTPUT_REPORT}?period=${month}&reportStatus=${RETURNED}`;
    case 'outputMissing':
      return `${OUTPUT_REPORT}?period=${month}&reportStatus=${UNREPORTED}`;
    // the review queue lists every month: all that wait are there
    case 'projectReportReview':
      return `${TRACK_PROJECT}?tab=review&reportStatus=${SUBMITTED}`;
    case 'projectReportReturned':
      return `${TRACK_PROJECT}?tab=review&reportStatus=${RETURNED}`;
    case 'overdueIssues':
      return `${TRACK_PROJECT}?tab=issues&assigned=Y&overdue=Y`;
    default:
      return undefined;
  }
}

const ICONS: Record<TodoKind, React.ReactNode> = {
  outputReview: <AuditOutlined />,
  outputReturned: <RollbackOutlined />,
  outputMissing: <FileExclamationOutlined />,
  projectReportReview: <AuditOutlined />,
  projectReportReturned: <RollbackOutlined />,
  overdueIssues: <ClockCircleOutlined />,
};

const Todos: React.FC = () => {
  const intl = useIntl();
  const { token } = theme.useToken();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.home.todos.${key}` }, values as any);
  const [state, setState] = useState<{ loading: boolean; failed?: boolean; data?: TodoList }>({ loading: true });

  useEffect(() => {
    let alive = true;
    getTodos({ showType: ErrorShowType.SILENT, showMsg: false })
      .then((res) => alive && setState({ loading: false, data: res?.success ? res.data : undefined, failed: !res?.success }))
      .catch(() => alive && setState({ loading: false, failed: true }));
    return () => {
      alive = false;
    };
  }, []);

  const period = state.data?.period ?? '';
  // the kinds this build knows, in its order, whatever order they came in
  const items = TODO_KINDS.flatMap((kind) => state.data?.items.filter((i) => i.kind === kind) ?? []);

  /** The month the filings waiting reach back to, when it is older than the card's: the link opens on it. */
  const hint = (item: TodoItem) =>
    item.count && item.period && item.period !== period && (item.kind === 'outputReview' || item.kind === 'outputReturned')
      ? t('oldest', { month: periodLabel(intl, item.period) })
      : null;

  let body: React.ReactNode;
  if (state.failed) body = <Typography.Text type="secondary">{t('failed')}</Typography.Text>;
  else if (!state.loading && !items.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  else {
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, i) => {
          const kind = item.kind as TodoKind;
          const done = !item.count;
          const line = (
            <Flex justify="space-between" align="center" gap={12} style={{ padding: '10px 0' }}>
              <Flex align="center" gap={10} style={{ minWidth: 0 }}>
                <span style={{ color: done ? token.colorTextTertiary : token.colorPrimary, fontSize: 18 }}>{ICONS[kind]}</span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text type={done ? 'secondary' : undefined} data-testid="todo-label">
                    {t(`kind.${kind}`)}
                  </Typography.Text>
                  {hint(item) ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {hint(item)}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Flex>
              {done ? (
                <Typography.Text type="secondary" style={{ flex: 'none' }} data-testid="todo-count">
                  <CheckCircleOutlined style={{ color: token.colorSuccess, marginInlineEnd: 4 }} />
                  {t('none')}
                </Typography.Text>
              ) : (
                <Flex align="center" gap={6} style={{ flex: 'none' }}>
                  <Typography.Text strong style={{ fontSize: 20, color: token.colorWarning }} data-testid="todo-count">
                    {item.count}
                  </Typography.Text>
                  {/* says the line leads somewhere */}
                  <RightOutlined style={{ color: token.colorTextTertiary, fontSize: 12 }} />
                </Flex>
              )}
            </Flex>
          );
          const to = done ? undefined : todoLink(item, period);
          return (
            <li
              key={kind}
              style={{ borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}
              data-testid={`todo-${kind}`}
              data-count={item.count}
            >
              {/* the whole line leads to the list: a large target for a clerk in a hurry */}
              {to ? (
                <Link to={to} style={{ display: 'block', color: 'inherit' }} aria-label={`${t(`kind.${kind}`)} ${item.count}`}>
                  {line}
                </Link>
              ) : (
                line
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card
      title={t('title')}
      extra={period ? <Typography.Text type="secondary">{t('period', { month: periodLabel(intl, period) })}</Typography.Text> : null}
      loading={state.loading}
      style={{ height: '100%' }}
      data-testid="home-todos"
    >
      {body}
    </Card>
  );
};

export default Todos;
