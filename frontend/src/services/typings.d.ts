// Wire types of the Keeper back end (docs: shared/design/api-contract.md §1–§4).
declare namespace API {
  /** The `R` envelope of every keeper call except the token endpoint. */
  interface Result<T = unknown> {
    code: number;
    success: boolean;
    msg: string;
    data: T;
  }

  /** MyBatis-Plus style page. */
  interface Page<T> {
    records: T[];
    total: number;
    size: number;
    current: number;
    pages: number;
  }

  interface Captcha {
    key: string;
    image: string;
  }

  /** Flat reply of POST /oauth/token on success. */
  interface TokenData {
    access_token: string;
    token_type: string;
    refresh_token?: string;
    expires_in: number;
    refresh_expires_in?: number;
    tenant_id?: string;
    user_id?: string;
    dept_id?: string;
    post_id?: string;
    role_id?: string;
    oauth_id?: string;
    account?: string;
    user_name?: string;
    nick_name?: string;
    real_name?: string;
    role_name?: string;
    avatar?: string;
    [key: string]: unknown;
  }

  /** Flat reply of POST /oauth/token on failure. */
  interface TokenError {
    error_code: number;
    error_description: string;
  }

  interface LoginParams {
    tenantId: string;
    username: string;
    /** plain text: hashed (md5 hex) by the service before it is sent */
    password: string;
    code?: string;
    captchaKey?: string;
  }

  /** Node of GET /menu/routes (api-contract §4.1). */
  interface MenuRoute {
    id: string;
    parentId: string;
    code: string;
    name: string;
    alias?: string;
    path: string;
    source?: string;
    sort?: number;
    category?: number;
    action?: number;
    isOpen?: number;
    children?: MenuRoute[];
  }

  interface MenuButton {
    id: string;
    parentId: string;
    code: string;
    name: string;
    alias: string;
    path: string;
    source?: string;
    action?: number;
    sort?: number;
  }

  /** Menus with their buttons as returned by GET /menu/buttons. */
  interface ButtonMenu extends Omit<MenuRoute, 'children'> {
    children?: MenuButton[];
  }

  /** Stored form of the buttons: grouped by menu code (SPEC §6). */
  interface ButtonGroup {
    code: string;
    buttons: MenuButton[];
  }

  interface TopMenu {
    id: string;
    code: string;
    name: string;
    source?: string;
    path?: string;
    sort?: number;
  }

  /** The signed-in user as stored in sword-current-user and kept in the initial state. */
  interface CurrentUser {
    userId?: string;
    account: string;
    tenant_id?: string;
    tenantId?: string;
    tenantName?: string;
    name?: string;
    realName?: string;
    avatar?: string;
    email?: string;
    phone?: string;
    sex?: number | string;
    sexName?: string;
    birthday?: string;
    deptName?: string;
    postName?: string;
    roleName?: string;
    authority?: string[];
    [key: string]: unknown;
  }

  /** UserVO of GET /user/info. */
  interface UserInfo {
    id: string;
    tenantId: string;
    tenantName?: string;
    account: string;
    name?: string;
    realName?: string;
    avatar?: string;
    email?: string;
    phone?: string;
    birthday?: string;
    sex?: number | string;
    sexName?: string;
    roleName?: string;
    deptName?: string;
    postName?: string;
    [key: string]: unknown;
  }

  interface UpdateInfoParams {
    realName?: string;
    name?: string;
    email?: string;
    phone?: string;
    sex?: number | string;
    birthday?: string;
    avatar?: string;
  }

  interface UpdatePasswordParams {
    oldPassword: string;
    newPassword: string;
    newPassword1: string;
  }

  interface DictEntry {
    id?: string;
    parentId?: string;
    code?: string;
    dictKey: string;
    dictValue: string;
    key?: string;
    sort?: number;
    children?: DictEntry[];
  }

  interface DictOption {
    value: string;
    label: string;
    key: string;
    children?: DictOption[];
  }

  interface DeptNode {
    id: string;
    deptName: string;
    parentId?: string;
    /** dictionary `dept_power_type`: 1 管委会, 2 属地单位, 3 行业主管部门, 4 协办/要素保障, 5 其他 */
    powerType?: number;
    children?: DeptNode[];
  }

  /** A department as a picker option, with its power type. */
  interface DeptOption extends DictOption {
    powerType?: number;
    children?: DeptOption[];
  }

  /** An enterprise of the park; fields are defined by the enterprise screens of a later issue. */
  interface ParkCompany {
    id?: string;
    [key: string]: unknown;
  }
}
