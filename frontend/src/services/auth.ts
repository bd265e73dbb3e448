//! keeper-auth calls: captcha, login and token refresh (api-contract §2).
import { request } from '@umijs/max';
import { md5 } from '@/utils/md5';
import type { KeeperRequestOptions } from '@/utils/request';

const TOKEN_URL = '/keeper-auth/oauth/token';

/** GET /oauth/captcha → `{key, image}`; exempt from the token check. */
export async function getCaptcha(): Promise<API.Captcha> {
  // Not Keeper's envelope, so not `call`.
  const options: KeeperRequestOptions = { method: 'GET', isToken: false, noCode: true, showMsg: false, skipErrorHandler: true };
  return request<API.Captcha>('/keeper-auth/oauth/captcha', options);
}

/** The reply of the token endpoint, success or the flat `{error_code, error_description}`. */
async function tokenCall(
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<API.TokenData | API.TokenError> {
  try {
    const options: KeeperRequestOptions = {
      method: 'POST',
      data: form,
      requestType: 'form',
      headers,
      isToken: false,
      noCode: true,
      showMsg: false,
      // SPEC §7: no error toast; the login form shows error_description itself.
      skipErrorHandler: true,
    };
    return await request<API.TokenData | API.TokenError>(TOKEN_URL, options);
  } catch (error: any) {
    const body = error?.response?.data;
    if (body && typeof body === 'object') {
      if (body.error_description) return body as API.TokenError;
      if (body.msg) return { error_code: body.code ?? error.response.status, error_description: body.msg };
    }
    throw error;
  }
}

/** POST /oauth/token with the captcha grant; the password is sent as md5 hex. */
export async function login(params: API.LoginParams): Promise<API.TokenData | API.TokenError> {
  const headers: Record<string, string> = { 'Tenant-Id': params.tenantId };
  if (params.captchaKey) headers['Captcha-Key'] = params.captchaKey;
  if (params.code !== undefined) headers['Captcha-Code'] = params.code;
  return tokenCall(
    {
      tenantId: params.tenantId,
      username: params.username,
      password: md5(params.password),
      grant_type: params.captchaKey ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
      code: params.code ?? '',
    },
    headers,
  );
}

/** POST /oauth/token with the refresh grant. */
export async function refreshAccessToken(params: {
  refreshToken: string;
  tenantId: string;
}): Promise<API.TokenData | API.TokenError> {
  return tokenCall(
    {
      grant_type: 'refresh_token',
      scope: 'all',
      refresh_token: params.refreshToken,
      tenantId: params.tenantId,
    },
    { 'Tenant-Id': params.tenantId },
  );
}

export function isTokenError(reply: unknown): reply is API.TokenError {
  return !!reply && typeof reply === 'object' && 'error_description' in (reply as object);
}
