//! The form of /system/dict(biz)/add, add/:id, edit/:id and view/:id. Two shapes: a dictionary (a top
//! row: its code, name and order) and an item of a dictionary (under the dictionary or another item of
//! it, with a key and a value; it takes the dictionary's code). add/:id adds an item under row :id.
//! After saving, an item returns to its dictionary's items, a dictionary to the list.
import { PageContainer, ProFormDigit, ProFormRadio, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@ant-design/pro-components';
import { history, useIntl, useParams } from '@umijs/max';
import { Button, Card, Result, Skeleton } from 'antd';
import React, { useEffect, useState } from 'react';
import { CrudPage, type CrudMode, TREE_SELECT_DEFAULTS, type TreeOption, withoutBranch } from '@/components/Crud';
import {
  type DictBook,
  type DictRecord,
  type DictSubmit,
  findDictionary,
  getDictRow,
  listDictItems,
  submitDictRow,
  TOP_KEY,
} from '@/services/system/dict';
import { chooseRule } from '@/utils/formRules';
import { type DictScreens, listPath, subPath, titleKey } from './book';

/** The server's code alphabet (services/system/src/dicts/form.rs). */
const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

export interface DictFormValues {
  parentId?: string;
  parentName?: string;
  code?: string;
  dictKey?: string;
  dictValue?: string;
  sort?: number;
  remark?: string;
  isSealed?: number;
}

export function toFormValues(d: DictRecord): DictFormValues {
  return {
    parentId: d.parentId,
    parentName: d.parentName,
    code: d.code,
    dictKey: d.parentId === '0' ? undefined : d.dictKey,
    dictValue: d.dictValue,
    sort: d.sort,
    remark: d.remark,
    isSealed: d.isSealed ? 1 : 0,
  };
}

/** Form values → the `submit` body: a dictionary (no parent) or an item of the dictionary `code`. */
export function toSubmit(v: DictFormValues, opts: { id?: string; itemOf?: string }): DictSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const item = opts.itemOf !== undefined;
  const body: DictSubmit = {
    parentId: item ? v.parentId || '' : '0',
    code: item ? opts.itemOf! : text(v.code),
    dictKey: item ? text(v.dictKey) : TOP_KEY,
    dictValue: text(v.dictValue),
    sort: v.sort ?? 0,
    remark: text(v.remark),
    isSealed: v.isSealed ? 1 : 0,
  };
  if (opts.id) body.id = opts.id;
  return body;
}

/** The dictionary and its items as the parent picker: the dictionary at the root. */
export function parentOptions(dictionary: DictRecord, items: DictRecord[]): TreeOption[] {
  const walk = (rows: DictRecord[]): TreeOption[] =>
    rows.map((r) => {
      const node: TreeOption = { value: r.id, title: r.dictValue, label: r.dictValue, key: r.id };
      if (r.children?.length) node.children = walk(r.children);
      return node;
    });
  const root: TreeOption = { value: dictionary.id, title: dictionary.dictValue, label: dictionary.dictValue, key: dictionary.id };
  const children = walk(items);
  if (children.length) root.children = children;
  return [root];
}

interface ItemContext {
  /** the dictionary (top row) the item belongs to */
  dictionary: DictRecord;
  items: DictRecord[];
}

/** The dictionary of a row and the dictionary's items. */
async function itemContext(book: DictBook, row: DictRecord): Promise<ItemContext | undefined> {
  const dictionary = row.parentId === '0' ? row : await findDictionary(book, row.code);
  if (!dictionary) return undefined;
  const res = await listDictItems(book, dictionary.id, {}, { showMsg: false });
  return { dictionary, items: res?.success ? (res.data ?? []) : [] };
}

