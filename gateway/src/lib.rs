//! keeper-gateway: routes `/api/keeper-*` to the services, checks the client credential and the user
//! token first, streams bodies both ways, and serves the SPA (architecture §1 and §5).
//!
//! Middleware, outermost first: access log (and token masking), edge headers (request id, CORS,
//! security headers), the tracing span, then the handlers.
pub mod access_log;
pub mod api;
pub mod auth_check;
pub mod client_check;
pub mod docs;
pub mod headers;
pub mod health;
pub mod proxy;
pub mod rate_limit;
pub mod reply;
pub mod routing;
pub mod spa;

use std::sync::Arc;

use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web};
use keeper_common::config::Settings;

use crate::api::Gateway;
use crate::client_check::ClientVerifier;
use crate::headers::Cors;
use crate::rate_limit::RateLimiter;
use crate::spa::Spa;

pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let base = keeper_runtime::Base::init("gateway", settings)?;
    let settings = base.settings.clone();
    let auth = base.auth_context(base.session_check()).into_inner();
    let gateway = web::Data::new(Gateway {
        clients: ClientVerifier::new(Arc::new(base.system_client())),
        limiter: RateLimiter::new(settings.login_rate_per_minute, base.redis.clone()),
        auth: Arc::clone(&auth),
        spa: Spa::new(&settings.web_dir),
        idle_timeout: settings.gateway_upstream_timeout,
        settings: settings.clone(),
    });
    let cors = web::Data::new(Cors::new(&settings.cors_origins));
    let listen = settings.gateway_listen.clone();
    // The API description tells a prober every route: production deployments keep it to themselves.
    let docs_served = settings.profile != keeper_common::config::Profile::Prod;
    tracing::info!(%listen, cors_origins = ?settings.cors_origins, "keeper-gateway listening");
    let server = HttpServer::new(move || {
        App::new()
            .wrap(keeper_telemetry::request_tracing())
            .wrap(from_fn(headers::edge))
            .wrap(from_fn(access_log::middleware))
            .app_data(gateway.clone())
            .app_data(cors.clone())
            .app_data(web::Data::new(proxy::client()))
            .configure(keeper_runtime::health)
            .route("/ready", web::get().to(health::ready))
            .configure(|cfg| {
                if docs_served {
                    docs::routes(cfg)
                }
            })
            .default_service(web::to(api::dispatch))
    })
    // A proxied answer goes out as its head, then body chunks as they arrive from the service: with Nagle's
    // algorithm the first chunk waited for the client's delayed ACK of the head, 40 ms on Linux (a 50 KB
    // `menu/buttons` through the gateway: p50 44 ms and 4,500 req/s before, see bench/README.md).
    .tcp_nodelay(true)
    .bind(&listen)?
    .shutdown_timeout(5)
    .run();
    keeper_runtime::memory::release_startup_soon();
    server.await?;
    Ok(())
}
