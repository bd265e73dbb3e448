//! The files of a form, as a form field: each file picked goes to the attachment register at once (its
//! progress on its line), a refused one stays in red with the server's reason listed under the field,
//! and the form sends the `attachId`s of the stored ones (`attachIdsOf`). Files a record already has
//! come in as `storedFiles(...)`.
import { UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Upload, type UploadFile } from 'antd';
import React, { useState } from 'react';
import type { UploadedFile } from '@/services/resource/attach';
import { attachUploadRequest } from './uploadRequest';
import UploadRefusals, { type UploadRefusal } from './UploadRefusals';

/** A file of the field: antd's upload item, with the register's id once stored. */
export type AttachItem = UploadFile<API.Result<UploadedFile>> & { attachId?: string };

/** The register's id of a stored file of the field (one stored before, or one just uploaded). */
export const attachIdOf = (f: AttachItem): string | undefined => f.attachId ?? f.response?.data?.attachId;

/** The ids the form sends: the files stored, in the order shown; failed and unfinished ones left out. */
export const attachIdsOf = (files: AttachItem[] | undefined): string[] =>
  (files ?? []).filter((f) => f.status === 'done').flatMap((f) => attachIdOf(f) ?? []);

/** Some file of the field is still on its way. */
export const isUploading = (files: AttachItem[] | undefined) => (files ?? []).some((f) => f.status === 'uploading');

/** A record's files as the field's items. */
export const storedFiles = (files: { attachId: string; originalName: string; attachSize?: number }[] | undefined): AttachItem[] =>
  (files ?? []).map((f) => ({ uid: f.attachId, attachId: f.attachId, name: f.originalName, size: f.attachSize, status: 'done' }));

export interface AttachFieldProps {
  value?: AttachItem[];
  onChange?: (files: AttachItem[]) => void;
  id?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const AttachField: React.FC<AttachFieldProps> = ({ value, onChange, id, disabled, 'data-testid': testId = 'attach-field' }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.attach.${key}` }, values as any);
  const [refusals, setRefusals] = useState<UploadRefusal[]>([]);
  return (
    <div data-testid={testId}>
      <Upload
        multiple
        fileList={value ?? []}
        disabled={disabled}
        onChange={({ fileList }) => onChange?.([...fileList] as AttachItem[])}
        onRemove={(f) => setRefusals((list) => list.filter((x) => x.uid !== f.uid))}
        customRequest={attachUploadRequest({
          failed: t('failed'),
          onRefused: (refusal) => setRefusals((list) => [...list, refusal]),
        })}
      >
        <Button id={id} icon={<UploadOutlined />} disabled={disabled}>
          {t('upload')}
        </Button>
      </Upload>
      <UploadRefusals refusals={refusals} title={t('refused', { count: refusals.length })} testId={`${testId}-refusals`} style={{ marginTop: 8 }} />
    </div>
  );
};

export default AttachField;
