//! Park enterprises (business service): the list loaded at start-up (SPEC §3, §7).
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';

/** POST /api/parkCompany/list with an empty body; the list is in `data` (a page or an array). */
export async function getParkCompanyList(options?: KeeperRequestOptions) {
  return request<API.Result<API.ParkCompany[] | API.Page<API.ParkCompany>>>('/parkCompany/list', {
    method: 'POST',
    data: {},
    showMsg: false,
    ...options,
  } as KeeperRequestOptions);
}

/** The start-up list: [] when the call fails or the service is not there yet. */
export async function loadParkCompanies(): Promise<API.ParkCompany[]> {
  try {
    const res = await getParkCompanyList({ showType: 0, showMsg: false });
    const data = res?.data as any;
    if (Array.isArray(data)) return data;
    if (Array.isArray(data?.records)) return data.records;
    return [];
  } catch {
    return [];
  }
}
