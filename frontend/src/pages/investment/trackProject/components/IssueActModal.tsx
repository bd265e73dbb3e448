//! The dialog of one move on some issues (`projectIssue/act`): it says what is about to happen and asks
//! for what the move needs — the reason of a refusal, a rejection or a closing, the progress note, the
//! resolution, and for 调整等级 the new level (with a deadline when a 建议 issue without one becomes 一般
//! or 重点). 接收 and 销号 only ask to confirm. The server checks the same and its refusal lands on the
//! field.
import { useIntl } from '@umijs/max';
import { DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { ActionModal, useDict } from '@/components/Crud';
import { type ActAction, actOnIssues, DEADLINE_LEVELS, NEEDS_CONTENT, type ProjectIssueRecord } from '@/services/business/projectIssue';
import { ISSUE_DICT } from './issueTags';

/** The longest text the ledger keeps for a note. */
export const MAX_CONTENT = 1000;

export interface IssueActModalProps {
  /** the move; the dialog is open while there is one */
  action?: ActAction;
  /** the issues the move applies to */
  rows: ProjectIssueRecord[];
  /** selected issues left out because the move does not apply to them */
  skipped?: number;
  onClose: (changed: boolean) => void;
}

interface Values {
  content?: string;
  issueLevel?: string;
  deadline?: Dayjs;
}

/** Days before today cannot be a deadline. */
export const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'));

const IssueActModal: React.FC<IssueActModalProps> = ({ action, rows, skipped = 0, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  const [form] = Form.useForm<Values>();
  const levels = useDict(ISSUE_DICT.level);
  const level = Form.useWatch('issueLevel', form);
  const label = action ? t(`action.${action}`) : '';
  const needsContent = !!action && NEEDS_CONTENT.includes(action);
  const one = rows.length === 1 ? rows[0] : undefined;
  // 调整等级 of a 建议 issue without a deadline to 一般 or 重点 needs one now
  const needsDeadline = action === 'relevel' && !!level && DEADLINE_LEVELS.includes(level) && rows.some((r) => !r.deadline);

  return (
    <ActionModal<Values>
      open={!!action}
      title={label}
      form={form}
      okButtonProps={{ danger: action === 'refuse' || action === 'reject' || action === 'close' }}
      submit={(v) =>
        actOnIssues(
          rows.map((r) => r.id),
          {
            action: action!,
            ...(needsContent ? { content: (v.content ?? '').trim() } : {}),
            ...(action === 'relevel' ? { issueLevel: v.issueLevel } : {}),
            ...(needsDeadline && v.deadline ? { deadline: v.deadline.format('YYYY-MM-DD') } : {}),
          },
        )
      }
      onClose={onClose}
    >
      <Typography.Paragraph data-testid="issue-act-confirm">
        {one ? t('act.confirmOne', { action: label, no: one.issueNo || one.description }) : t('act.confirm', { action: label, count: rows.length })}
      </Typography.Paragraph>
      {skipped ? <Typography.Paragraph type="warning">{t('act.skipped', { action: label, count: skipped })}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" name="issue-act" preserve={false}>
        {action === 'relevel' ? (
          <Form.Item name="issueLevel" label={t('field.newLevel')} rules={[{ required: true, message: t('rule.level') }]}>
            <Select
              options={levels.options.filter((o) => o.value !== '1' && !rows.every((r) => r.issueLevel === o.value))}
              loading={levels.loading}
            />
          </Form.Item>
        ) : null}
        {needsDeadline ? (
          <Form.Item name="deadline" label={t('field.deadline')} rules={[{ required: true, message: t('rule.deadline') }]}>
            <DatePicker disabledDate={beforeToday} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        {needsContent ? (
          <Form.Item
            name="content"
            label={t(`content.${action}`)}
            rules={[{ required: true, whitespace: true, message: t('rule.content', { what: t(`content.${action}`) }) }]}
          >
            <Input.TextArea rows={3} showCount maxLength={MAX_CONTENT} />
          </Form.Item>
        ) : null}
      </Form>
    </ActionModal>
  );
};

export default IssueActModal;
