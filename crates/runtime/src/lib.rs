//! What every Keeper process does the same way at start-up: configuration, telemetry, the signing key,
//! Redis, internal clients, the authentication context, the operation log, and the routes and handlers
//! every service has.
pub mod memory;
pub mod oplog;
pub mod writes;

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpResponse, web};
use keeper_client::{AuthClient, Internal, SystemClient};
use keeper_common::config::{Service, Settings};
use keeper_common::openapi::{Api, Description};
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
    /// Counts the changing requests this process has answered (`writes`).
    pub writes: writes::Writes,
    _telemetry: TelemetryGuard,
}

impl Base {
    pub fn init(name: &'static str, settings: Settings) -> anyhow::Result<Self> {
        // Before the OTLP exporter builds its HTTP client.
        keeper_client::tls::install_crypto_provider();
        let telemetry = keeper_telemetry::init(name, &settings.log, settings.otlp_endpoint.as_deref())?;
        tracing::info!(service = name, "{}", settings.summary());
        let keys = JwtKeys::load(settings.jwt_secret.as_deref(), &settings.data_dir)?;
        let tokens = Arc::new(ServiceTokens::new(keys.clone(), name));
        let redis = settings.redis_url.as_deref().map(keeper_security::session::redis_pool).transpose()?;
        Ok(Base { name, internal: Internal::new(tokens), keys, redis, settings, writes: writes::Writes::default(), _telemetry: telemetry })
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

/// Every error answer is the envelope. The services' own errors already are; actix's refusals are plain
/// text otherwise: a raw body over its limit (`web::Bytes`, e.g. a sign-in of 300 KB), a method a route
/// does not take, a content type it does not read.
pub async fn errors_as_envelope(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    use actix_web::http::header::CONTENT_TYPE;
    let res = next.call(req).await?;
    let status = res.status();
    let json = res.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"));
    if json || !(status.is_client_error() || status.is_server_error()) {
        return Ok(res.map_into_left_body());
    }
    let msg = match status.as_u16() {
        413 => keeper_common::error::too_large(keeper_common::error::FORM_LIMIT).to_string(),
        404 => "404 没找到请求".to_string(),
        405 => "不支持的请求方法".to_string(),
        415 => "不支持的内容类型".to_string(),
        code if code < 500 => "请求格式错误".to_string(),
        _ => {
            tracing::error!(%status, error = ?res.response().error(), "plain-text error answer");
            "服务器异常".to_string()
        }
    };
    let (req, _) = res.into_parts();
    let answer = HttpResponse::build(status).json(R::fail(status.as_u16(), msg, serde_json::json!({})));
    Ok(actix_web::dev::ServiceResponse::new(req, answer).map_into_right_body())
}

/// Serves a service's routes on its listen address the way every Keeper service does: operation log
/// outermost, then request tracing and the masking of query tokens; the shared extractor settings,
/// `/health`, `/ready` (the service's database answers) and the envelope for unknown routes.
pub async fn serve<S: Send + Sync + 'static>(
    base: &Base,
    service: Service,
    state: web::Data<S>,
    auth_ctx: web::Data<AuthContext>,
    oplog: oplog::OpLog,
    db: sea_orm::DatabaseConnection,
    routes: fn(&mut Api),
) -> anyhow::Result<()> {
    let listen = base.settings.listen(service).to_string();
    // Like the gateway's `/api/docs`: a production deployment does not hand out its route list.
    let describe = base.settings.profile != keeper_common::config::Profile::Prod;
    // Generated when asked, not kept: the system service's description held 6 MB for the life of the
    // process, a tenth of the idle budget of all five (bench/README.md), for a page developers open.
    let description = web::Data::new(Describe { title: format!("keeper-{}", base.name), routes });
    tracing::info!(%listen, "keeper-{} listening", base.name);
    let db = web::Data::new(db);
    let writes = base.writes.clone();
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .wrap(writes.counter())
            .wrap(actix_web::middleware::from_fn(errors_as_envelope))
            .wrap(oplog.clone())
            .wrap(keeper_telemetry::request_tracing())
            .wrap(actix_web::middleware::from_fn(keeper_security::token::mask_token_middleware))
            .app_data(state.clone())
            .app_data(auth_ctx.clone())
            .app_data(db.clone())
            .configure(keeper_common::error::configure_extractors)
            .configure(health)
            .route("/ready", web::get().to(ready))
            .app_data(description.clone())
            .configure(|cfg| {
                if describe {
                    cfg.route("/openapi.json", web::get().to(openapi));
                }
            })
            .configure(|cfg| Api::serve(cfg, routes))
            .default_service(web::to(not_found))
    })
    // Answers are written whole, but a streamed one (an Excel download) must not wait for delayed ACKs
    // between its chunks either (the gateway's reason, gateway/src/lib.rs).
    .tcp_nodelay(true)
    .bind(&listen)?
    .shutdown_timeout(5)
    .run();
    memory::release_startup_soon();
    server.await?;
    Ok(())
}

/// What `/openapi.json` describes.
struct Describe {
    title: String,
    routes: fn(&mut Api),
}

/// The service's OpenAPI description (the gateway merges them at `/api/openapi.json`).
async fn openapi(describe: web::Data<Describe>) -> HttpResponse {
    HttpResponse::Ok().json(Description::of(describe.routes).to_openapi(&describe.title))
}

/// Ready when the service's own database answers.
async fn ready(db: web::Data<sea_orm::DatabaseConnection>) -> Result<HttpResponse, AppError> {
    db.ping().await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "UP" })))
}
