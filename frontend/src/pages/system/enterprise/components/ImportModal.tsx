//! Importing enterprises from Excel (the shared import dialog): the template asks for dictionary names,
//! and "update" means an enterprise whose unified social credit code is already registered is updated.
import { useIntl } from '@umijs/max';
import React from 'react';
import { ExcelImport } from '@/components/Crud';
import { downloadTemplate, importEnterprises } from '@/services/business/enterprise';

export interface ImportModalProps {
  open: boolean;
  onClose: (imported: boolean) => void;
}

const ImportModal: React.FC<ImportModalProps> = ({ open, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.enterprise.import.${key}` });
  return (
    <ExcelImport
      open={open}
      onClose={onClose}
      title={t('title')}
      templateHint={t('step1')}
      coveredLabel={t('covered')}
      template={() => downloadTemplate(t('templateName'))}
      upload={(file, covered, options) => importEnterprises(file, covered, options)}
      testId="enterprise-import"
    />
  );
};

export default ImportModal;
