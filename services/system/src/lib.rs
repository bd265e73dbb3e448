//! keeper-system: tenants, users, roles, departments, posts, menus, dictionaries, parameters, clients and
//! the login, operation and error logs. Other services reach this data only through its internal API.
pub mod api;
pub mod builtin;
pub mod clients;
pub mod depts;
pub mod dicts;
pub mod entity;
pub mod logs;
pub mod menus;
pub mod migration;
pub mod navigation;
pub mod params;
pub mod posts;
pub mod provision;
pub mod reference;
pub mod roles;
pub mod scopes;
pub mod seed;
pub mod state;
pub mod tenant_lock;
pub mod tenants;
pub mod topmenus;
pub mod users;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use keeper_common::config::{Service, Settings};
use keeper_runtime::writes::ReadCache;
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
    let oplog = keeper_runtime::oplog::OpLog::start(base.name, Arc::new(logs::store::LocalSink::new(db.clone())))
        .on(keeper_runtime::oplog::Server::of(&base));
    logs::retention::spawn(db.clone());
    let menus = MenuCache::new(db.clone());
    let state = web::Data::new(AppState {
        guard: PermissionGuard::new(Arc::new(LocalPermissions::new(db.clone(), menus.clone()))),
        menus,
        auth: base.auth_client(),
        settings: base.settings.clone(),
        // A second like the menus: what another replica's change may take to show here.
        own_views: ReadCache::new(base.writes.clone(), 10_000, Duration::from_secs(1)),
        user_labels: ReadCache::new(base.writes.clone(), 1_000, Duration::from_secs(1)),
        dict_answers: ReadCache::new(base.writes.clone(), 10_000, Duration::from_secs(1)),
        db,
    });
    let auth_ctx = base.auth_context(base.session_check());
    let db = state.db.clone();
    keeper_runtime::serve(&base, Service::System, state, auth_ctx, oplog, db, api::routes).await
}
