//! /system/post/list: the tenant's posts, paged, filtered by category, code and name, with the
//! buttons of the `post` menu.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React, { useMemo } from 'react';
import { CrudTable, dictColumn, useDict } from '@/components/Crud';
import { listPosts, type PostRecord, removePosts } from '@/services/system/post';

const PostList: React.FC = () => {
  const intl = useIntl();
  const field = (f: string) => intl.formatMessage({ id: `pages.system.post.field.${f}` });
  const categories = useDict('post_category', 'system');

  const columns: ProColumns<PostRecord>[] = useMemo(
    () => [
      { title: field('category'), dataIndex: 'category', sorter: true, width: 120, ...dictColumn(categories.options) },
      { title: field('postCode'), dataIndex: 'postCode', sorter: true },
      { title: field('postName'), dataIndex: 'postName', sorter: true },
      { title: field('sort'), dataIndex: 'sort', search: false, sorter: true, width: 80 },
      { title: field('remark'), dataIndex: 'remark', search: false, ellipsis: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, categories.options],
  );

  return (
    <PageContainer>
      <CrudTable<PostRecord> menuCode="post" columns={columns} list={(query) => listPosts(query)} remove={(ids) => removePosts(ids)} />
    </PageContainer>
  );
};

export default PostList;
