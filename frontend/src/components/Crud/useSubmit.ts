//! Saving from a form, a dialog or a drawer, written once: the saving flag, the success toast, closing
//! with "something changed", and a server field error shown on its field (or said in a message when
//! the field is not on screen).
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import React, { useEffect, useRef, useState } from 'react';
import { showError } from '@/utils/requestMessages';
import { announceSuccess, type FieldError, fieldErrorOf } from './feedback';

/** Server field name → form field, where they differ: a table, or a rule for a field the server
 * names differently whatever it is. */
export type FieldNames = Record<string, NamePath> | ((field: string) => NamePath);

/** A form, or the ref of a ProForm (it exists only once the form is on screen). */
export type FormHandle = FormInstance<any> | React.RefObject<FormInstance<any> | undefined | null>;

export interface SubmitOptions {
  /** where a server field error is shown; without a form, a failure is left to the request layer */
  form?: FormHandle;
  fieldNames?: FieldNames;
  /** takes every failure instead (a dialog that shows the server's report itself) */
  onError?: (error: unknown) => void;
}

function instanceOf(form: FormHandle | undefined): FormInstance<any> | undefined {
  if (!form) return undefined;
  return 'current' in form ? (form.current ?? undefined) : form;
}

/** Whether the form holds a field at this path (a field not on screen has no value entry). */
function isRegistered(form: FormInstance<any>, name: NamePath): boolean {
  const path = Array.isArray(name) ? name : [name];
  let node: any = form.getFieldsValue();
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = node[key];
  }
  return true;
}

/**
 * Shows a field error on the field it names, scrolled into view. A field the form does not show
 * cannot carry the reason, so the whole message is said instead (the request layer stays quiet about
 * failures that carry data).
 */
export function placeFieldError(form: FormInstance<any> | undefined, fe: FieldError, fieldNames: FieldNames = {}) {
  const field = typeof fieldNames === 'function' ? fieldNames(fe.field) : (fieldNames[fe.field] ?? fe.field);
  if (form && isRegistered(form, field)) {
    form.setFields([{ name: field, errors: [fe.reason] }]);
    form.scrollToField(field);
  } else {
    showError(fe.message);
  }
}

/**
 * `submit(call)` runs a saving call: `saving` is true meanwhile, a success is announced once and
 * `onDone(true)` runs (the caller closes, goes back, reloads). It answers whether the call succeeded.
 */
export function useSubmit(onDone: (changed: true) => void, options: SubmitOptions = {}) {
  const [saving, setSaving] = useState(false);
  // The dialog may be gone when the reply comes (closed, or the page left): no state to set then.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const submit = async (call: () => Promise<API.Result<unknown> | undefined>): Promise<boolean> => {
    setSaving(true);
    try {
      const res = await call();
      if (!res?.success) return false;
      announceSuccess(res);
      onDone(true);
      return true;
    } catch (e) {
      if (options.onError) options.onError(e);
      else if (options.form) {
        const fe = fieldErrorOf(e);
        if (fe) placeFieldError(instanceOf(options.form), fe, options.fieldNames);
      }
      // any other failure: the request layer has said why
      return false;
    } finally {
      if (alive.current) setSaving(false);
    }
  };

  return { saving, submit };
}
