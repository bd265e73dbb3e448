//! "上传": files dropped or picked here go one by one to the enabled storage, each with its progress
//! bar; a refused file (type not allowed, too large…) stays in the list in red with the server's
//! reason, which is also listed under it.
import { InboxOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Modal, Upload, type UploadFile } from 'antd';
import React, { useRef, useState } from 'react';
import { attachUploadRequest, type UploadRefusal, UploadRefusals } from '@/components/Attach';

const UploadModal: React.FC<{ open: boolean; onClose: (uploaded: boolean) => void }> = ({ open, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.attach.${key}` }, values as any);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [failures, setFailures] = useState<UploadRefusal[]>([]);
  const uploaded = useRef(0);

  const close = () => {
    const any = uploaded.current > 0;
    uploaded.current = 0;
    setFiles([]);
    setFailures([]);
    onClose(any);
  };

  const busy = files.some((f) => f.status === 'uploading');
  const done = files.filter((f) => f.status === 'done').length;

  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={close}
      maskClosable={!busy}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={busy} onClick={close}>
          {intl.formatMessage({ id: 'crud.close' })}
        </Button>
      }
    >
      <Upload.Dragger
        name="file"
        multiple
        fileList={files}
        onChange={({ fileList }) => setFiles([...fileList])}
        customRequest={attachUploadRequest({
          failed: t('upload.failed'),
          onUploaded: () => {
            uploaded.current += 1;
          },
          onRefused: (refusal) => setFailures((list) => [...list, refusal]),
        })}
        onRemove={(f) => setFailures((list) => list.filter((x) => x.uid !== f.uid))}
        data-testid="attach-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.drag')}</p>
        <p className="ant-upload-hint">{t('upload.hint')}</p>
      </Upload.Dragger>
      {done ? <Alert type="success" showIcon style={{ marginTop: 16 }} title={t('upload.done', { count: done })} /> : null}
      <UploadRefusals
        refusals={failures}
        title={t('upload.refused', { count: failures.length })}
        testId="attach-upload-failures"
        style={{ marginTop: 16 }}
      />
    </Modal>
  );
};

export default UploadModal;
