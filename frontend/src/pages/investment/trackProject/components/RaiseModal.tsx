//! 上报问题 (domain-model §2.2.7): a park clerk raises an issue of a tracked project — the month (the
//! reporting month of the list by default; the month's report goes with it when there is one), its
//! category, what the problem is and what they suggest. The same dialog edits an issue still waiting for
//! triage. The issue starts as 上报问题 (level 1) waiting for the committee's 研判.
//! 产值填报 › 转为问题 (§2.3.1) opens it on an enterprise's difficulty of its output report instead: the
//! issue goes on one of the enterprise's projects the server offers (the largest preselected), of the
//! report's month, keeping the report it came from; an enterprise without such a project has nothing to
//! raise on, and the dialog says so.
import { useIntl } from '@umijs/max';
import { Alert, Button, DatePicker, Flex, Form, Input, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useMemo, useState } from 'react';
import { ActionModal, DictSelect } from '@/components/Crud';
import { periodLabel } from '@/components/Period';
import {
  listOutputIssueProjects,
  type OutputIssueProject,
  type ProjectIssueRecord,
  raiseOutputIssue,
  submitIssue,
} from '@/services/business/projectIssue';
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

/** An enterprise's difficulty (生产经营困难/诉求) of its output report, to raise on one of its projects. */
export interface OutputDifficulty {
  /** the output report */
  reportId: string;
  enterpriseName: string;
  /** `YYYY-MM`, the report's month: the issue's */
  period: string;
  /** the difficulty as the enterprise wrote it: the description to start from */
  problems: string;
}

export interface RaiseModalProps {
  /** raise an issue of this project */
  target?: RaiseTarget;
  /** or edit this issue (waiting for triage) */
  issue?: ProjectIssueRecord;
  /** or raise this difficulty on one of the enterprise's projects (产值填报 › 转为问题) */
  difficulty?: OutputDifficulty;
  onClose: (changed: boolean) => void;
}

interface Values {
  projectId?: string;
  raisedPeriod?: Dayjs;
  issueType?: string;
  description?: string;
  suggestion?: string;
}

const MONTH = 'YYYY-MM';
/** The longest description or suggestion the server takes (`projectIssue/submit`): an output report's
 * difficulty (up to 2,000 characters too) fits whole. */
const MAX_TEXT = 2000;

/** A project offered for a difficulty: its number, park and status. */
const ProjectFacts: React.FC<{ project: OutputIssueProject; t: (key: string, values?: Record<string, unknown>) => string }> = ({ project, t }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {t('raise.output.facts', { no: project.projectNo || '—', dept: project.deptName || '—', status: project.projectStatusName || '—' })}
  </Typography.Text>
);

