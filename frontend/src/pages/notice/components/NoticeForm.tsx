//! The notice form of /notice/add, /notice/edit/:id and /notice/view/:id: title, category, the
//! audience (departments, each with those below it, and roles; neither: everyone in the zone), the
//! content in the rich-text editor, and the files. A notice is saved as a draft; publishing is the
//! list's button. A published notice cannot be changed until it is withdrawn: its edit form says so.
import { ProForm, ProFormDependency, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Col } from 'antd';
import React from 'react';
import { AttachField, attachIdsOf, type AttachItem, isUploading, storedFiles } from '@/components/Attach';
import { type CrudMode, CrudPage, ProFormDeptTreeSelect, ProFormDictSelect, ProFormRoleTreeSelect } from '@/components/Crud';
import { NoticeAttachments } from '@/components/NoticeDetail';
import { isBlankHtml, RichTextEditor, RichTextView } from '@/components/RichText';
import { getNotice, isPublished, NOTICE_CATEGORY, type NoticeDetail, type NoticeSubmit, submitNotice } from '@/services/business/notice';

export const LIST_PATH = '/notice/list';

/** The longest title and content the server takes. */
export const MAX_TITLE = 100;
export const MAX_CONTENT = 200_000;
/** Files of one notice, at most. */
export const MAX_FILES = 20;

export interface NoticeFormValues {
  title?: string;
  category?: string;
  deptIds?: string[];
  roleIds?: string[];
  /** HTML */
  content?: string;
  attachments?: AttachItem[];
}

export function toFormValues(n: NoticeDetail): NoticeFormValues {
  return {
    title: n.title,
    category: n.category === undefined || n.category === null || n.category === '' ? undefined : String(n.category),
    deptIds: (n.deptIds ?? []).map(String),
    roleIds: (n.roleIds ?? []).map(String),
    content: n.content ?? '',
    attachments: storedFiles(n.attachments),
  };
}

export function toSubmit(v: NoticeFormValues, id?: string): NoticeSubmit {
  const body: NoticeSubmit = {
    title: (v.title ?? '').trim(),
    category: v.category ?? '',
    content: v.content ?? '',
    deptIds: (v.deptIds ?? []).map(String),
    roleIds: (v.roleIds ?? []).map(String),
    attachIds: attachIdsOf(v.attachments),
  };
  if (id) body.id = id;
  return body;
}

const NoticeForm: React.FC<{ mode: CrudMode; id?: string }> = ({ mode, id }) => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.notice.${key}` }, values as any);
  const label = (f: string) => t(`field.${f}`);
  const view = mode === 'view';

  return (
    <CrudPage<NoticeDetail, NoticeFormValues>
      mode={mode}
      name="notice-form"
      title={intl.formatMessage({ id: `menu.notice.${mode}` })}
      backTo={LIST_PATH}
      id={mode === 'add' ? undefined : id}
      load={(nid) => getNotice(nid)}
      toValues={toFormValues}
      initialValues={{ deptIds: [], roleIds: [], content: '', attachments: [] }}
      submit={(values) => submitNotice(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {({ record }) => (
        <>
          {mode === 'edit' && record && isPublished(record) ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16, width: '100%' }} title={t('publishedEdit')} data-testid="notice-published-edit" />
          ) : null}
          <ProFormText name="title" label={label('title')} rules={[{ required: true }, { max: MAX_TITLE }]} colProps={{ xs: 24, md: 16 }} />
          <ProFormDictSelect name="category" label={label('category')} code={NOTICE_CATEGORY} rules={[{ required: true }]} colProps={{ xs: 24, md: 8 }} />
          <ProFormDeptTreeSelect name="deptIds" label={label('deptIds')} fieldProps={{ multiple: true }} />
          <ProFormRoleTreeSelect name="roleIds" label={label('roleIds')} />
          {view ? null : (
            <ProFormDependency name={['deptIds', 'roleIds']}>
              {({ deptIds, roleIds }) => (
                <Col span={24}>
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 24 }}
                    title={!deptIds?.length && !roleIds?.length ? t('audience.everyone') : t('audience.chosen')}
                    data-testid="notice-audience-hint"
                  />
                </Col>
              )}
            </ProFormDependency>
          )}
          <Col span={24}>
            <ProForm.Item
              name="content"
              label={label('content')}
              required={!view}
              rules={[
                {
                  validator: async (_: unknown, html: string | undefined) => {
                    if (isBlankHtml(html)) throw new Error(t('content.required'));
                    if ((html ?? '').length > MAX_CONTENT) throw new Error(t('content.tooLong'));
                  },
                },
              ]}
            >
              {view ? (
                <ContentView />
              ) : (
                <RichTextEditor aria-label={label('content')} placeholder={t('content.placeholder')} />
              )}
            </ProForm.Item>
          </Col>
          <Col span={24}>
            <ProForm.Item
              name="attachments"
              label={label('attachments')}
              extra={view ? undefined : t('attach.hint', { max: MAX_FILES })}
              rules={[
                {
                  validator: async (_: unknown, files: AttachItem[] | undefined) => {
                    if (isUploading(files)) throw new Error(t('attach.uploading'));
                    if (attachIdsOf(files).length > MAX_FILES) throw new Error(t('attach.tooMany', { max: MAX_FILES }));
                  },
                },
              ]}
            >
              {view ? <AttachmentsView files={record?.attachments ?? []} /> : <AttachField data-testid="notice-attach" />}
            </ProForm.Item>
          </Col>
        </>
      )}
    </CrudPage>
  );
};

/** The content of a read-only form, as readers see it (the field's value arrives as `value`). */
const ContentView: React.FC<{ value?: string }> = ({ value }) => <RichTextView html={value} />;

/** The files of a read-only form, as download links (the field's own value is left aside). */
const AttachmentsView: React.FC<{ files: NoticeDetail['attachments']; value?: unknown }> = ({ files }) => <NoticeAttachments files={files} />;

export default NoticeForm;
