//! keeper-business: the zone's enterprises, investment projects and output value, and the public
//! big-screen figures.
pub mod api;
pub mod cells;
pub mod checks;
pub mod data_analysis;
pub mod dept_target;
pub mod enterprise;
pub mod entity;
pub mod investment;
pub mod kept;
pub mod migration;
pub mod notice;
pub mod output;
pub mod patch;
pub mod reference;
pub mod state;
pub mod workbench;
pub mod zone_setting;

// The vocabulary of the monthly dispatch cycle (code-shape §2.2), pure and unit-tested; used by the
// investment and output modules (issues 15–17).
pub mod metrics;
pub mod money;
pub mod period;
pub mod review;
pub mod rollup;
pub mod split;

use std::sync::Arc;

use actix_web::web;
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
        resource: keeper_client::ResourceClient::new(base.settings.url(Service::Resource), base.internal.clone()),
        settings: base.settings.clone(),
        screens: Default::default(),
        enterprise_totals: crate::enterprise::totals(),
        output_reports: Default::default(),
        output_months: crate::output::report::kept_months(),
        output_pages: crate::output::report::paged::kept_pages(),
        output_counts: crate::output::report::paged::kept_counts(),
        output_pieces: crate::output::stats::kept_pieces(),
        db,
    });
    let auth_ctx = base.auth_context(base.session_check());
    let oplog = keeper_runtime::oplog::OpLog::http(&base);
    let db = state.db.clone();
    keeper_runtime::serve(&base, Service::Business, state, auth_ctx, oplog, db, api::routes).await
}
