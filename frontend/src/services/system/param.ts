//! keeper-system parameters (api-contract §4.9): rows of the platform tenant are the defaults; another
//! tenant sees them next to its own overrides and, by saving a default, creates its override.
import { crudService } from '../crud';

const BASE = '/keeper-system/param';

/** ParamView of `param/list` and `param/detail`. */
export interface ParamRecord {
  id: string;
  /** `000000` for a platform default, the tenant's code for its override */
  tenantId: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
  status: number;
  createTime: string;
  updateTime: string;
}

export interface ParamListQuery {
  paramName?: string;
  paramKey?: string;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface ParamSubmit {
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string;
}

const params = crudService<ParamRecord, ParamListQuery, ParamSubmit>(BASE);

export const listParams = params.list;
export const getParam = params.detail;
/** Creates without `id`, updates with it; answers `{id}` (a new id when a default became an override). */
export const submitParam = params.submit;
export const removeParams = params.remove;
