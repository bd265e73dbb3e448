//! 交办 (domain-model §2.2.7): the committee triages an issue into 建议 (2), 一般 (3) or 重点 (4) and hands
//! it to a responsible department, with the departments that help, the leader in charge and a deadline —
//! required for 一般 and 重点 issues and never before today — a suggestion (a 建议 issue needs one when
//! it was raised without), the dispatch meeting it was put on and an opinion for the log.
import { useIntl } from '@umijs/max';
import { DatePicker, Form, Input, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useMemo } from 'react';
import { ActionModal, DeptTreeSelect, useDict } from '@/components/Crud';
import { assignIssue, DEADLINE_LEVELS, type ProjectIssueRecord } from '@/services/business/projectIssue';
import { beforeToday, MAX_CONTENT } from './IssueActModal';
import { ISSUE_DICT } from './issueTags';

export interface AssignModalProps {
  /** the issue to assign; the dialog is open while there is one */
  issue?: ProjectIssueRecord;
  onClose: (changed: boolean) => void;
}

interface Values {
  issueLevel?: string;
  responsibleDeptId?: string;
  coDeptIds?: string[];
  responsibleLeader?: string;
  deadline?: Dayjs | null;
  suggestion?: string;
  meetingRef?: string;
  opinion?: string;
}

/** The levels an issue is triaged into. */
const TRIAGED = ['2', '3', '4'];
/** `issue_level` 建议问题. */
const SUGGESTION_LEVEL = '2';

const trimmed = (v?: string) => (v ?? '').trim() || undefined;

const AssignModal: React.FC<AssignModalProps> = ({ issue, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  const [form] = Form.useForm<Values>();
  const levels = useDict(ISSUE_DICT.level);
  const level = Form.useWatch('issueLevel', form);
  const needsDeadline = !!level && DEADLINE_LEVELS.includes(level);
  const needsSuggestion = level === SUGGESTION_LEVEL && !issue?.suggestion?.trim();

  const initialValues = useMemo<Values>(
    () =>
      issue
        ? {
            issueLevel: TRIAGED.includes(issue.issueLevel) ? issue.issueLevel : undefined,
            responsibleDeptId: issue.responsibleDeptId || undefined,
            coDeptIds: issue.coDeptIds ?? [],
            responsibleLeader: issue.responsibleLeader || undefined,
            deadline: issue.deadline ? dayjs(issue.deadline) : null,
            meetingRef: issue.meetingRef || undefined,
          }
        : {},
    [issue],
  );

  return (
    <ActionModal<Values>
      open={!!issue}
      title={t('assign.title')}
      form={form}
      width={640}
      submit={(v) =>
        assignIssue({
          id: issue!.id,
          issueLevel: v.issueLevel!,
          responsibleDeptId: v.responsibleDeptId!,
          coDeptIds: v.coDeptIds ?? [],
          responsibleLeader: trimmed(v.responsibleLeader),
          deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : undefined,
          suggestion: trimmed(v.suggestion),
          meetingRef: trimmed(v.meetingRef),
          opinion: trimmed(v.opinion),
        })
      }
      onClose={onClose}
    >
      {issue ? (
        <Typography.Paragraph data-testid="assign-issue">
          <Typography.Text strong>{issue.projectName}</Typography.Text>
          {' · '}
          {issue.description}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" name="issue-assign" preserve={false} initialValues={initialValues}>
        <Form.Item name="issueLevel" label={t('field.issueLevel')} rules={[{ required: true, message: t('rule.level') }]}>
          <Radio.Group options={levels.options.filter((o) => TRIAGED.includes(o.value))} />
        </Form.Item>
        <Form.Item name="responsibleDeptId" label={t('field.responsibleDeptName')} rules={[{ required: true, message: t('rule.responsibleDept') }]}>
          <DeptTreeSelect />
        </Form.Item>
        <Form.Item name="coDeptIds" label={t('field.coDeptNames')}>
          <DeptTreeSelect multiple />
        </Form.Item>
        <Form.Item
          name="deadline"
          label={t('field.deadline')}
          dependencies={['issueLevel']}
          rules={[{ required: needsDeadline, message: t('rule.deadline') }]}
          extra={needsDeadline ? undefined : t('assign.deadlineOptional')}
        >
          <DatePicker disabledDate={beforeToday} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="responsibleLeader" label={t('field.responsibleLeader')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="suggestion"
          label={t('field.suggestion')}
          dependencies={['issueLevel']}
          rules={[{ required: needsSuggestion, whitespace: needsSuggestion, message: t('rule.suggestion') }]}
          extra={issue?.suggestion ? t('assign.suggestionHeld', { suggestion: issue.suggestion }) : undefined}
        >
          <Input.TextArea rows={2} showCount maxLength={MAX_CONTENT} />
        </Form.Item>
        <Form.Item name="meetingRef" label={t('field.meetingRef')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="opinion" label={t('field.opinion')}>
          <Input.TextArea rows={2} showCount maxLength={MAX_CONTENT} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default AssignModal;
