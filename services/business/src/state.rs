//! What every business handler shares.
use keeper_common::config::Settings;
use keeper_security::PermissionGuard;
use sea_orm::DatabaseConnection;

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub guard: PermissionGuard,
}
