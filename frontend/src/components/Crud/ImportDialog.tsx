//! The Excel import of an investment screen (the shared import dialog): the template of `<base>/export-
//! template`, the upload to `<base>/import`, and the screen's own words under `<messages>.import.*`
//! (`title`, `step1`, `templateName`, `covered`). Imports are all or nothing and land as drafts.
import { useIntl } from '@umijs/max';
import React from 'react';
import { ExcelImport } from '@/components/Crud';
import { downloadFile, uploadImport } from '@/utils/files';

export interface ImportDialogProps {
  open: boolean;
  onClose: (imported: boolean) => void;
  /** the service's path (`/project`, `/projectReport`) */
  base: string;
  /** the i18n prefix of the screen (`pages.investment.projectWarehousing`) */
  messages: string;
  /** prefix of the test ids (`<testId>-report`) */
  testId: string;
}

const ImportDialog: React.FC<ImportDialogProps> = ({ open, onClose, base, messages, testId }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `${messages}.import.${key}` });
  return (
    <ExcelImport
      open={open}
      onClose={onClose}
      title={t('title')}
      templateHint={t('step1')}
      coveredLabel={t('covered')}
      template={() => downloadFile(`${base}/export-template`, {}, t('templateName'))}
      upload={(file, covered, options) => uploadImport<{ created: number; updated: number }>(`${base}/import`, file, covered, options)}
      testId={testId}
    />
  );
};

export default ImportDialog;
