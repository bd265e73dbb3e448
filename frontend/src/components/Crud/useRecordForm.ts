//! The logic of every add / edit / view form of one record, whatever holds it (a page, a drawer): the
//! record loaded by id for edit and view, "missing" when the server has none, and the submit with its
//! success toast and its server field error placed on the field.
import type { ProFormInstance } from '@ant-design/pro-components';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type FieldNames, useSubmit } from './useSubmit';

export type CrudMode = 'add' | 'edit' | 'view';

export interface RecordContext<R> {
  mode: CrudMode;
  /** the loaded record (edit and view) */
  record?: R;
}

export interface RecordFormOptions<R, V> {
  mode: CrudMode;
  /** the record of edit and view */
  id?: string;
  load?: (id: string) => Promise<API.Result<R>>;
  submit?: (values: V, record?: R) => Promise<API.Result<unknown>>;
  /** server field name → form field, where they differ */
  fieldNames?: FieldNames;
  /** after a successful submit, once it has been announced */
  onSaved: () => void;
}

/**
 * The props every shell of a record form takes (CrudPage, CrudDrawer): the hook's options, less
 * `onSaved`, which each shell decides (back to the list, close the drawer), plus the form itself.
 * A shell extends this with its own chrome, so a new prop of the form is declared once.
 */
export interface RecordFormProps<R, V extends Record<string, any>> extends Omit<RecordFormOptions<R, V>, 'onSaved'> {
  /** the form's name, also its element id */
  name: string;
  title: ReactNode;
  /** a loaded record as form values */
  toValues?: (record: R) => Partial<V>;
  /** values a new record starts with */
  initialValues?: Partial<V>;
  /** the fields; a function gets the mode and the record */
  children: ReactNode | ((ctx: RecordContext<R>) => ReactNode);
}

export function useRecordForm<R, V extends Record<string, any>>(options: RecordFormOptions<R, V>) {
  const { mode, id, load, submit, fieldNames, onSaved } = options;
  const formRef = useRef<ProFormInstance<V>>(undefined);
  const needsRecord = mode !== 'add' && !!load;
  const [state, setState] = useState<{ loading: boolean; record?: R; missing?: boolean }>({ loading: needsRecord });
  const saver = useSubmit(onSaved, { form: formRef, fieldNames });

  useEffect(() => {
    if (!needsRecord) return undefined;
    let alive = true;
    setState({ loading: true });
    (async () => {
      try {
        const res = id ? await load!(id) : undefined;
        if (!alive) return;
        if (res?.success && res.data && typeof res.data === 'object') setState({ loading: false, record: res.data });
        else setState({ loading: false, missing: true });
      } catch {
        if (alive) setState({ loading: false, missing: true });
      }
    })();
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, needsRecord]);

  /** ProForm's `onFinish`: answers whether the record was saved. */
  const onFinish = async (values: V) => (submit ? saver.submit(() => submit(values, state.record)) : false);

  const ctx: RecordContext<R> = { mode, record: state.record };
  return { formRef, loading: state.loading, missing: !!state.missing, record: state.record, saving: saver.saving, onFinish, ctx };
}
