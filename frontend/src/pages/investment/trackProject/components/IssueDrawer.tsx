//! 查看 an issue of the ledger: what was raised, by whom and when (and 来源 产值填报 when it was an
//! enterprise's difficulty of its output report); how it was triaged and assigned; how
//! it was handled and closed; and its history, oldest first, as a timeline (each move with the status
//! and level it changed and what was written).
import { useIntl } from '@umijs/max';
import { Descriptions, Divider, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { periodLabel } from '@/components/Period';
import { getIssue, type IssueLogEntry, type ProjectIssueDetail } from '@/services/business/projectIssue';
import { IssueLevelTag } from './issueTags';

export interface IssueDrawerProps {
  id: string;
  onClose: () => void;
}

const LOG_COLORS: Record<string, string> = { confirm: 'green', resolve: 'green', refuse: 'red', reject: 'red', close: 'gray', relevel: 'orange' };

const IssueDrawer: React.FC<IssueDrawerProps> = ({ id, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  // The server names a move in Chinese (上报, 交办); another language names it by its own words.
  const actionName = (action: string, name?: string) => {
    const id = `pages.investment.trackProject.issue.action.${action}`;
    return !intl.locale.startsWith('zh') && intl.messages[id] ? intl.formatMessage({ id }) : name || action;
  };
  const [issue, setIssue] = useState<ProjectIssueDetail | null>();

  useEffect(() => {
    let alive = true;
    getIssue(id)
      .then((res) => (res?.success ? res.data : null))
      // the request layer has said why
      .catch(() => null)
      .then((data) => {
        if (alive) setIssue(data ?? null);
      });
    return () => {
      alive = false;
    };
  }, [id]);

  const text = (v?: string | null) => (v ? v : '—');
  const change = (e: IssueLogEntry) =>
    [
      e.fromStatusName && e.toStatusName && e.fromStatusName !== e.toStatusName ? `${e.fromStatusName} → ${e.toStatusName}` : '',
      e.fromLevelName && e.toLevelName && e.fromLevelName !== e.toLevelName ? `${e.fromLevelName} → ${e.toLevelName}` : '',
    ]
      .filter(Boolean)
      .join(' · ');

  let body: React.ReactNode;
  if (issue === undefined) body = <Spin />;
  else if (issue === null) body = <Empty description={t('view.missing')} />;
  else
    body = (
      <>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="issue-detail"
          items={[
            { key: 'no', label: t('field.issueNo'), children: text(issue.issueNo) },
            { key: 'project', label: t('field.projectName'), children: issue.projectName },
            {
              key: 'level',
              label: t('field.issueLevel'),
              children: <IssueLevelTag level={issue.issueLevel} name={issue.issueLevelName} />,
            },
            { key: 'status', label: t('field.issueStatus'), children: <Tag>{issue.issueStatusName}</Tag> },
            { key: 'type', label: t('field.issueType'), children: text(issue.issueTypeName) },
            { key: 'period', label: t('field.raisedPeriod'), children: issue.raisedPeriod ? periodLabel(intl, issue.raisedPeriod) : '—' },
            { key: 'raisedBy', label: t('field.raisedByDeptName'), children: [issue.raisedByDeptName, issue.raisedByName].filter(Boolean).join(' · ') || '—' },
            { key: 'dept', label: t('field.deptName'), children: text(issue.deptName) },
            // an enterprise's difficulty raised from its output report (产值填报 › 转为问题)
            ...(issue.outputReportId ? [{ key: 'source', label: t('field.source'), span: 'filled' as const, children: <span data-testid="issue-source">{t('source.output')}</span> }] : []),
            { key: 'description', label: t('field.description'), span: 'filled', children: <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{issue.description}</Typography.Paragraph> },
            { key: 'suggestion', label: t('field.suggestion'), span: 'filled', children: text(issue.suggestion) },
            { key: 'responsible', label: t('field.responsibleDeptName'), children: text(issue.responsibleDeptName) },
            { key: 'co', label: t('field.coDeptNames'), children: text(issue.coDeptNames) },
            { key: 'leader', label: t('field.responsibleLeader'), children: text(issue.responsibleLeader) },
            {
              key: 'deadline',
              label: t('field.deadline'),
              children:
                issue.overdueDays > 0 ? (
                  <Typography.Text type="danger">{t('view.overdue', { deadline: issue.deadline, days: issue.overdueDays })}</Typography.Text>
                ) : (
                  text(issue.deadline)
                ),
            },
            { key: 'meeting', label: t('field.meetingRef'), children: text(issue.meetingRef) },
            { key: 'resolution', label: t('field.resolution'), span: 'filled', children: text(issue.resolution) },
            { key: 'resolved', label: t('field.resolvedDate'), children: text(issue.resolvedDate) },
            { key: 'closed', label: t('field.closedBy'), children: [issue.closedByName, issue.closedDate].filter(Boolean).join(' · ') || '—' },
          ]}
        />
        <Divider titlePlacement="start">{t('view.log')}</Divider>
        {issue.log?.length ? (
          <Timeline
            data-testid="issue-log"
            items={issue.log.map((e) => ({
              key: e.id,
              color: LOG_COLORS[e.action] ?? 'blue',
              title: e.createTime,
              content: (
                <>
                  <Typography.Text strong>{actionName(e.action, e.actionName)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {' '}
                    {[change(e), e.operatorName].filter(Boolean).join(' · ')}
                  </Typography.Text>
                  {e.content ? <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{e.content}</Typography.Paragraph> : null}
                </>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.noLog')} />
        )}
      </>
    );

  return (
    <Drawer open title={t('view.title')} size={720} destroyOnHidden onClose={onClose}>
      {body}
    </Drawer>
  );
};

export default IssueDrawer;
