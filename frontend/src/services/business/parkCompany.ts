//! Park enterprises (business service): the list loaded at start-up (SPEC §3, §7).
import type { KeeperRequestOptions } from '@/utils/request';
import { call } from '../crud';

/** POST /api/parkCompany/list with an empty body; the list is in `data` (a page or an array). */
export async function getParkCompanyList(options?: KeeperRequestOptions) {
  return call<API.ParkCompany[] | API.Page<API.ParkCompany>>('/parkCompany/list', {
    method: 'POST',
    data: {},
    showMsg: false,
    ...options,
  });
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
