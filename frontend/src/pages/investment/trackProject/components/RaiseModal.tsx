//! 上报问题 (domain-model §2.2.7): a park clerk raises an issue of a tracked project — the month (the
//! reporting month of the list by default; the month's report goes with it when there is one), its
//! category, what the problem is and what they suggest. The same dialog edits an issue still waiting for
//! triage. The issue starts as 上报问题 (level 1) waiting for the committee's 研判.
import { useIntl } from '@umijs/max';
import { DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useMemo } from 'react';
import { ActionModal, DictSelect } from '@/components/Crud';
import { type ProjectIssueRecord, submitIssue } from '@/services/business/projectIssue';
import { MAX_CONTENT } from './IssueActModal';
import { ISSUE_DICT } from './issueTags';

/** What a raise is about: a tracked project as of a month (with that month's report, if any). */
export interface RaiseTarget {
  projectId: string;
  projectName: string;
  /** `YYYY-MM`, the month preselected */
  period: string;
  /** the report of `period` */
  reportId?: string | null;
}

export interface RaiseModalProps {
  /** raise an issue of this project */
  target?: RaiseTarget;
  /** or edit this issue (waiting for triage) */
  issue?: ProjectIssueRecord;
  onClose: (changed: boolean) => void;
}

interface Values {
  raisedPeriod?: Dayjs;
  issueType?: string;
  description?: string;
  suggestion?: string;
}

const MONTH = 'YYYY-MM';

const RaiseModal: React.FC<RaiseModalProps> = ({ target, issue, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  const [form] = Form.useForm<Values>();
  const about: RaiseTarget | undefined = issue
    ? { projectId: issue.projectId, projectName: issue.projectName, period: issue.raisedPeriod, reportId: issue.reportId }
    : target;

  const initialValues = useMemo<Values>(
    () =>
      issue
        ? { raisedPeriod: dayjs(issue.raisedPeriod, MONTH), issueType: issue.issueType, description: issue.description, suggestion: issue.suggestion }
        : { raisedPeriod: target ? dayjs(target.period, MONTH) : dayjs() },
    [issue, target],
  );

  const submit = (v: Values) => {
    const period = v.raisedPeriod?.format(MONTH);
    // the month's report goes with the issue when the issue is of that month
    const reportId = about?.reportId && period === about.period ? about.reportId : undefined;
    const suggestion = (v.suggestion ?? '').trim();
    return submitIssue({
      ...(issue ? { id: issue.id } : {}),
      projectId: about!.projectId,
      ...(reportId ? { reportId } : {}),
      raisedPeriod: period,
      issueType: v.issueType!,
      description: (v.description ?? '').trim(),
      ...(suggestion ? { suggestion } : {}),
    });
  };

  return (
    <ActionModal<Values>
      open={!!about}
      title={t(issue ? 'raise.editTitle' : 'raise.title')}
      form={form}
      width={600}
      submit={submit}
      onClose={onClose}
    >
      <Typography.Paragraph data-testid="raise-project">
        {t('field.projectName')}：<Typography.Text strong>{about?.projectName}</Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="issue-raise" preserve={false} initialValues={initialValues}>
        <Form.Item name="raisedPeriod" label={t('field.raisedPeriod')} rules={[{ required: true, message: t('rule.raisedPeriod') }]}>
          <DatePicker picker="month" disabledDate={(d) => d.isAfter(dayjs(), 'month')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="issueType" label={t('field.issueType')} rules={[{ required: true, message: t('rule.issueType') }]}>
          <DictSelect code={ISSUE_DICT.type} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[{ required: true, whitespace: true, message: t('rule.description') }]}>
          <Input.TextArea rows={4} showCount maxLength={MAX_CONTENT} />
        </Form.Item>
        <Form.Item name="suggestion" label={t('field.suggestion')}>
          <Input.TextArea rows={2} showCount maxLength={MAX_CONTENT} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
};

export default RaiseModal;
