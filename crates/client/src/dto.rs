//! Messages of the internal API. Plain serde (not the wire conventions of the public API).
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TenantInfo {
    pub tenant_id: String,
    pub tenant_name: String,
    /// 1 = enabled, 2 = disabled.
    pub status: i32,
    pub expire_time: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoginUser {
    pub id: i64,
    pub tenant_id: String,
    pub account: String,
    pub name: String,
    pub real_name: String,
    pub avatar: String,
    pub password_hash: String,
    /// 1 = active, 2 = disabled, 3 = waiting for approval.
    pub status: i32,
    pub role_ids: Vec<i64>,
    pub role_aliases: Vec<String>,
    pub dept_ids: Vec<i64>,
    pub post_ids: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoginParams {
    /// Failures before an account is locked (`account.failCount`).
    pub fail_count: u32,
    /// How long a lock lasts (`account.lockMinutes`).
    pub lock_minutes: u32,
}

/// Everything auth needs to decide a login in one round trip.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoginContext {
    pub tenant: Option<TenantInfo>,
    pub user: Option<LoginUser>,
    pub params: LoginParams,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OAuthClient {
    pub client_id: String,
    pub secret_hash: String,
    pub grant_types: Vec<String>,
    pub access_token_validity: i64,
    pub refresh_token_validity: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoginLogEntry {
    pub tenant_id: String,
    pub account: String,
    pub user_id: Option<i64>,
    pub success: bool,
    pub message: String,
    pub grant_type: String,
    pub client_id: String,
    pub ip: String,
    pub user_agent: String,
    pub time: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PasswordUpgrade {
    pub user_id: i64,
    pub password_hash: String,
}

/// Ends sessions: of one user (optionally sparing the caller's own), or of a whole tenant.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EndSessions {
    pub user_id: Option<i64>,
    pub tenant_id: Option<String>,
    pub except_sid: Option<String>,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionState {
    pub active: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ended {
    pub count: u64,
}

/// Whose data scope of which resource (ids comma-joined).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DataScopeQuery {
    pub tenant_id: String,
    pub user_id: i64,
    pub role_ids: String,
    pub dept_ids: String,
    pub resource: String,
}

/// Clears the failed-sign-in counters and lock of these accounts of one tenant (an administrator's unlock).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClearLockout {
    pub tenant_id: String,
    pub accounts: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cleared {
    pub count: u64,
}
