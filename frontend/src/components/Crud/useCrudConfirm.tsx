//! "Are you sure?" before a call that changes data: the call runs on OK, its success is announced,
//! and the screen refreshes. The dialog renders in the page's context (theme, locale).
import { useIntl } from '@umijs/max';
import { Modal } from 'antd';
import type React from 'react';
import { useCallback } from 'react';
import { announceSuccess } from './feedback';

export interface ConfirmOptions {
  title: React.ReactNode;
  content: React.ReactNode;
  /** a destructive action: red OK button */
  danger?: boolean;
  call: () => Promise<API.Result<unknown> | undefined>;
  /** after a successful call */
  onDone?: () => void;
}

export function useCrudConfirm(): [(opts: ConfirmOptions) => void, React.ReactElement] {
  const [modal, holder] = Modal.useModal();
  const intl = useIntl();
  const confirm = useCallback(
    (opts: ConfirmOptions) => {
      modal.confirm({
        title: opts.title,
        content: opts.content,
        okText: intl.formatMessage({ id: 'crud.ok' }),
        cancelText: intl.formatMessage({ id: 'crud.cancel' }),
        okType: opts.danger ? 'danger' : 'primary',
        onOk: async () => {
          try {
            const res = await opts.call();
            announceSuccess(res);
            if (res?.success) opts.onDone?.();
          } catch {
            // the request layer has shown why
          }
        },
      });
    },
    [modal, intl],
  );
  return [confirm, holder];
}