const RaiseModal: React.FC<RaiseModalProps> = ({ target, issue, difficulty, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.trackProject.issue.${key}` }, values as any);
  const [form] = Form.useForm<Values>();
  const about: RaiseTarget | undefined = issue
    ? { projectId: issue.projectId, projectName: issue.projectName, period: issue.raisedPeriod, reportId: issue.reportId }
    : target;
  /** the projects offered for the difficulty, once loaded */
  const [projects, setProjects] = useState<OutputIssueProject[]>();
  const chosenId = Form.useWatch('projectId', form);
  const chosen = projects?.find((p) => p.id === chosenId);

  const initialValues = useMemo<Values>(() => {
    if (issue)
      return { raisedPeriod: dayjs(issue.raisedPeriod, MONTH), issueType: issue.issueType, description: issue.description, suggestion: issue.suggestion };
    // the difficulty as the enterprise wrote it, on the largest of its projects
    if (difficulty) return { projectId: projects?.[0]?.id, description: difficulty.problems.trim() };
    return { raisedPeriod: target ? dayjs(target.period, MONTH) : dayjs() };
  }, [issue, target, difficulty, projects]);
  /** the difficulty's projects are on their way */
  const waiting = !!difficulty && !projects;
  /** the enterprise has no project to raise on: nothing to submit */
  const noProject = !!difficulty && projects?.length === 0;

  const submit = (v: Values) => {
    const suggestion = (v.suggestion ?? '').trim();
    const text = { issueType: v.issueType!, description: (v.description ?? '').trim(), ...(suggestion ? { suggestion } : {}) };
    if (difficulty)
      return raiseOutputIssue({ projectId: v.projectId!, outputReportId: difficulty.reportId, raisedPeriod: difficulty.period, ...text }).then((res) =>
        // the success toast says where the issue went (and its number, when the answer has it)
        res?.success ? { ...res, msg: res.data?.issueNo ? t('raise.output.doneNo', { no: res.data.issueNo }) : t('raise.output.done') } : res,
      );
    const period = v.raisedPeriod?.format(MONTH);
    // the month's report goes with the issue when the issue is of that month
    const reportId = about?.reportId && period === about.period ? about.reportId : undefined;
    return submitIssue({
      ...(issue ? { id: issue.id } : {}),
      projectId: about!.projectId,
      ...(reportId ? { reportId } : {}),
      raisedPeriod: period,
      ...text,
    });
  };

  const ofDifficulty = difficulty
    ? {
        load: () => listOutputIssueProjects(difficulty.reportId).then((res) => (res?.success ? (res.data ?? []) : Promise.reject(res))),
        onLoad: setProjects,
        okButtonProps: { disabled: waiting },
        ...(noProject ? { footer: <Button onClick={() => onClose(false)}>{intl.formatMessage({ id: 'crud.close' })}</Button> } : {}),
      }
    : {};

  return (
    <ActionModal<Values, OutputIssueProject[]>
      open={!!about || !!difficulty}
      title={t(difficulty ? 'raise.output.title' : issue ? 'raise.editTitle' : 'raise.title')}
      form={form}
      width={600}
      submit={submit}
      onClose={onClose}
      {...ofDifficulty}
    >
      {difficulty ? (
        <Typography.Paragraph type="secondary" data-testid="raise-source">
          {t('raise.output.source', { enterprise: difficulty.enterpriseName, period: periodLabel(intl, difficulty.period) })}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph data-testid="raise-project">
          {t('field.projectName')}：<Typography.Text strong>{about?.projectName}</Typography.Text>
        </Typography.Paragraph>
      )}
      {waiting ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : noProject ? (
        <Alert type="warning" showIcon title={t('raise.output.noProject')} data-testid="raise-no-project" />
      ) : (
        <Form form={form} layout="vertical" name={difficulty ? 'issue-raise-output' : 'issue-raise'} preserve={false} initialValues={initialValues}>
          {difficulty && projects ? (
            <Form.Item
              name="projectId"
              label={t('raise.output.project')}
              rules={[{ required: true, message: t('rule.project') }]}
              extra={chosen ? <ProjectFacts project={chosen} t={t} /> : null}
            >
              <Select
                showSearch={{ optionFilterProp: 'search' }}
                options={projects.map((p) => ({ value: p.id, label: p.projectName, search: `${p.projectName} ${p.projectNo}`, project: p }))}
                optionRender={(o) => (
                  <div>
                    <div>{o.data.project.projectName}</div>
                    <ProjectFacts project={o.data.project} t={t} />
                  </div>
                )}
                data-testid="raise-project-select"
              />
            </Form.Item>
          ) : (
            <Form.Item name="raisedPeriod" label={t('field.raisedPeriod')} rules={[{ required: true, message: t('rule.raisedPeriod') }]}>
              <DatePicker picker="month" disabledDate={(d) => d.isAfter(dayjs(), 'month')} style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="issueType" label={t('field.issueType')} rules={[{ required: true, message: t('rule.issueType') }]}>
            <DictSelect code={ISSUE_DICT.type} />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')} rules={[{ required: true, whitespace: true, message: t('rule.description') }]}>
            <Input.TextArea rows={4} showCount maxLength={MAX_TEXT} />
          </Form.Item>
          <Form.Item name="suggestion" label={t('field.suggestion')}>
            <Input.TextArea rows={2} showCount maxLength={MAX_TEXT} />
          </Form.Item>
        </Form>
      )}
    </ActionModal>
  );
};

export default RaiseModal;
