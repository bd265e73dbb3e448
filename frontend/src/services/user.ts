//! keeper-system calls about the signed-in user's own account (api-contract §4.6).
import { md5 } from '@/utils/md5';
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from './crud';

/** GET /user/info: the current user's UserVO. */
export async function getUserInfo(options?: KeeperRequestOptions) {
  return call<API.UserInfo>('/keeper-system/user/info', {
    method: 'GET',
    showMsg: false,
    ...options,
  });
}

/** POST /user/update-info (JSON): the user's own profile. */
export async function updateInfo(params: API.UpdateInfoParams, options?: KeeperRequestOptions) {
  return call<unknown>('/keeper-system/user/update-info', {
    method: 'POST',
    data: params,
    ...options,
  });
}

/** POST /user/update-password (form); the three passwords go out as md5 hex. */
export async function updatePassword(
  params: API.UpdatePasswordParams,
  options?: KeeperRequestOptions,
) {
  return call<unknown>('/keeper-system/user/update-password', {
    method: 'POST',
    requestType: 'form',
    data: {
      oldPassword: md5(params.oldPassword),
      newPassword: md5(params.newPassword),
      newPassword1: md5(params.newPassword1),
    },
    ...options,
  });
}
