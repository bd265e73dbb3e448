//! 查看 of a finished project: what the row holds, read-only, in a drawer, with what the keeper of the
//! screen (`finish_project_edit`) may do to it: record its completion (填写竣工信息), move it from 投产 to
//! 达产, and — an administrator — re-open it at 投产. The project library's drawer is not used here: it
//! loads the project through `project/detail`, which needs a grant of the library screens that a reader
//! of 已完成项目 (`finish_project_view`) may not have — the row already holds every field of the project.
import { useIntl } from '@umijs/max';
import { Alert, Button, Descriptions, type DescriptionsProps, Divider, Drawer, Space } from 'antd';
import React, { useState } from 'react';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import { FULL_CAPACITY, type FinishedProjectRecord, IN_PRODUCTION } from '@/services/business/finished';
import AttachmentPanel from '../../components/AttachmentPanel';
import CompletionModal from './CompletionModal';
import StatusMoveModal, { type MoveKind, movesOf, WaitingProposal } from './StatusMoveModal';

export interface FinishedProjectDrawerProps {
  project: FinishedProjectRecord;
  /** holds `finish_project_edit`: the completion form and the status moves the server allows */
  canEdit?: boolean;
  /** opens with the completion form (the row's 修改) */
  editing?: boolean;
  onClose: () => void;
  /** something was saved: the row is stale */
  onChanged?: () => void;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NONE : value);

const FinishedProjectDrawer: React.FC<FinishedProjectDrawerProps> = ({ project: p, canEdit = false, editing = false, onClose, onChanged }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.${key}` });
  const column = (key: string) => t(`column.${key}`);
  const field = (key: string) => intl.formatMessage({ id: `pages.investment.project.field.${key}` });
  const [dialog, setDialog] = useState<'completion' | MoveKind | undefined>(canEdit && editing ? 'completion' : undefined);
  const closed = (changed: boolean) => {
    setDialog(undefined);
    if (changed) onChanged?.();
  };

  const items: DescriptionsProps['items'] = [
    { key: 'projectNo', label: field('projectNo'), children: text(p.projectNo) },
    { key: 'projectName', label: column('projectName'), children: text(p.projectName) },
    { key: 'enterpriseName', label: column('enterpriseName'), children: text(p.enterpriseName) },
    { key: 'deptName', label: column('deptName'), children: text(p.deptName) },
    { key: 'projectType', label: column('projectType'), children: text(p.projectTypeName || p.projectType) },
    { key: 'industry', label: column('industryCode'), children: text(p.industryName || p.industryCode) },
    { key: 'projectStatus', label: column('projectStatus'), children: text(p.projectStatusName || p.projectStatus) },
    { key: 'totalInvestment', label: column('totalInvestment'), children: formatMoney(p.totalInvestment) },
    { key: 'actualInvestment', label: column('actualInvestment'), children: formatMoney(p.actualInvestment) },
    { key: 'investmentCompletion', label: column('investmentCompletion'), children: formatRate(p.investmentCompletion) },
    { key: 'cumulativeInvestment', label: t('field.cumulativeInvestment'), children: formatMoney(p.cumulativeInvestment) },
    { key: 'actualStartDate', label: column('actualStartDate'), children: text(p.actualStartDate) },
    { key: 'actualCompletionDate', label: column('actualCompletionDate'), children: text(p.actualCompletionDate) },
    { key: 'acceptanceDate', label: column('acceptanceDate'), children: text(p.acceptanceDate) },
    { key: 'productionDate', label: column('productionDate'), children: text(p.productionDate) },
    { key: 'fullCapacityDate', label: column('fullCapacityDate'), children: text(p.fullCapacityDate) },
    { key: 'constructionMonths', label: column('constructionMonths'), children: text(p.constructionMonths) },
    { key: 'expectedAnnualOutput', label: column('expectedAnnualOutput'), children: formatMoney(p.expectedAnnualOutput) },
    { key: 'actualAnnualOutput', label: t('field.actualAnnualOutput'), children: formatMoney(p.actualAnnualOutput) },
    { key: 'outputRealisation', label: column('outputRealisation'), children: formatRate(p.outputRealisation) },
    { key: 'expectedAnnualTax', label: t('field.expectedAnnualTax'), children: formatMoney(p.expectedAnnualTax) },
    { key: 'actualAnnualTax', label: t('field.actualAnnualTax'), children: formatMoney(p.actualAnnualTax) },
    { key: 'enteredAboveScale', label: column('enteredAboveScale'), children: text(p.enteredAboveScaleName) },
    { key: 'newCapacity', label: t('field.newCapacity'), children: text(p.newCapacity), span: 'filled' },
    { key: 'responsibleLeader', label: field('responsibleLeader'), children: text(p.responsibleLeader) },
    { key: 'address', label: field('address'), children: text(p.address), span: 'filled' },
    { key: 'constructionContent', label: field('constructionContent'), children: text(p.constructionContent), span: 'filled' },
  ];

  const moves = canEdit ? movesOf(p) : [];
  const extra = canEdit ? (
    <Space>
      {moves.map((kind) => (
        <Button key={kind} danger={kind === 'reopen' || kind === 'reject'} onClick={() => setDialog(kind)}>
          {t(`${kind}.action`)}
        </Button>
      ))}
      <Button type="primary" onClick={() => setDialog('completion')}>
        {t('completion.edit')}
      </Button>
    </Space>
  ) : null;

  return (
    <Drawer open title={t('view')} size={760} destroyOnHidden onClose={onClose} extra={extra}>
      {p.proposedStatus === FULL_CAPACITY ? <WaitingProposal project={p} /> : null}
      {!p.proposedStatus && p.proposalOpinion && p.projectStatus === IN_PRODUCTION ? (
        <Alert
          data-testid="proposal"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={intl.formatMessage({ id: 'pages.investment.finishProject.proposal.returned' }, { opinion: p.proposalOpinion })}
        />
      ) : null}
      <div data-testid="finished-project">
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
      </div>
      {/* the acceptance report, the licence of production, photos of the running line */}
      <div data-testid="project-attachments">
        <Divider titlePlacement="start">{intl.formatMessage({ id: 'pages.investment.project.section.attachments' })}</Divider>
        <AttachmentPanel owner={{ projectId: p.id }} editable={canEdit} />
      </div>
      {dialog === 'completion' ? <CompletionModal open project={p} onClose={closed} /> : null}
      {dialog && dialog !== 'completion' ? <StatusMoveModal open kind={dialog} project={p} onClose={closed} /> : null}
    </Drawer>
  );
};

export default FinishedProjectDrawer;
