//! Entities of the system service's own tables.
pub mod api_log;
pub mod client;
pub mod dept;
pub mod dict;
pub mod dict_biz;
pub mod error_log;
pub mod login_log;
pub mod menu;
pub mod param;
pub mod post;
pub mod role;
pub mod role_menu;
pub mod role_scope;
pub mod scope_api;
pub mod scope_data;
pub mod tenant;
pub mod top_menu;
pub mod top_menu_setting;
pub mod user;

// The tables made with all the base columns whose `tenant_id` names the owning tenant. Not `tenant`: its
// `tenant_id` is the tenant's own code, so "the tenant's live rows" would mean something else there.
keeper_db::base_columns!(param, post, top_menu, user);
