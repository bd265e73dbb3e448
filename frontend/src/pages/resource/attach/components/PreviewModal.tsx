//! The preview of an image or a PDF attachment, loaded by the browser from the preview address (the
//! token in its URL), with a download button for whoever may download.
import { useIntl } from '@umijs/max';
import { Button, Modal } from 'antd';
import React from 'react';
import { isImage } from '@/components/Attach';
import type { AttachRecord } from '@/services/resource/attach';

export { isPreviewable } from '@/components/Attach';

export interface Preview {
  record: AttachRecord;
  src: string;
}

const PreviewModal: React.FC<{ preview?: Preview; onClose: () => void; onDownload?: (row: AttachRecord) => void }> = ({ preview, onClose, onDownload }) => {
  const intl = useIntl();
  const row = preview?.record;
  return (
    <Modal
      open={!!preview}
      title={row?.originalName}
      onCancel={onClose}
      destroyOnHidden
      width={row && !isImage(row) ? 960 : 720}
      footer={[
        onDownload && row ? (
          <Button key="download" onClick={() => onDownload(row)}>
            {intl.formatMessage({ id: 'button.download.name' })}
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          {intl.formatMessage({ id: 'crud.close' })}
        </Button>,
      ]}
    >
      {preview && row ? (
        <div data-testid="attach-preview" style={{ textAlign: 'center' }}>
          {isImage(row) ? (
            <img src={preview.src} alt={row.originalName} style={{ maxWidth: '100%', maxHeight: '70vh' }} />
          ) : (
            <iframe src={preview.src} title={row.originalName} style={{ width: '100%', height: '70vh', border: 'none' }} />
          )}
        </div>
      ) : null}
    </Modal>
  );
};

export default PreviewModal;
