//! The Excel import of a screen (the shared import dialog): the template of `<base>/export-template`, the
//! upload to `<base>/import`, and the screen's own words under `<messages>.import.*` (`title`, `step1`,
//! `templateName`, `covered`). Imports are all or nothing and land as drafts; the server's message says
//! what came in (and how many blank rows it passed over, where the screen's import skips them).
import { useIntl } from '@umijs/max';
import React from 'react';
import { downloadFile, uploadImport } from '@/utils/files';
import ExcelImport from './ExcelImport';

/** What an import wrote; `skipped` counts the rows without any figure, where the screen passes them over. */
export interface ImportCounts {
  created: number;
  updated: number;
  skipped?: number;
}

export interface ImportDialogProps {
  open: boolean;
  onClose: (imported: boolean) => void;
  /** the service's path (`/project`, `/projectReport`, `/outputValue`) */
  base: string;
  /** the i18n prefix of the screen (`pages.investment.projectWarehousing`, `pages.output.report`) */
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
      // a screen with more to say breaks its step 1 into lines (`\n`) rather than one long paragraph
      templateHint={<span style={{ whiteSpace: 'pre-line' }}>{t('step1')}</span>}
      coveredLabel={t('covered')}
      template={() => downloadFile(`${base}/export-template`, {}, t('templateName'))}
      upload={(file, covered, options) => uploadImport<ImportCounts>(`${base}/import`, file, covered, options)}
      testId={testId}
    />
  );
};

export default ImportDialog;
