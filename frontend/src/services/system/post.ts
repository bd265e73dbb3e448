//! keeper-system post administration (api-contract §4.4): the paged list, one post,
//! create-or-update and remove.
import { crudService } from '../crud';

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

const posts = crudService<PostRecord, PostListQuery, PostSubmit>(BASE);

export const listPosts = posts.list;
export const getPost = posts.detail;
/** POST post/submit (JSON): creates without `id`, updates with it; answers `{id}`. */
export const submitPost = posts.submit;
/** Soft-deletes; the server refuses a post still held by an account. */
export const removePosts = posts.remove;
