//! keeper-auth: the OAuth token endpoint, captcha, logout and the server-side sessions behind every token.
pub mod captcha;
pub mod entity;
pub mod grant;
pub mod handlers;
pub mod lockout;
pub mod migration;
pub mod sessions;
pub mod state;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use async_trait::async_trait;
use keeper_common::AppError;
use keeper_common::config::{Service, Settings};
use keeper_security::SessionCheck;
use sea_orm::DatabaseConnection;

use crate::captcha::CaptchaStore;
use crate::state::AppState;

/// The auth service answers session checks of its own handlers from its database.
struct LocalSessions(DatabaseConnection);

#[async_trait]
impl SessionCheck for LocalSessions {
    async fn is_active(&self, sid: &str) -> Result<bool, AppError> {
        sessions::Sessions { db: &self.0, redis: None }.is_active(sid, chrono::Utc::now()).await
    }
}

pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let base = keeper_runtime::Base::init("auth", settings)?;
    let db = keeper_db::connect_and_migrate::<migration::Migrator>(base.settings.database_url(Service::Auth)).await?;
    let captcha = match &base.redis {
        Some(pool) => CaptchaStore::Redis(pool.clone()),
        None => CaptchaStore::memory(),
    };
    let dummy_hash = keeper_security::password::hash(&keeper_security::password::md5_hex("keeper"), base.settings.bcrypt_cost).await?;
    let state = web::Data::new(AppState {
        db: db.clone(),
        system: base.system_client(),
        captcha,
        redis: base.redis.clone(),
        keys: base.keys.clone(),
        clients: AppState::client_cache(),
        dummy_hash,
        settings: base.settings.clone(),
    });
    let auth_ctx = base.auth_context(Arc::new(LocalSessions(db.clone())));
    spawn_pruning(state.clone());
    let oplog = keeper_runtime::oplog::OpLog::http(&base);
    let db = state.db.clone();
    keeper_runtime::serve(&base, Service::Auth, state, auth_ctx, oplog, db, handlers::routes).await
}

/// Ended sessions are kept a week for the record, then deleted.
fn spawn_pruning(state: web::Data<AppState>) {
    actix_web::rt::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tick.tick().await;
            if let Err(e) = state.sessions().prune(chrono::Utc::now()).await {
                tracing::warn!(error = %e, "session pruning failed");
            }
        }
    });
}
