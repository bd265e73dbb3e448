//! /resource/attach/list: the files the tenant uploaded, by name and type, with their size, who uploaded
//! them and when; the buttons of the `attach` menu: upload (with progress), download (the browser saves
//! the file straight from the server), delete, and a preview of images and PDF files for whoever may
//! download.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Tag } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { type CrudAction, CrudTable, type CrudTableHandle, type ExtraButton, hasButton } from '@/components/Crud';
import { attachDownloadUrl, attachPreviewUrl, type AttachRecord, listAttaches, removeAttaches } from '@/services/resource/attach';
import { humanSize, openLink } from '@/utils/files';
import PreviewModal, { isPreviewable, type Preview } from './components/PreviewModal';
import UploadModal from './components/UploadModal';

/** Runs an action that first builds an authorised link; a refused session has been handled already. */
const quietly = (action: () => Promise<void>) => action().catch(() => undefined);

const AttachList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.resource.attach.${key}` });
  const table = useRef<CrudTableHandle>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<Preview>();
  const mayDownload = hasButton('attach', 'download');

  const columns: ProColumns<AttachRecord>[] = useMemo(
    () => [
      { title: t('field.originalName'), dataIndex: 'originalName', ellipsis: true },
      {
        title: t('field.extension'),
        dataIndex: 'extension',
        width: 100,
        render: (_, row) => (row.extension ? <Tag>{row.extension.toUpperCase()}</Tag> : '-'),
      },
      { title: t('field.attachSize'), dataIndex: 'attachSize', search: false, sorter: true, render: (_, row) => humanSize(row.attachSize) },
      { title: t('field.createUserName'), dataIndex: 'createUserName', search: false },
      { title: t('field.createTime'), dataIndex: 'createTime', search: false, sorter: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  // Previewing shows the file's content: offered with the right to download it.
  const extraButtons: ExtraButton[] = useMemo(() => [{ alias: 'preview', name: t('preview'), grantedBy: 'download', place: 'row' }], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const download = (row: AttachRecord) => quietly(async () => openLink(await attachDownloadUrl(row.id), row.originalName));

  const actions: Record<string, CrudAction<AttachRecord>> = {
    upload: { needs: 'none', run: () => setUploading(true) },
    download: { needs: 'one', run: ({ rows }) => download(rows[0]) },
    preview: {
      needs: 'one',
      hidden: (row) => !isPreviewable(row),
      run: ({ rows }) => quietly(async () => setPreview({ record: rows[0], src: await attachPreviewUrl(rows[0].id) })),
    },
  };

  return (
    <PageContainer>
      <CrudTable<AttachRecord>
        ref={table}
        menuCode="attach"
        columns={columns}
        list={(query) => listAttaches(query)}
        remove={(ids) => removeAttaches(ids)}
        actions={actions}
        extraButtons={extraButtons}
        rowButtonLimit={3}
      />
      <UploadModal
        open={uploading}
        onClose={(uploaded) => {
          setUploading(false);
          if (uploaded) table.current?.reload();
        }}
      />
      <PreviewModal preview={preview} onClose={() => setPreview(undefined)} onDownload={mayDownload ? download : undefined} />
    </PageContainer>
  );
};

export default AttachList;
