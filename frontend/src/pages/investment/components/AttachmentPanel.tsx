//! The files of a project (approval or filing document, contract, business licence, photos) or of one
//! monthly report (the month's site photos), in the project drawer and the report drawer: each with its
//! category, name, size, who added it and when, a thumbnail for photos, download, and — for whoever may
//! change them now — upload under a category and removal. A file goes to the attachment register first
//! and is linked to its project or report as soon as it is stored.
import { DeleteOutlined, DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Flex, Image, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { attachUploadRequest, isImage, type UploadRefusal, UploadRefusals } from '@/components/Attach';
import { DictSelect } from '@/components/Crud';
import {
  ATTACHMENT_CATEGORY,
  type AttachmentOwner,
  attachmentImageUrl,
  downloadProjectAttachment,
  linkProjectAttachments,
  listProjectAttachments,
  type ProjectAttachmentRecord,
  removeProjectAttachments,
} from '@/services/business/projectAttachment';
import { humanSize } from '@/utils/files';
import { useDownload } from '@/utils/useDownload';

export interface AttachmentPanelProps {
  owner: AttachmentOwner;
  /** the person may add and remove files now */
  editable: boolean;
  /** the category chosen at first (a report's site photos) */
  defaultCategory?: string;
}

/** A photo's thumbnail, loaded by the browser from an address that carries the token. */
const Thumbnail: React.FC<{ file: ProjectAttachmentRecord }> = ({ file }) => {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    attachmentImageUrl(file).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [file]);
  return src ? <Image src={src} alt={file.originalName} width={48} height={48} style={{ objectFit: 'cover' }} /> : <FileOutlined />;
};

const AttachmentPanel: React.FC<AttachmentPanelProps> = ({ owner, editable, defaultCategory }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.investment.attachment.${key}` }, values as any);
  const { projectId, reportId } = owner;
  const [files, setFiles] = useState<ProjectAttachmentRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const [category, setCategory] = useState<string | undefined>(defaultCategory);
  const [refusals, setRefusals] = useState<UploadRefusal[]>([]);
  const download = useDownload(t('downloadFailed'));

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const res = await listProjectAttachments(reportId ? { projectId, reportId } : { projectId });
      setFiles(res?.success ? res.data : []);
    } finally {
      setLoading(false);
    }
  }, [projectId, reportId]);

  useEffect(() => {
    reload();
  }, [reload]);

  const linked = async (attachId: string) => {
    if (!category) return;
    await linkProjectAttachments(reportId ? { projectId, reportId } : { projectId }, category, [attachId]).catch(() => undefined);
    await reload();
  };

  const remove = async (file: ProjectAttachmentRecord) => {
    const res = await removeProjectAttachments([file.id]).catch(() => undefined);
    if (res?.success) await reload();
  };

  const columns = [
    {
      key: 'file',
      title: t('field.originalName'),
      render: (_: unknown, f: ProjectAttachmentRecord) => (
        <Space>
          {isImage(f) ? <Thumbnail file={f} /> : <FileOutlined />}
          <span>{f.originalName}</span>
        </Space>
      ),
    },
    { key: 'category', title: t('field.category'), render: (_: unknown, f: ProjectAttachmentRecord) => <Tag color="blue">{f.categoryName || f.category}</Tag> },
    { key: 'size', title: t('field.attachSize'), render: (_: unknown, f: ProjectAttachmentRecord) => humanSize(f.attachSize) },
    { key: 'uploader', title: t('field.createUserName'), dataIndex: 'createUserName' },
    { key: 'time', title: t('field.createTime'), dataIndex: 'createTime' },
    {
      key: 'actions',
      title: t('field.actions'),
      render: (_: unknown, f: ProjectAttachmentRecord) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            disabled={download.busy}
            onClick={() => download.run(() => downloadProjectAttachment(f), t('downloaded', { name: f.originalName }))}
          >
            {t('download')}
          </Button>
          {editable ? (
            <Popconfirm title={t('removeConfirm', { name: f.originalName })} onConfirm={() => remove(f)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="attachment-panel">
      {editable ? (
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <DictSelect
            code={ATTACHMENT_CATEGORY}
            value={category}
            onChange={(v) => setCategory(v)}
            placeholder={t('categoryPlaceholder')}
            style={{ width: 180 }}
            data-testid="attachment-category"
          />
          <Upload
            multiple
            showUploadList={false}
            disabled={!category}
            customRequest={attachUploadRequest({
              failed: t('uploadFailed'),
              onUploaded: (file) => linked(file.attachId),
              onRefused: (refusal) => setRefusals((list) => [...list, refusal]),
            })}
          >
            <Button icon={<UploadOutlined />} disabled={!category}>
              {t('upload')}
            </Button>
          </Upload>
          {!category ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('chooseCategory')}</span> : null}
        </Flex>
      ) : null}
      <UploadRefusals
        refusals={refusals}
        title={t('refused', { count: refusals.length })}
        testId="attachment-refusals"
        style={{ marginBottom: 12 }}
      />
      <Table<ProjectAttachmentRecord>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={files}
        locale={{ emptyText: t('empty') }}
      />
    </div>
  );
};

export default AttachmentPanel;
