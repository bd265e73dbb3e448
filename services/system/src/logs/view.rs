//! A log row as the lists and details show it: camelCase, ids as strings, times in the zone's local time.
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::{api_log, error_log, login_log};

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub account: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub user_id: Option<i64>,
    pub success: i32,
    pub message: String,
    pub grant_type: String,
    pub client_id: String,
    pub ip: String,
    pub user_agent: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
}

impl From<login_log::Model> for LoginLogView {
    fn from(r: login_log::Model) -> Self {
        LoginLogView {
            id: r.id,
            tenant_id: r.tenant_id,
            account: r.account,
            user_id: r.user_id,
            success: r.success,
            message: r.message,
            grant_type: r.grant_type,
            client_id: r.client_id,
            ip: r.ip,
            user_agent: r.user_agent,
            create_time: r.create_time,
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiLogView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub service_id: String,
    pub title: String,
    pub method: String,
    pub request_uri: String,
    pub params: String,
    /// The HTTP status of the answer.
    pub status: i32,
    pub success: i32,
    /// Elapsed milliseconds.
    pub time: i64,
    pub remote_ip: String,
    pub user_agent: String,
    pub request_id: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub user_id: Option<i64>,
    pub account: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[serde(flatten)]
    pub origin: Origin,
}

/// BladeX's names for where a request was served and by whom (`createBy` is the account).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Origin {
    pub server_host: String,
    pub server_ip: String,
    pub env: String,
    pub method_class: String,
    pub method_name: String,
    pub create_by: String,
}

impl Origin {
    /// From the stored `[server_host, server_ip, env, method_class, method_name]` and the account.
    fn new([server_host, server_ip, env, method_class, method_name]: [String; 5], account: &str) -> Origin {
        Origin { server_host, server_ip, env, method_class, method_name, create_by: account.to_string() }
    }
}

impl From<api_log::Model> for ApiLogView {
    fn from(r: api_log::Model) -> Self {
        ApiLogView {
            id: r.id,
            tenant_id: r.tenant_id,
            service_id: r.service_id,
            title: r.title,
            method: r.method,
            request_uri: r.request_uri,
            params: r.params.unwrap_or_default(),
            status: r.status,
            success: r.success,
            time: r.elapsed_ms,
            remote_ip: r.remote_ip,
            user_agent: r.user_agent,
            request_id: r.request_id,
            user_id: r.user_id,
            origin: Origin::new([r.server_host, r.server_ip, r.env, r.method_class, r.method_name], &r.account),
            account: r.account,
            create_time: r.create_time,
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorLogView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub service_id: String,
    pub request_id: String,
    pub method: String,
    pub request_uri: String,
    pub params: String,
    pub exception_name: String,
    pub message: String,
    pub remote_ip: String,
    pub user_agent: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub user_id: Option<i64>,
    pub account: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[serde(flatten)]
    pub origin: Origin,
}

impl From<error_log::Model> for ErrorLogView {
    fn from(r: error_log::Model) -> Self {
        ErrorLogView {
            id: r.id,
            tenant_id: r.tenant_id,
            service_id: r.service_id,
            request_id: r.request_id,
            method: r.method,
            request_uri: r.request_uri,
            params: r.params.unwrap_or_default(),
            exception_name: r.exception_name,
            message: r.message.unwrap_or_default(),
            remote_ip: r.remote_ip,
            user_agent: r.user_agent,
            user_id: r.user_id,
            origin: Origin::new([r.server_host, r.server_ip, r.env, r.method_class, r.method_name], &r.account),
            account: r.account,
            create_time: r.create_time,
        }
    }
}
