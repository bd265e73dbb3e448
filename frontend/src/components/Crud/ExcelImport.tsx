//! Importing records from Excel: download the template, pick a filled-in file, choose whether records
//! that already exist are updated, and upload. Imports are all or nothing: a refused file lists every
//! bad cell by row and column, so that the clerk can fix the sheet and upload it again.
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Checkbox, Modal, Space, Table, Typography, Upload } from 'antd';
import React, { useState } from 'react';
import { ErrorShowType } from '@/utils/request';
import { blobErrorMessage, type ImportRefusal, importRefusalOf, type ImportRowError } from '@/utils/files';
import { showError } from '@/utils/requestMessages';
import { useSubmit } from './useSubmit';

const ACCEPT = '.xlsx,.xls';
const MAX_BYTES = 10 * 1024 * 1024;

export interface ExcelImportProps {
  open: boolean;
  onClose: (imported: boolean) => void;
  title: React.ReactNode;
  /** what the template asks for (shown as the first step) */
  templateHint?: React.ReactNode;
  /** the label of the "update existing records" tick */
  coveredLabel: React.ReactNode;
  /** downloads the template; throws when it cannot */
  template: () => Promise<void>;
  /** uploads; answers the envelope, throws with the row report when the file is refused */
  upload: (file: File, covered: boolean, options: { showType: ErrorShowType; showMsg: boolean }) => Promise<API.Result<unknown>>;
  /** prefix of the test ids (`<testId>-file`, `<testId>-report`) */
  testId?: string;
}

const ExcelImport: React.FC<ExcelImportProps> = (props) => {
  const { open, onClose, title, templateHint, coveredLabel, template, upload, testId = 'excel-import' } = props;
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `crud.import.${key}` }, values as any);
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal>();
  const [fetchingTemplate, setFetchingTemplate] = useState(false);

  const close = (imported: boolean) => {
    setFile(undefined);
    setCovered(false);
    setRefusal(undefined);
    onClose(imported);
  };

  const getTemplate = async () => {
    setFetchingTemplate(true);
    try {
      await template();
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? t('templateFailed'));
    } finally {
      setFetchingTemplate(false);
    }
  };

  const { saving: uploading, submit } = useSubmit(close, {
    onError: (e) => setRefusal(importRefusalOf(e) ?? { message: t('failed'), rows: [] }),
  });

  const send = async () => {
    if (!file) return;
    setRefusal(undefined);
    // The refusal is shown in the dialog, not as a toast.
    await submit(() => upload(file, covered, { showType: ErrorShowType.SILENT, showMsg: false }));
  };

  const badRows = refusal ? new Set(refusal.rows.map((r) => r.row)).size : 0;

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      destroyOnHidden
      onCancel={() => close(false)}
      footer={[
        <Button key="cancel" onClick={() => close(false)}>
          {intl.formatMessage({ id: 'crud.cancel' })}
        </Button>,
        <Button key="upload" type="primary" loading={uploading} disabled={!file} onClick={() => void send()}>
          {t('submit')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{templateHint ?? t('step1')}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={fetchingTemplate} onClick={() => void getTemplate()}>
            {t('template')}
          </Button>
        </div>
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('step2')}</Typography.Paragraph>
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done', size: file.size }] : []}
            beforeUpload={(f) => {
              setRefusal(undefined);
              if (f.size > MAX_BYTES) {
                setFile(undefined);
                setRefusal({ message: t('tooLarge'), rows: [] });
              } else setFile(f);
              return Upload.LIST_IGNORE;
            }}
            onRemove={() => {
              setFile(undefined);
              setRefusal(undefined);
            }}
            data-testid={`${testId}-file`}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('drag')}</p>
            <p className="ant-upload-hint">{t('accept')}</p>
          </Upload.Dragger>
        </div>
        <Checkbox checked={covered} onChange={(e) => setCovered(e.target.checked)}>
          {coveredLabel}
        </Checkbox>
        {refusal ? (
          <div data-testid={`${testId}-report`}>
            <Alert
              type="error"
              showIcon
              title={refusal.rows.length ? t('refused', { rows: badRows, problems: refusal.rows.length }) : refusal.message}
              description={refusal.rows.length ? t('refused.hint') : undefined}
              style={{ marginBottom: refusal.rows.length ? 12 : 0 }}
            />
            {refusal.rows.length ? (
              <Table<ImportRowError & { key: number }>
                size="small"
                dataSource={refusal.rows.map((r, key) => ({ ...r, key }))}
                pagination={refusal.rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
                columns={[
                  { title: t('column.row'), dataIndex: 'row', width: 90, render: (row: number) => t('rowNumber', { row }) },
                  { title: t('column.field'), dataIndex: 'field', width: 180, render: (f: string) => f || '—' },
                  { title: t('column.reason'), dataIndex: 'reason' },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
};

export default ExcelImport;
