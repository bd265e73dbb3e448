//! The shapes of the JSON bodies that the system screens post, for the API description.
//!
//! The submit handlers read their body as a map and check it field by field (`*Input::from_json`), so
//! that a wrong type is reported with the field's name; these types say what those parsers read. Every
//! field may be left out: an update changes only what it names, and a create reports a missing required
//! field by name. Ids are strings (they exceed JavaScript's integers); lists of ids are arrays of strings
//! or one comma-separated string.
#![allow(dead_code)] // read by schemars only

use schemars::JsonSchema;

/// `menu/submit` (`MenuInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct MenuBody {
    /// Absent on create.
    id: Option<String>,
    /// `0` or empty for a top-level menu.
    parent_id: Option<String>,
    #[schemars(length(max = 255))]
    code: Option<String>,
    #[schemars(length(max = 255))]
    name: Option<String>,
    #[schemars(length(max = 255))]
    alias: Option<String>,
    #[schemars(length(max = 255))]
    path: Option<String>,
    #[schemars(length(max = 255))]
    source: Option<String>,
    sort: Option<i32>,
    /// 1 menu, 2 button.
    category: Option<i32>,
    /// 0 none, 1 toolbar, 2 row, 3 both.
    action: Option<i32>,
    /// 0 or 1: opens in a new window.
    is_open: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `role/submit` (`RoleInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct RoleBody {
    id: Option<String>,
    parent_id: Option<String>,
    #[schemars(length(max = 255))]
    role_name: Option<String>,
    #[schemars(length(max = 255))]
    role_alias: Option<String>,
    sort: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `role/grant` (`roles::form::GrantInput`): what the roles reach, replacing their grants.
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct RoleGrantBody {
    role_ids: Vec<String>,
    menu_ids: Option<Vec<String>>,
    data_scope_ids: Option<Vec<String>>,
    api_scope_ids: Option<Vec<String>>,
}

/// `topmenu/submit` (`TopMenuInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct TopMenuBody {
    id: Option<String>,
    #[schemars(length(max = 255))]
    code: Option<String>,
    #[schemars(length(max = 255))]
    name: Option<String>,
    #[schemars(length(max = 255))]
    source: Option<String>,
    #[schemars(length(max = 255))]
    path: Option<String>,
    sort: Option<i32>,
}

/// `topmenu/grant` (`topmenus::GrantInput`): the menus attached to the top menus.
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct TopMenuGrantBody {
    top_menu_ids: Vec<String>,
    menu_ids: Option<Vec<String>>,
}

/// `data-scope/submit` (`DataScopeInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct DataScopeBody {
    id: Option<String>,
    menu_id: Option<String>,
    #[schemars(length(max = 255))]
    resource_code: Option<String>,
    #[schemars(length(max = 255))]
    scope_name: Option<String>,
    #[schemars(length(max = 255))]
    scope_field: Option<String>,
    #[schemars(length(max = 255))]
    scope_class: Option<String>,
    #[schemars(length(max = 255))]
    scope_column: Option<String>,
    /// 1 all, 2 own, 3 own department, 4 own department and below, 5 custom.
    scope_type: Option<i32>,
    #[schemars(length(max = 2000))]
    scope_value: Option<String>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `api-scope/submit` (`ApiScopeInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct ApiScopeBody {
    id: Option<String>,
    menu_id: Option<String>,
    #[schemars(length(max = 255))]
    resource_code: Option<String>,
    #[schemars(length(max = 255))]
    scope_name: Option<String>,
    #[schemars(length(max = 255))]
    scope_path: Option<String>,
    scope_type: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `dept/submit` (`DeptInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct DeptBody {
    id: Option<String>,
    /// `0` or empty for a top-level unit.
    parent_id: Option<String>,
    #[schemars(length(max = 45))]
    dept_name: Option<String>,
    #[schemars(length(max = 100))]
    full_name: Option<String>,
    /// 1 company, 2 department, 3 group; by default 1 at the top and 2 below.
    dept_category: Option<i32>,
    /// `dept_power_type`; by default 5 (其他).
    power_type: Option<i32>,
    sort: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `dict/submit` and `dict-biz/submit` (`DictInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct DictBody {
    id: Option<String>,
    /// `0` for a dictionary, its id for an item.
    parent_id: Option<String>,
    #[schemars(length(max = 255))]
    code: Option<String>,
    #[schemars(length(max = 255))]
    dict_key: Option<String>,
    #[schemars(length(max = 255))]
    dict_value: Option<String>,
    sort: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
    /// 0 or 1.
    is_sealed: Option<i32>,
}

/// `param/submit` (`ParamInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct ParamBody {
    id: Option<String>,
    #[schemars(length(max = 255))]
    param_name: Option<String>,
    #[schemars(length(max = 255))]
    param_key: Option<String>,
    #[schemars(length(max = 255))]
    param_value: Option<String>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `post/submit` (`PostInput`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct PostBody {
    id: Option<String>,
    #[schemars(length(max = 12))]
    post_code: Option<String>,
    #[schemars(length(max = 64))]
    post_name: Option<String>,
    category: Option<i32>,
    sort: Option<i32>,
    #[schemars(length(max = 255))]
    remark: Option<String>,
}

/// `tenant/submit` (`tenants::form`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct TenantBody {
    id: Option<String>,
    tenant_id: Option<String>,
    #[schemars(length(max = 50))]
    tenant_name: Option<String>,
    domain: Option<String>,
    background_url: Option<String>,
    linkman: Option<String>,
    contact_number: Option<String>,
    address: Option<String>,
    /// Accounts the tenant may have; -1 unlimited.
    account_number: Option<i32>,
    /// `yyyy-MM-dd HH:mm:ss`.
    expire_time: Option<String>,
    /// The administrator account created with the tenant (default `admin`).
    admin_account: Option<String>,
    /// The MD5 hex digest of its password.
    admin_password: Option<String>,
}

/// `client/submit` (`clients::form`).
#[derive(JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct ClientBody {
    id: Option<String>,
    client_id: Option<String>,
    client_secret: Option<String>,
    resource_ids: Option<String>,
    scope: Option<String>,
    /// Comma-separated: password, refresh_token, captcha.
    authorized_grant_types: Option<String>,
    web_server_redirect_uri: Option<String>,
    authorities: Option<String>,
    /// Seconds.
    access_token_validity: Option<i32>,
    /// Seconds.
    refresh_token_validity: Option<i32>,
    additional_information: Option<String>,
    autoapprove: Option<String>,
}
