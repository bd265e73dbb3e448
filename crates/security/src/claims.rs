//! The claims of Keeper's access tokens (api-contract §2.2) plus the session id that makes revocation possible.
use serde::{Deserialize, Serialize};

pub const ISSUER: &str = "keeper";
pub const AUDIENCE: &str = "keeper-api";
pub const ACCESS_TOKEN: &str = "access_token";
pub const PLATFORM_TENANT: &str = "000000";
pub const ADMINISTRATOR: &str = "administrator";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Claims {
    pub iss: String,
    pub aud: String,
    pub token_type: String,
    pub tenant_id: String,
    pub user_id: String,
    #[serde(default)]
    pub dept_id: String,
    #[serde(default)]
    pub post_id: String,
    #[serde(default)]
    pub role_id: String,
    /// Comma-joined role aliases, e.g. `administrator` or `admin,user`.
    #[serde(default)]
    pub role_name: String,
    pub account: String,
    #[serde(default)]
    pub user_name: String,
    #[serde(default)]
    pub nick_name: String,
    #[serde(default)]
    pub client_id: String,
    /// Server-side session: logout, password change and disabling end it everywhere.
    pub sid: String,
    pub jti: String,
    pub iat: i64,
    pub nbf: i64,
    pub exp: i64,
}
