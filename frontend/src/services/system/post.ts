//! keeper-system post administration (api-contract §4.4): the paged list, one post,
//! create-or-update and remove.
import { request } from '@umijs/max';
import type { KeeperRequestOptions } from '@/utils/request';
import { postForm } from '../form';

const BASE = '/keeper-system/post';

/** PostVO of `post/list` and `post/detail`. */
export interface PostRecord {
  id: string;
  tenantId: string;
  /** 1 高层, 2 中层, 3 基层, 4 其他 (dict post_category) */
  category: number;
  categoryName: string;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
  createTime: string;
  updateTime: string;
}

export interface PostListQuery {
  postCode?: string;
  postName?: string;
  category?: string | number;
  current?: number;
  size?: number;
  ascs?: string;
  descs?: string;
}

export interface PostSubmit {
  id?: string;
  category: number;
  postCode: string;
  postName: string;
  sort: number;
  remark: string;
}

export async function listPosts(params: PostListQuery = {}, options?: KeeperRequestOptions) {
  return request<API.Result<API.Page<PostRecord>>>(`${BASE}/list`, { method: 'GET', params, ...options } as KeeperRequestOptions);
}

export async function getPost(id: string, options?: KeeperRequestOptions) {
  return request<API.Result<PostRecord>>(`${BASE}/detail`, { method: 'GET', params: { id }, ...options } as KeeperRequestOptions);
}

/** POST post/submit (JSON): creates without `id`, updates with it; answers `{id}`. */
export async function submitPost(values: PostSubmit, options?: KeeperRequestOptions) {
  return request<API.Result<{ id: string }>>(`${BASE}/submit`, { method: 'POST', data: values, ...options } as KeeperRequestOptions);
}

/** Soft-deletes; the server refuses a post still held by an account. */
export async function removePosts(ids: string[], options?: KeeperRequestOptions) {
  return postForm<{ count: number }>(`${BASE}/remove`, { ids }, options);
}
