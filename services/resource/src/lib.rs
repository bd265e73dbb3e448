//! keeper-resource: the tenants' object storage (local disk, S3-compatible, Aliyun OSS, Tencent COS,
//! Huawei OBS through OpenDAL), the attachment register, and SMS.
pub mod api;
pub mod attach;
pub mod entity;
pub mod files;
pub mod migration;
pub mod oss;
pub mod sms;
pub mod state;
pub mod storage;
pub mod tenant_config;

use std::sync::Arc;

use actix_web::web;
use keeper_common::config::{Service, Settings};
use keeper_security::PermissionGuard;

use crate::state::AppState;
use crate::storage::Storage;

pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let base = keeper_runtime::Base::init("resource", settings)?;
    let db = keeper_db::connect_and_migrate::<migration::Migrator>(base.settings.database_url(Service::Resource)).await?;
    let system = Arc::new(base.system_client());
    let state = web::Data::new(AppState {
        guard: PermissionGuard::new(system),
        storage: Storage::new(&base.settings.data_dir),
        sms_http: sms::providers::http_client(),
        settings: base.settings.clone(),
        db,
    });
    let auth_ctx = base.auth_context(base.session_check());
    let oplog = keeper_runtime::oplog::OpLog::http(&base);
    let db = state.db.clone();
    keeper_runtime::serve(&base, Service::Resource, state, auth_ctx, oplog, db, api::routes).await
}
