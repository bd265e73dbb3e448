//! A notice's files as download links, each saved under the name it was uploaded with.
import { PaperClipOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Flex, Typography } from 'antd';
import React from 'react';
import { downloadNoticeAttachment, type NoticeAttachment } from '@/services/business/notice';
import { humanSize } from '@/utils/files';
import { useDownload } from '@/utils/useDownload';

const NoticeAttachments: React.FC<{ files: NoticeAttachment[] }> = ({ files }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.notice.${key}` }, values as any);
  const download = useDownload(t('downloadFailed'));
  if (!files.length) return <Typography.Text type="secondary">{t('noAttachments')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid="notice-attachments">
      {files.map((f) => (
        <Flex key={f.attachId} align="center" gap={8}>
          <Button
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            disabled={download.busy}
            style={{ paddingInline: 0 }}
            title={t('download', { name: f.originalName })}
            onClick={() => download.run(() => downloadNoticeAttachment(f), t('downloaded', { name: f.originalName }))}
          >
            {f.originalName}
          </Button>
          <Typography.Text type="secondary">{humanSize(f.attachSize)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
};

export default NoticeAttachments;
