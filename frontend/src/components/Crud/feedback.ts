//! What a CRUD call tells the user: the field a 400 reply names (crates/common/src/error.rs answers
//! `data: {field, reason}`), and the success toast for replies the request layer stays quiet about.
import { isEmptyData } from '@/utils/request';
import { showSuccessToast, t } from '@/utils/requestMessages';

export interface FieldError {
  field: string;
  reason: string;
  /** the whole message, `field: reason` */
  message: string;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === '[object Object]';
}

/**
 * The field error carried by a failed call: a non-2xx reply (`error.response.data`) or a 200 reply
 * with a failure code (`BizError.info`). Undefined for any other failure.
 */
export function fieldErrorOf(error: unknown): FieldError | undefined {
  const e = error as any;
  const body = isPlainObject(e?.response?.data) ? e.response.data : undefined;
  const data = body?.data ?? e?.info?.data;
  const message = failureMessage(error) ?? '';
  if (!isPlainObject(data)) return undefined;
  const { field, reason } = data;
  if (typeof field !== 'string' || !field || typeof reason !== 'string') return undefined;
  return { field, reason, message: message || `${field}: ${reason}` };
}

/** The server's message of a failed call: a non-2xx reply (`msg`) or a 200 reply with a failure
 * code. Undefined for a failure without one (network, session). */
export function failureMessage(error: unknown): string | undefined {
  const e = error as any;
  const body = isPlainObject(e?.response?.data) ? e.response.data : undefined;
  const msg = body?.msg ?? e?.info?.errorMessage;
  return typeof msg === 'string' && msg ? msg : undefined;
}

/**
 * The success toast of a call that answered data (`{id}`, `{count}`): the request layer only toasts
 * replies without data, so each success is announced exactly once.
 */
export function announceSuccess(res: API.Result<unknown> | undefined) {
  if (!res?.success || isEmptyData(res.data)) return;
  showSuccessToast(res.msg || t('crud.done', '操作成功'));
}
