//! The items of one dictionary (/system/dict/sub/:parentId, /system/dictbiz/sub/:parentId) as a tree,
//! filtered by key and value; "新增" adds an item to the dictionary, "新增下级" one under a row.
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Descriptions, Result, Button, Skeleton, Tag } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import { type CrudAction, CrudTable } from '@/components/Crud';
import { type DictRecord, getDictRow, listDictItems, removeDictRows } from '@/services/system/dict';
import { type DictScreens, listPath, titleKey } from './book';

const DictItems: React.FC<{ screens: DictScreens }> = ({ screens }) => {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.system.dict.${id}` }, values as any);
  const field = (f: string) => t(`field.${f}`);
  const { parentId = '' } = useParams<{ parentId: string }>();
  const [dictionary, setDictionary] = useState<{ loading: boolean; row?: DictRecord }>({ loading: true });

  useEffect(() => {
    let alive = true;
    setDictionary({ loading: true });
    getDictRow(screens.book, parentId)
      .then((res) => (res?.success ? res.data : undefined))
      .catch(() => undefined)
      .then((row) => alive && setDictionary({ loading: false, row }));
    return () => {
      alive = false;
    };
  }, [screens.book, parentId]);

  const columns: ProColumns<DictRecord>[] = useMemo(
    () => [
      { title: field('dictValue'), dataIndex: 'dictValue' },
      { title: field('dictKey'), dataIndex: 'dictKey' },
      { title: field('sort'), dataIndex: 'sort', search: false, width: 80 },
      {
        title: field('isSealed'),
        dataIndex: 'isSealed',
        search: false,
        width: 90,
        render: (_, row) => (row.isSealed === 1 ? <Tag color="orange">{t('sealed.yes')}</Tag> : t('sealed.no')),
      },
      { title: field('remark'), dataIndex: 'remark', search: false, ellipsis: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl],
  );

  // The toolbar's "新增" adds to this dictionary (the button's route with the dictionary's id).
  const actions: Record<string, CrudAction<DictRecord>> = {
    add: { needs: 'none', run: ({ button }) => history.push(`${button.path}/${parentId}`) },
  };
  const back = () => history.push(listPath(screens));
  const row = dictionary.row;

  let body: React.ReactNode;
  if (dictionary.loading) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (!row) {
    body = <Result status="404" title={intl.formatMessage({ id: 'crud.notFound' })} extra={<Button onClick={back}>{intl.formatMessage({ id: 'crud.back' })}</Button>} />;
  } else {
    body = (
      <CrudTable<DictRecord>
        menuCode={screens.menuCode}
        tree
        addChild
        columns={columns}
        actions={actions}
        headerTitle={t('items.of', { name: row.dictValue })}
        list={({ dictKey, dictValue }) => listDictItems(screens.book, parentId, { dictKey, dictValue })}
        remove={(ids) => removeDictRows(screens.book, ids)}
      />
    );
  }

  return (
    <PageContainer
      title={intl.formatMessage({ id: titleKey(screens, 'sub') })}
      onBack={back}
      content={
        row ? (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={field('dictName')}>{row.dictValue}</Descriptions.Item>
            <Descriptions.Item label={field('code')}>{row.code}</Descriptions.Item>
            {row.remark ? <Descriptions.Item label={field('remark')}>{row.remark}</Descriptions.Item> : null}
          </Descriptions>
        ) : null
      }
    >
      {body}
    </PageContainer>
  );
};

export default DictItems;
