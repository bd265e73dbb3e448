//! Self-registration (public, no session): a pending account in a tenant that opened registration
//! (parameter `account.registerUser`); the tenant's administrator approves it before it can sign in.
import { md5 } from '@/utils/md5';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

export interface RegisterParams {
  tenantId: string;
  account: string;
  realName: string;
  /** plain text here, md5 hex on the wire */
  password: string;
  phone?: string;
  email?: string;
}

/** POST user/register (JSON, no token); answers `{account, status}` (status 3: waiting for approval). */
export async function register(params: RegisterParams, options?: KeeperRequestOptions) {
  const data = { ...params, password: md5(params.password) };
  return call<{ account: string; status: number }>('/keeper-system/user/register', {
    method: 'POST',
    data,
    isToken: false,
    ...options,
  });
}
