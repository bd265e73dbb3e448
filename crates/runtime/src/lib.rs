//! What every Keeper process does the same way at start-up: configuration, telemetry, the signing key,
//! Redis, internal clients, the authentication context, and the routes and handlers every service has.
use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpResponse, web};
use keeper_client::{AuthClient, Internal, SystemClient};
use keeper_common::config::{Service, Settings};
use keeper_common::{AppError, R};
use keeper_security::session::{CachedSessions, RedisSessions};
use keeper_security::{AuthContext, JwtKeys, ServiceTokens, SessionCheck};
use keeper_telemetry::TelemetryGuard;

pub struct Base {
    pub name: &'static str,
    pub settings: Settings,
    pub keys: JwtKeys,
    pub internal: Internal,
    pub redis: Option<deadpool_redis::Pool>,
    _telemetry: TelemetryGuard,
}

impl Base {
    pub fn init(name: &'static str, settings: Settings) -> anyhow::Result<Self> {
        let telemetry = keeper_telemetry::init(name, &settings.log, settings.otlp_endpoint.as_deref())?;
        tracing::info!(service = name, "{}", settings.summary());
        let keys = JwtKeys::load(settings.jwt_secret.as_deref(), &settings.data_dir)?;
        let tokens = Arc::new(ServiceTokens::new(keys.clone(), name));
        let redis = settings.redis_url.as_deref().map(keeper_security::session::redis_pool).transpose()?;
        Ok(Base { name, internal: Internal::new(tokens), keys, redis, settings, _telemetry: telemetry })
    }

    pub fn auth_client(&self) -> AuthClient {
        AuthClient::new(self.settings.url(Service::Auth), self.internal.clone())
    }

    pub fn system_client(&self) -> SystemClient {
        SystemClient::new(self.settings.url(Service::System), self.internal.clone())
    }

    /// Session checks: Redis when configured (revocations are seen at once by every replica), else the
    /// auth service's answer cached for at most a second.
    pub fn session_check(&self) -> Arc<dyn SessionCheck> {
        match &self.redis {
            Some(pool) => Arc::new(RedisSessions::new(pool.clone())),
            None => Arc::new(CachedSessions::new(Arc::new(self.auth_client()), Duration::from_secs(1))),
        }
    }

    pub fn auth_context(&self, sessions: Arc<dyn SessionCheck>) -> web::Data<AuthContext> {
        web::Data::new(AuthContext { keys: self.keys.clone(), sessions })
    }
}

/// `/health` (the process answers) for every service; `/ready` is the service's own.
pub fn health(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(|| async { HttpResponse::Ok().json(serde_json::json!({ "status": "UP" })) }));
}

/// Unknown routes answer the envelope, never an empty body.
pub async fn not_found() -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::NotFound().json(R::fail(404, "404 没找到请求", serde_json::json!({}))))
}
