//! keeper-system OAuth clients (api-contract §4.11): the applications allowed to ask for tokens. The
//! server keeps only a hash of a secret, so a secret is written and never read back: an update without
//! `clientSecret` keeps the stored one.
import type { KeeperRequestOptions } from '@/utils/request';
import { crudService } from '../crud';

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

const clients = crudService<ClientRecord, ClientListQuery, ClientSubmit>(BASE);

export const listClients = clients.list;
export const getClient = clients.detail;

/** Creates without `id`, updates with it; an empty secret is never sent (an update keeps the old one). */
export function submitClient(values: ClientSubmit, options?: KeeperRequestOptions) {
  const { clientSecret, ...rest } = values;
  return clients.submit(clientSecret ? { ...rest, clientSecret } : rest, options);
}

export const removeClients = clients.remove;
