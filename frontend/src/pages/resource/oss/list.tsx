//! /resource/oss/list: the tenant's object storage configurations (where uploaded files are kept), the
//! one in use tagged 启用, the buttons of the `oss` menu, and a connection test for whoever may edit
//! them: it reports the storage's own reason when the connection fails.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { message, Modal, Typography } from 'antd';
import React, { useMemo } from 'react';
import { type CrudAction, type ExtraButton, failureMessage } from '@/components/Crud';
import { type OssRecord, ossService, testOss } from '@/services/resource/oss';
import { ErrorShowType } from '@/utils/request';
import ConfigList from '../components/ConfigList';
import { OSS_KIND } from './components/ossKind';

const OssList: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.resource.oss.${key}` }, values as any);
  const [modal, modalHolder] = Modal.useModal();

  const columns: ProColumns<OssRecord>[] = useMemo(
    () => [
      { title: t('field.endpoint'), dataIndex: 'endpoint', search: false, ellipsis: true },
      { title: t('field.bucketName'), dataIndex: 'bucketName', search: false },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  const extraButtons: ExtraButton[] = useMemo(() => [{ alias: 'test', name: t('test'), grantedBy: 'edit', place: 'row' }], [intl]); // eslint-disable-line react-hooks/exhaustive-deps

  const runTest = async (row: OssRecord) => {
    const hide = message.loading(t('test.running', { code: row.ossCode }), 0);
    try {
      // The outcome is shown in a dialog, in full: no toast from the request layer.
      await testOss(row.id, { showType: ErrorShowType.SILENT, showMsg: false });
      hide();
      modal.success({ title: t('test.ok', { code: row.ossCode }), content: t('test.okDetail'), okText: intl.formatMessage({ id: 'crud.ok' }) });
    } catch (e) {
      hide();
      modal.error({
        title: t('test.failed', { code: row.ossCode }),
        content: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{failureMessage(e) ?? t('test.noReason')}</Typography.Paragraph>,
        okText: intl.formatMessage({ id: 'crud.ok' }),
      });
    }
  };

  const actions: Record<string, CrudAction<OssRecord>> = {
    test: { needs: 'one', run: ({ rows }) => runTest(rows[0]) },
  };

  return (
    <PageContainer>
      {modalHolder}
      <ConfigList<OssRecord> spec={OSS_KIND} service={ossService} columns={columns} extraButtons={extraButtons} actions={actions} />
    </PageContainer>
  );
};

export default OssList;
