//! The dictionaries of /system/dict/list and /system/dictbiz/list (their top rows), paged, filtered
//! by code and name, with the menu's buttons and a "字典配置" link to each dictionary's items.
import { SettingOutlined } from '@ant-design/icons';
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { history, useIntl } from '@umijs/max';
import { Button, Tag } from 'antd';
import React, { useMemo } from 'react';
import { CrudTable } from '@/components/Crud';
import { type DictRecord, listDictionaries, removeDictRows } from '@/services/system/dict';
import { type DictScreens, subPath } from './book';

const DictList: React.FC<{ screens: DictScreens }> = ({ screens }) => {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `pages.system.dict.${id}` });
  const field = (f: string) => t(`field.${f}`);

  const columns: ProColumns<DictRecord>[] = useMemo(
    () => [
      { title: field('code'), dataIndex: 'code', sorter: true },
      { title: field('dictName'), dataIndex: 'dictValue', sorter: true },
      { title: field('sort'), dataIndex: 'sort', search: false, sorter: true, width: 80 },
      {
        title: field('isSealed'),
        dataIndex: 'isSealed',
        search: false,
        width: 90,
        render: (_, row) => (row.isSealed === 1 ? <Tag color="orange">{t('sealed.yes')}</Tag> : t('sealed.no')),
      },
      { title: field('remark'), dataIndex: 'remark', search: false, ellipsis: true },
      {
        title: t('items'),
        key: 'items',
        search: false,
        width: 110,
        render: (_, row) => (
          <Button
            type="link"
            size="small"
            icon={<SettingOutlined />}
            style={{ paddingInline: 0 }}
            onClick={() => history.push(subPath(screens, row.id))}
          >
            {t('configure')}
          </Button>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, screens],
  );

  return (
    <PageContainer>
      <CrudTable<DictRecord>
        menuCode={screens.menuCode}
        columns={columns}
        list={(query) => listDictionaries(screens.book, query)}
        remove={(ids) => removeDictRows(screens.book, ids)}
      />
    </PageContainer>
  );
};

export default DictList;
