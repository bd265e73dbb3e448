//! 查看 of a finished project: what the row holds, read-only, in a drawer. The project library's drawer
//! is not used here: it loads the project through `project/detail`, which needs a grant of the
//! library screens that a reader of 已完成项目 (`finish_project_view`) may not have — the row already
//! holds every field of the project.
import { useIntl } from '@umijs/max';
import { Descriptions, type DescriptionsProps, Drawer } from 'antd';
import React from 'react';
import { formatMoney, formatRate, NONE } from '@/components/Figures';
import type { FinishedProjectRecord } from '@/services/business/project';

export interface FinishedProjectDrawerProps {
  project: FinishedProjectRecord;
  onClose: () => void;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? NONE : value);

const FinishedProjectDrawer: React.FC<FinishedProjectDrawerProps> = ({ project: p, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.${key}` });
  const column = (key: string) => t(`column.${key}`);
  const field = (key: string) => intl.formatMessage({ id: `pages.investment.project.field.${key}` });

  const items: DescriptionsProps['items'] = [
    { key: 'projectNo', label: field('projectNo'), children: text(p.projectNo) },
    { key: 'projectName', label: column('projectName'), children: text(p.projectName) },
    { key: 'enterpriseName', label: column('enterpriseName'), children: text(p.enterpriseName) },
    { key: 'deptName', label: column('deptName'), children: text(p.deptName) },
    { key: 'projectType', label: column('projectType'), children: text(p.projectTypeName || p.projectType) },
    { key: 'industry', label: column('industryCode'), children: text(p.industryName || p.industryCode) },
    { key: 'projectStatus', label: column('projectStatus'), children: text(p.projectStatusName || p.projectStatus) },
    { key: 'totalInvestment', label: column('totalInvestment'), children: formatMoney(p.totalInvestment) },
    { key: 'cumulativeInvestment', label: column('cumulativeInvestment'), children: formatMoney(p.cumulativeInvestment) },
    { key: 'investmentCompletion', label: column('investmentCompletion'), children: formatRate(p.investmentCompletion) },
    { key: 'actualStartDate', label: column('actualStartDate'), children: text(p.actualStartDate) },
    { key: 'actualCompletionDate', label: column('actualCompletionDate'), children: text(p.actualCompletionDate) },
    { key: 'productionDate', label: column('productionDate'), children: text(p.productionDate) },
    { key: 'fullCapacityDate', label: column('fullCapacityDate'), children: text(p.fullCapacityDate) },
    { key: 'constructionMonths', label: column('constructionMonths'), children: text(p.constructionMonths) },
    { key: 'expectedAnnualOutput', label: column('expectedAnnualOutput'), children: formatMoney(p.expectedAnnualOutput) },
    { key: 'expectedAnnualTax', label: t('field.expectedAnnualTax'), children: formatMoney(p.expectedAnnualTax) },
    { key: 'responsibleLeader', label: field('responsibleLeader'), children: text(p.responsibleLeader) },
    { key: 'address', label: field('address'), children: text(p.address), span: 'filled' },
    { key: 'constructionContent', label: field('constructionContent'), children: text(p.constructionContent), span: 'filled' },
  ];

  return (
    <Drawer open title={t('view')} size={760} destroyOnHidden onClose={onClose}>
      <div data-testid="finished-project">
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
      </div>
    </Drawer>
  );
};

export default FinishedProjectDrawer;
