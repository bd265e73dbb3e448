//! keeper-business: the zone's enterprises, investment projects and output value, and the public
//! big-screen figures.
pub mod api;
pub mod enterprise;
pub mod entity;
pub mod migration;
pub mod reference;
pub mod state;

use std::sync::Arc;

use actix_web::{App, HttpServer, web};
use keeper_common::AppError;
use keeper_common::config::{Service, Settings};
use keeper_security::PermissionGuard;

use crate::reference::ReferenceCache;
use crate::state::AppState;

pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let base = keeper_runtime::Base::init("business", settings)?;
    let db = keeper_db::connect_and_migrate::<migration::Migrator>(base.settings.database_url(Service::Business)).await?;
    let system = Arc::new(base.system_client());
    let state = web::Data::new(AppState {
        guard: PermissionGuard::new(system.clone()),
        reference: ReferenceCache::new(system.clone()),
        scopes: system,
        settings: base.settings.clone(),
        db,
    });
    let auth_ctx = base.auth_context(base.session_check());
    let listen = base.settings.listen(Service::Business).to_string();
    tracing::info!(%listen, "keeper-business listening");
    HttpServer::new(move || {
        App::new()
            .wrap(keeper_telemetry::request_tracing())
            .wrap(actix_web::middleware::from_fn(keeper_security::token::mask_token_middleware))
            .app_data(state.clone())
            .app_data(auth_ctx.clone())
            .configure(keeper_common::error::configure_extractors)
            .configure(keeper_runtime::health)
            .route("/ready", web::get().to(ready))
            .configure(api::routes)
            .default_service(web::to(keeper_runtime::not_found))
    })
    .bind(&listen)?
    .shutdown_timeout(5)
    .run()
    .await?;
    Ok(())
}

async fn ready(state: web::Data<AppState>) -> Result<actix_web::HttpResponse, AppError> {
    state.db.ping().await?;
    Ok(actix_web::HttpResponse::Ok().json(serde_json::json!({ "status": "UP" })))
}
