//! What every auth handler shares.
use std::time::Duration;

use keeper_client::SystemClient;
use keeper_client::dto::OAuthClient;
use keeper_common::AppError;
use keeper_common::config::Settings;
use keeper_security::JwtKeys;
use sea_orm::DatabaseConnection;

use crate::captcha::CaptchaStore;
use crate::sessions::Sessions;

pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Settings,
    pub system: SystemClient,
    pub captcha: CaptchaStore,
    pub redis: Option<deadpool_redis::Pool>,
    pub keys: JwtKeys,
    /// OAuth clients change rarely; a short cache spares the system service one call per login.
    pub clients: moka::future::Cache<String, Option<OAuthClient>>,
    /// A real bcrypt hash at the configured cost, checked when the account does not exist.
    pub dummy_hash: String,
}

impl AppState {
    pub fn client_cache() -> moka::future::Cache<String, Option<OAuthClient>> {
        moka::future::Cache::builder().max_capacity(1000).time_to_live(Duration::from_secs(10)).build()
    }

    pub fn sessions(&self) -> Sessions<'_> {
        Sessions { db: &self.db, redis: self.redis.as_ref() }
    }

    pub async fn client(&self, client_id: &str) -> Result<Option<OAuthClient>, AppError> {
        // A sign-in storm of one client waits for one look-up.
        self.clients.try_get_with_by_ref(client_id, self.system.client(client_id)).await.map_err(AppError::shared)
    }
}
