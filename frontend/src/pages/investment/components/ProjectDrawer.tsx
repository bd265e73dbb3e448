//! The drawer that adds, changes or shows one investment project (the investment routes have no
//! sub-pages). Viewing a project also shows its review: the steps the server allows now and the
//! user was granted, at the top where a reviewer finds them without scrolling through the whole
//! project, and at the bottom the history with every opinion; changing a returned one says why it
//! came back and how to send it again. A saved project shows its files (approval document, contract,
//! photos), which whoever edits projects keeps.
import { useIntl } from '@umijs/max';
import { Alert, Col, Divider, Flex } from 'antd';
import React from 'react';
import { CrudDrawer, type CrudMode, hasButton } from '@/components/Crud';
import { ReviewActions, ReviewTimeline } from '@/components/Review';
import { getProject, NO, projectReview, type ProjectRecord, submitProject } from '@/services/business/project';
import AttachmentPanel from './AttachmentPanel';
import ProjectFields from './ProjectForm';
import { type ProjectFormValues, toFormValues, toSubmit } from './projectValues';

/** `report_status` of a project sent back to its filler. */
const RETURNED = '3';

export interface ProjectDrawerProps {
  mode: CrudMode;
  /** edit and view */
  id?: string;
  /** the menu whose buttons grant the review steps (`project_warehousing`) */
  menuCode: string;
  /** a new project's values (a screen's own type, say) */
  initialValues?: ProjectFormValues;
  onClose: (changed: boolean) => void;
}

const ProjectDrawer: React.FC<ProjectDrawerProps> = ({ mode, id, menuCode, initialValues, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.project.${key}` }, values as any);
  return (
    <CrudDrawer<ProjectRecord, ProjectFormValues>
      mode={mode}
      id={id}
      name="project-form"
      testId="project"
      title={t(mode)}
      size={1040}
      colProps={{ xs: 24, md: 12, lg: 8 }}
      load={getProject}
      toValues={toFormValues}
      initialValues={{ isKeyProject: NO, ...initialValues }}
      submit={(values) => submitProject(toSubmit(values, mode === 'edit' ? id : undefined))}
      // the server names a renovation fact by its path (`renovation.equipmentInvestment`)
      fieldNames={(field) => field.split('.')}
      onClose={onClose}
    >
      {({ record }) => (
        <>
          {mode === 'edit' && record?.libraryStatus === RETURNED && record.reviewOpinion ? (
            <Col span={24}>
              <Alert
                type="warning"
                showIcon
                // the sentence goes on after the opinion: its own full stop would make two
                title={t('returnedHint', { opinion: record.reviewOpinion.trim().replace(/[。．.!！;；]+$/, '') })}
                style={{ marginBottom: 16 }}
              />
            </Col>
          ) : null}
          {mode === 'view' && record ? (
            <Col span={24} data-testid="project-review-actions">
              <Flex justify="flex-end">
                <ReviewActions record={record} service={projectReview} menuCode={menuCode} onDone={() => onClose(true)} />
              </Flex>
            </Col>
          ) : null}
          <ProjectFields mode={mode} />
          {mode !== 'add' && record ? (
            <Col span={24} data-testid="project-attachments">
              <Divider titlePlacement="start">{t('section.attachments')}</Divider>
              <AttachmentPanel owner={{ projectId: record.id }} editable={hasButton(menuCode, 'edit')} />
            </Col>
          ) : null}
          {mode === 'view' && record ? (
            <Col span={24} data-testid="project-review">
              <Divider titlePlacement="start">{t('section.review')}</Divider>
              <ReviewTimeline id={record.id} service={projectReview} />
            </Col>
          ) : null}
        </>
      )}
    </CrudDrawer>
  );
};

export default ProjectDrawer;
