//! keeper-system OAuth clients (api-contract §4.11): the applications allowed to ask for tokens. The
//! server keeps only a hash of a secret, so a secret is written and never read back: an update without
//! `clientSecret` keeps the stored one.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

const BASE = '/keeper-system/client';

/** The grant types the client registry accepts (services/system/src/clients/form.rs); sign-in uses the
 * first three. */
export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'authorization_code', 'client_credentials'] as const;

/** A client as `client/list` and `client/detail` show it: never its secret. */
export interface ClientRecord {
  id: string;
  clientId: string;
  resourceIds: string;
  scope: string;
  /** comma-joined */
  authorizedGrantTypes: string;
  webServerRedirectUri: string;
  authorities: string;
  /** seconds */
  accessTokenValidity: number;
  /** seconds */
  refreshTokenValidity: number;
  additionalInformation: string;
  autoapprove: string;
  status: number;
  createTime: string;
  updateTime: string;
}

export interface ClientListQuery {
  clientId?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface ClientSubmit {
  id?: string;
  clientId: string;
  /** required on create; left out on update to keep the stored secret */
  clientSecret?: string;
  scope: string;
  authorizedGrantTypes: string;
  resourceIds: string;
  webServerRedirectUri: string;
  authorities: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation: string;
  autoapprove: string;
}

export async function listClients(params: ClientListQuery, options?: KeeperRequestOptions) {
  return request<API.Result<API.Page<ClientRecord>>>(`${BASE}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions);
}

export async function getClient(id: string, options?: KeeperRequestOptions) {
  return request<API.Result<ClientRecord>>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

/** Creates without `id`, updates with it; an empty secret is never sent (an update keeps the old one). */
export async function submitClient(values: ClientSubmit, options?: KeeperRequestOptions) {
  const { clientSecret, ...rest } = values;
  const data: ClientSubmit = clientSecret ? { ...rest, clientSecret } : rest;
  return request<API.Result<{ id: string }>>(`${BASE}/submit`, { method: 'POST', data, ...options } as KeeperRequestOptions);
}

export async function removeClients(ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE}/remove`, { ids }, options);
}
