//! keeper-system tenant administration (api-contract §4.10, §6.4): the paged list, one tenant,
//! create-or-update (a new tenant gets its administrator account), remove, the account quota and
//! expiry of `setting`, and enable/disable. Only the platform tenant's administrator changes tenants.
//! Besides, the public `tenant/info`: the tenant bound to the domain a page was opened on.
import { md5 } from '@/utils/md5';
import type { KeeperRequestOptions } from '@/utils/request';
import { call, crudService, postForm } from '../crud';

const BASE = '/keeper-system/tenant';

/** The platform tenant: never removed, never expires. */
export const PLATFORM_TENANT = '000000';
export const TENANT_ENABLED = 1;
export const TENANT_DISABLED = 2;
/** `accountNumber` of a tenant without an account quota (0 reads the same on the server). */
export const UNLIMITED = -1;

/** TenantView of `tenant/list` and `tenant/detail`. */
export interface TenantRecord {
  id: string;
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string;
  linkman: string;
  contactNumber: string;
  address: string;
  /** −1 (or 0): unlimited */
  accountNumber: number;
  /** live accounts, pending registrations included */
  accountCount: number;
  /** `yyyy-MM-dd HH:mm:ss`, `""` when the tenant never expires */
  expireTime: string;
  expired: boolean;
  /** 1 enabled, 2 disabled */
  status: number;
  createTime: string;
  updateTime: string;
}

export interface TenantListQuery {
  tenantId?: string;
  tenantName?: string;
  linkman?: string;
  contactNumber?: string;
  status?: string | number;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

/** The body of `tenant/submit`; `adminPassword` is plain text here and sent as md5 hex. */
export interface TenantSubmit {
  id?: string;
  tenantName?: string;
  domain?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
  adminAccount?: string;
  adminPassword?: string;
}

const tenants = crudService<TenantRecord, TenantListQuery, TenantSubmit>(BASE);

export const listTenants = tenants.list;
export const getTenant = tenants.detail;

/** POST tenant/submit (JSON): creates without `id` (the administrator's password goes out as md5 hex,
 * never in clear), updates with it (no administrator fields). Answers `{id, tenantId}` on create. */
export async function submitTenant(values: TenantSubmit, options?: KeeperRequestOptions) {
  const { adminPassword, adminAccount, ...rest } = values;
  const data: TenantSubmit = values.id ? rest : { ...rest, adminAccount, adminPassword: md5(adminPassword ?? '') };
  return call<{ id: string; tenantId?: string }>(`${BASE}/submit`, { method: 'POST', data, ...options });
}

/** Soft-deletes tenants and their accounts; the platform tenant is refused by the server. */
export const removeTenants = tenants.remove;

/** The account quota (−1 unlimited) and the expiry (`""` never expires) of the listed tenants. */
export const setTenantLicence = (ids: string[], accountNumber: number, expireTime: string, options?: KeeperRequestOptions) =>
  postForm(`${BASE}/setting`, { ids, accountNumber, expireTime }, options);

/** 1 enables, 2 disables (and ends the sessions of the tenants' people). */
export const setTenantsStatus = (ids: string[], status: number, options?: KeeperRequestOptions) =>
  postForm(`${BASE}/enable`, { ids, status }, options);

/** What `tenant/info` answers: the enabled tenant bound to the domain, or `{}` when none is. */
export interface DomainTenant {
  tenantId?: string;
  tenantName?: string;
  domain?: string;
  backgroundUrl?: string;
}

/**
 * GET `tenant/info?domain=`: the tenant bound to a domain, as stored in the tenant's 绑定域名 (an origin
 * such as `https://park.example.com`). Public, before any sign-in: no token, no token check, and the
 * failures left to the caller (no toast, no logout on a 401).
 */
export const getTenantByDomain = (domain: string, options?: KeeperRequestOptions) =>
  call<DomainTenant>(`${BASE}/info`, {
    method: 'GET',
    params: { domain },
    isToken: false,
    showMsg: false,
    skipErrorHandler: true,
    ...options,
  });
