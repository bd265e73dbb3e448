//! Messages of the internal API. Plain serde (not the wire conventions of the public API).
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, JsonSchema)]
pub struct TenantInfo {
    pub tenant_id: String,
    pub tenant_name: String,
    /// 1 = enabled, 2 = disabled.
    pub status: i32,
    pub expire_time: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
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

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LoginParams {
    /// Failures before an account is locked (`account.failCount`).
    pub fail_count: u32,
    /// How long a lock lasts (`account.lockMinutes`).
    pub lock_minutes: u32,
}

/// Everything auth needs to decide a login in one round trip.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LoginContext {
    pub tenant: Option<TenantInfo>,
    pub user: Option<LoginUser>,
    pub params: LoginParams,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OAuthClient {
    pub client_id: String,
    pub secret_hash: String,
    pub grant_types: Vec<String>,
    pub access_token_validity: i64,
    pub refresh_token_validity: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
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

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PasswordUpgrade {
    pub user_id: i64,
    pub password_hash: String,
}

/// Ends sessions: of one user (optionally sparing the caller's own), or of a whole tenant.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct EndSessions {
    pub user_id: Option<i64>,
    pub tenant_id: Option<String>,
    pub except_sid: Option<String>,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SessionState {
    pub active: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Ended {
    pub count: u64,
}

/// Whose data scope of which resource (ids comma-joined).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataScopeQuery {
    pub tenant_id: String,
    pub user_id: i64,
    pub role_ids: String,
    pub dept_ids: String,
    pub resource: String,
}

/// Clears the failed-sign-in counters and lock of these accounts of one tenant (an administrator's unlock).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ClearLockout {
    pub tenant_id: String,
    pub accounts: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Cleared {
    pub count: u64,
}

/// One operation: a change (POST/PUT/PATCH/DELETE) or a download, recorded after its response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ApiLogEntry {
    /// Chosen by the recording service, so that a batch delivered twice is stored once.
    pub id: i64,
    pub tenant_id: String,
    pub service_id: String,
    /// The business action, e.g. `用户 保存`.
    pub title: String,
    pub method: String,
    pub request_uri: String,
    /// Query and body parameters as JSON text, secrets masked, truncated.
    pub params: String,
    pub status: u16,
    pub success: bool,
    pub elapsed_ms: i64,
    pub remote_ip: String,
    pub user_agent: String,
    pub request_id: String,
    pub user_id: Option<i64>,
    pub account: String,
    pub time: DateTime<Utc>,
    #[serde(flatten)]
    pub origin: LogOrigin,
}

/// Where a logged request was served, as BladeX's log tables record it. Missing in events of older
/// senders (`default`), so a rolling upgrade loses no event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LogOrigin {
    pub server_host: String,
    pub server_ip: String,
    /// The profile of the serving process (`dev`, `prod`).
    pub env: String,
    /// The service that ran the handler (`keeper-system`): Keeper's counterpart of the Java class.
    pub method_class: String,
    /// The route the request matched (`/user/submit`): the handler's name in Keeper.
    pub method_name: String,
}

/// One request that failed inside a service (HTTP 5xx): what the client was told only generically.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorLogEntry {
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
    pub user_id: Option<i64>,
    pub account: String,
    pub time: DateTime<Utc>,
    #[serde(flatten)]
    pub origin: LogOrigin,
}

/// What services send to the system service's log store, in batches (`POST /internal/log/batch`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum LogEvent {
    Api(ApiLogEntry),
    Error(ErrorLogEntry),
}

impl LogEvent {
    pub fn id(&self) -> i64 {
        match self {
            LogEvent::Api(e) => e.id,
            LogEvent::Error(e) => e.id,
        }
    }
}

/// How many log rows a call removed, by log.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Pruned {
    pub login: u64,
    pub api: u64,
    pub error: u64,
}
