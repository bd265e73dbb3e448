//! The dialog of one list action (grant, licence, send a test…): OK checks the form, runs the call and,
//! when it succeeds, announces it and closes with `onClose(true)`; Cancel closes with `onClose(false)`.
//! What the dialog shows may be fetched each time it opens.
import { useIntl } from '@umijs/max';
import { type FormInstance, Modal, type ModalProps } from 'antd';
import React, { useEffect } from 'react';
import { type FieldNames, useSubmit } from './useSubmit';

export interface ActionModalProps<V, L> extends Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading'> {
  open: boolean;
  onClose: (changed: boolean) => void;
  /** the call of OK; it gets the checked values of `form` */
  submit: (values: V) => Promise<API.Result<unknown> | undefined>;
  /** checked before the call; a server field error lands on its field */
  form?: FormInstance<V>;
  fieldNames?: FieldNames;
  /** fetches what the dialog shows each time it opens; a failure closes it (the request layer has
   * said why) */
  load?: () => Promise<L>;
  /** the answer of `load`, unless the dialog closed meanwhile */
  onLoad?: (data: L) => void;
}

function ActionModal<V = undefined, L = unknown>(props: ActionModalProps<V, L>) {
  const { open, onClose, submit, form, fieldNames, load, onLoad, okText, cancelText, children, ...modal } = props;
  const intl = useIntl();
  const { saving, submit: run } = useSubmit(onClose, { form, fieldNames });

  useEffect(() => {
    if (!open || !load) return undefined;
    let alive = true;
    load()
      .then((data) => {
        if (alive) onLoad?.(data);
      })
      .catch(() => {
        if (alive) onClose(false);
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const ok = async () => {
    // A refused check shows on the fields; there is nothing to send.
    const values = form ? await form.validateFields() : (undefined as V);
    await run(() => submit(values));
  };

  return (
    <Modal
      open={open}
      okText={okText ?? intl.formatMessage({ id: 'crud.ok' })}
      cancelText={cancelText ?? intl.formatMessage({ id: 'crud.cancel' })}
      confirmLoading={saving}
      onOk={() => void ok().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
      {...modal}
    >
      {children}
    </Modal>
  );
}

export default ActionModal;
