//! The post form of /system/post/add/:id?, edit/:id and view/:id; add/:id starts from a copy of that
//! post without its code.
import { PageContainer, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl, useParams } from '@umijs/max';
import { Alert, Card, Skeleton } from 'antd';
import React, { useEffect, useState } from 'react';
import { CrudPage, type CrudMode, ProFormDictSelect } from '@/components/Crud';
import { getPost, type PostRecord, type PostSubmit, submitPost } from '@/services/system/post';

export const LIST_PATH = '/system/post/list';

export interface PostFormValues {
  category?: string;
  postCode?: string;
  postName?: string;
  sort?: number;
  remark?: string;
}

export function toFormValues(p: PostRecord): PostFormValues {
  return {
    category: p.category > 0 ? String(p.category) : undefined,
    postCode: p.postCode,
    postName: p.postName,
    sort: p.sort,
    remark: p.remark,
  };
}

export function toSubmit(v: PostFormValues, id?: string): PostSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const body: PostSubmit = {
    category: Number(v.category),
    postCode: text(v.postCode),
    postName: text(v.postName),
    sort: v.sort ?? 0,
    remark: text(v.remark),
  };
  if (id) body.id = id;
  return body;
}

/** add/:id: the post to copy from, or undefined once it is known there is none. */
function useCopySource(id: string | undefined) {
  const [state, setState] = useState<{ loading: boolean; post?: PostRecord }>({ loading: !!id });
  useEffect(() => {
    if (!id) return undefined;
    let alive = true;
    getPost(id, { showMsg: false })
      .then((res) => (res?.success ? res.data : undefined))
      .catch(() => undefined)
      .then((post) => alive && setState({ loading: false, post }));
    return () => {
      alive = false;
    };
  }, [id]);
  return state;
}

const PostForm: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const label = (f: string) => intl.formatMessage({ id: `pages.system.post.field.${f}` });
  const title = intl.formatMessage({ id: `menu.system.post.${mode}` });
  const copy = useCopySource(mode === 'add' ? id : undefined);

  if (copy.loading) {
    return (
      <PageContainer title={title}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </PageContainer>
    );
  }
  const initialValues: PostFormValues = copy.post ? { ...toFormValues(copy.post), postCode: undefined } : { sort: 1 };

  return (
    <CrudPage<PostRecord, PostFormValues>
      mode={mode}
      name="post-form"
      title={title}
      backTo={LIST_PATH}
      id={mode === 'add' ? undefined : id}
      load={(pid) => getPost(pid)}
      toValues={toFormValues}
      initialValues={initialValues}
      submit={(values) => submitPost(toSubmit(values, mode === 'edit' ? id : undefined))}
    >
      {copy.post ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16, width: '100%' }}
          title={intl.formatMessage({ id: 'pages.system.post.copyOf' }, { name: copy.post.postName })}
        />
      ) : null}
      <ProFormDictSelect name="category" label={label('category')} code="post_category" source="system" rules={[{ required: true }]} />
      <ProFormText name="postCode" label={label('postCode')} rules={[{ required: true }, { max: 12 }]} />
      <ProFormText name="postName" label={label('postName')} rules={[{ required: true }, { max: 64 }]} />
      <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
      <ProFormTextArea name="remark" label={label('remark')} rules={[{ max: 255 }]} colProps={{ span: 24 }} fieldProps={{ rows: 3 }} />
    </CrudPage>
  );
};

export default PostForm;