const DictForm: React.FC<{ screens: DictScreens; mode: CrudMode }> = ({ screens, mode }) => {
  const intl = useIntl();
  const { id } = useParams<{ id: string }>();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.dict.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const title = intl.formatMessage({ id: titleKey(screens, mode) });
  // add/:id names the row the new item goes under.
  const under = mode === 'add' ? id : undefined;
  const [item, setItem] = useState<{ loading: boolean; ctx?: ItemContext; parent?: DictRecord }>({ loading: !!under });

  useEffect(() => {
    if (!under) return undefined;
    let alive = true;
    (async () => {
      try {
        const res = await getDictRow(screens.book, under);
        const parent = res?.success ? res.data : undefined;
        const ctx = parent ? await itemContext(screens.book, parent) : undefined;
        if (alive) setItem({ loading: false, ctx, parent });
      } catch {
        if (alive) setItem({ loading: false });
      }
    })();
    return () => {
      alive = false;
    };
  }, [screens.book, under]);

  if (under && (item.loading || !item.ctx)) {
    const back = () => history.push(listPath(screens));
    return (
      <PageContainer title={title} onBack={back}>
        <Card>
          {item.loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <Result
              status="404"
              title={intl.formatMessage({ id: 'crud.notFound' })}
              extra={<Button onClick={back}>{intl.formatMessage({ id: 'crud.back' })}</Button>}
            />
          )}
        </Card>
      </PageContainer>
    );
  }

  const ctx = item.ctx;
  const backTo = ctx ? subPath(screens, ctx.dictionary.id) : listPath(screens);

  return (
    <CrudPage<DictRecord, DictFormValues>
      mode={mode}
      name="dict-form"
      title={title}
      backTo={backTo}
      id={mode === 'add' ? undefined : id}
      load={async (rid) => {
        const res = await getDictRow(screens.book, rid);
        if (res?.success && res.data && res.data.parentId !== '0') {
          const found = await itemContext(screens.book, res.data);
          if (found) setItem({ loading: false, ctx: found });
        }
        return res;
      }}
      toValues={toFormValues}
      initialValues={ctx ? { parentId: under, code: ctx.dictionary.code, sort: 1, isSealed: 0 } : { sort: 1, isSealed: 0 }}
      submit={(values, record) =>
        submitDictRow(
          screens.book,
          toSubmit(values, {
            id: mode === 'edit' ? id : undefined,
            itemOf: ctx ? ctx.dictionary.code : record && record.parentId !== '0' ? record.code : undefined,
          }),
        )
      }
    >
      {({ record }) => {
        const isItem = mode === 'add' ? !!ctx : !!record && record.parentId !== '0';
        const sealed = (
          <ProFormRadio.Group
            name="isSealed"
            label={label('isSealed')}
            tooltip={t('sealed.tip')}
            options={[
              { label: t('sealed.no'), value: 0 },
              { label: t('sealed.yes'), value: 1 },
            ]}
          />
        );
        const common = (
          <>
            <ProFormDigit name="sort" label={label('sort')} min={0} max={99999} fieldProps={{ precision: 0, style: { width: '100%' } }} />
            {sealed}
            <ProFormTextArea name="remark" label={label('remark')} rules={[{ max: 255 }]} colProps={{ span: 24 }} fieldProps={{ rows: 3 }} />
          </>
        );
        if (!isItem) {
          return (
            <>
              <ProFormText
                name="code"
                label={label('code')}
                tooltip={t('code.tip')}
                rules={[{ required: true }, { max: 64 }, { pattern: CODE_PATTERN, message: t('code.rule') }]}
              />
              <ProFormText name="dictValue" label={label('dictName')} rules={[{ required: true }, { max: 255 }]} />
              {common}
            </>
          );
        }
        return (
          <>
            {mode === 'view' || !ctx ? (
              <ProFormText name="parentName" label={label('parentId')} />
            ) : (
              <ProFormTreeSelect
                name="parentId"
                label={label('parentId')}
                rules={[chooseRule(intl, label('parentId'))]}
                fieldProps={{
                  ...TREE_SELECT_DEFAULTS,
                  allowClear: false,
                  treeData: withoutBranch(parentOptions(ctx.dictionary, ctx.items), mode === 'edit' ? id : undefined),
                }}
              />
            )}
            <ProFormText name="code" label={label('code')} disabled />
            <ProFormText name="dictKey" label={label('dictKey')} tooltip={t('dictKey.tip')} rules={[{ required: true }, { max: 255 }]} />
            <ProFormText name="dictValue" label={label('dictValue')} rules={[{ required: true }, { max: 255 }]} />
            {common}
          </>
        );
      }}
    </CrudPage>
  );
};

export default DictForm;
