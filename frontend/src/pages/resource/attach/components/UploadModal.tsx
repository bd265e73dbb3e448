//! "上传": files dropped or picked here go one by one to the enabled storage, each with its progress
//! bar; a refused file (type not allowed, too large…) stays in the list in red with the server's
//! reason, which is also listed under it.
import { InboxOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Modal, Upload, type UploadFile } from 'antd';
import React, { useRef, useState } from 'react';
import { failureMessage } from '@/components/Crud';
import { uploadAttach } from '@/services/resource/attach';
import { ErrorShowType } from '@/utils/request';

const UploadModal: React.FC<{ open: boolean; onClose: (uploaded: boolean) => void }> = ({ open, onClose }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.attach.${key}` }, values as any);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [failures, setFailures] = useState<{ uid: string; name: string; reason: string }[]>([]);
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
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const f = file as UploadFile & File;
          uploadAttach(f, {
            // the reason is shown here, not as a toast
            showType: ErrorShowType.SILENT,
            showMsg: false,
            onUploadProgress: ({ loaded, total }: { loaded: number; total?: number }) =>
              onProgress?.({ percent: total ? Math.round((loaded / total) * 100) : 0 }),
          })
            .then((res) => {
              uploaded.current += 1;
              onSuccess?.(res);
            })
            .catch((e) => {
              const reason = failureMessage(e) ?? t('upload.failed');
              setFailures((list) => [...list, { uid: f.uid, name: f.name, reason }]);
              // antd shows a string response as the failed item's tooltip
              onError?.(Object.assign(new Error(reason), { status: e?.response?.status }), reason);
            });
        }}
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
      {failures.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="attach-upload-failures"
          title={t('upload.refused', { count: failures.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {failures.map((x) => (
                <li key={x.uid}>
                  {x.name}：{x.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
};

export default UploadModal;
