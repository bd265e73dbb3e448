//! What every resource handler shares.
use keeper_common::config::Settings;
use keeper_security::PermissionGuard;
use sea_orm::DatabaseConnection;

use crate::storage::Storage;

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub guard: PermissionGuard,
    pub storage: Storage,
    /// The client of every SMS provider call (one connection pool, bounded timeouts).
    pub sms_http: reqwest::Client,
}
