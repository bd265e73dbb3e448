//! keeper-system: tenants, users, roles, departments, posts, menus, dictionaries, parameters, clients and
//! the login log. Other services reach this data only through its internal API.
pub mod api;
pub mod clients;
pub mod dicts;
pub mod entity;
pub mod migration;
pub mod params;
pub mod provision;
pub mod roles;
pub mod scopes;
pub mod seed;
pub mod state;
pub mod users;

use std::sync::Arc;

use actix_web::{App, HttpServer, web};
use keeper_common::AppError;
use keeper_common::config::{Service, Settings};
use keeper_security::PermissionGuard;

use crate::state::{AppState, LocalPermissions, MenuCache};

pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let base = keeper_runtime::Base::init("system", settings)?;
    let db = keeper_db::connect_and_migrate::<migration::Migrator>(base.settings.database_url(Service::System)).await?;
    if let Some(outcome) = seed::run(&db, &base.settings).await? {
        match outcome.generated_password {
            // Shown once, on the console of the first start; it is stored only as a bcrypt hash.
            Some(p) => eprintln!(
                "\n  Keeper is set up. Sign in to tenant 000000 as `admin` with the initial password: {p}\n  (set KEEPER_ADMIN_PASSWORD to choose it yourself)\n"
            ),
            None => eprintln!("\n  Keeper is set up. Sign in to tenant 000000 as `admin` with KEEPER_ADMIN_PASSWORD.\n"),
        }
    }
    let menus = MenuCache::new(db.clone());
    let state = web::Data::new(AppState {
        guard: PermissionGuard::new(Arc::new(LocalPermissions::new(db.clone(), menus.clone()))),
        menus,
        auth: base.auth_client(),
        settings: base.settings.clone(),
        db,
    });
    let auth_ctx = base.auth_context(base.session_check());
    let listen = base.settings.listen(Service::System).to_string();
    tracing::info!(%listen, "keeper-system listening");
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
pub mod depts;
pub mod menus;
pub mod posts;
pub mod registration;
pub mod tenants;
pub mod topmenus;
