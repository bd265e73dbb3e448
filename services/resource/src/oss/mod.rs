//! Storage configurations of a tenant (api-contract §8.1): `oss/list`, `detail`, `submit`, `remove`,
//! `enable` and the connection test. Codes are unique among a tenant's live configurations and at most one
//! is enabled; file operations use the one named by `code`, else the enabled one, else the built-in disk.
pub mod form;
pub mod view;

use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::entity::oss;
use crate::storage::Target;
use crate::tenant_config as configs;
pub use crate::tenant_config::Filter;
use form::OssInput;
use view::OssView;

pub const SORTABLE: &[&str] = &["oss_code", "category", "status", "create_time"];

configs::config_table!(oss, code: OssCode, field: "ossCode");

pub async fn list(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<OssView>, AppError> {
    configs::list::<oss::Entity, _>(db, &me.tenant_id, f, req, OssView::from).await
}

pub async fn row(db: &DatabaseConnection, tenant: &str, id: i64) -> Result<oss::Model, AppError> {
    configs::row::<oss::Entity, _>(db, tenant, id).await
}

pub async fn submit(db: &DatabaseConnection, me: &CurrentUser, input: OssInput) -> Result<i64, AppError> {
    // Switching to the local disk drops the keys; an empty secret on an update keeps the stored one.
    let secret = (!input.secret_key.is_empty() || !input.category.is_remote()).then_some(input.secret_key);
    let model = oss::ActiveModel {
        category: Set(input.category as i32),
        oss_code: Set(input.oss_code.clone()),
        endpoint: Set(input.endpoint),
        access_key: Set(input.access_key),
        bucket_name: Set(input.bucket_name),
        region: Set(input.region),
        remark: Set(input.remark),
        ..Default::default()
    };
    configs::submit::<oss::Entity>(db, me, input.id, &input.oss_code, model, secret).await
}

pub async fn remove(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    configs::remove::<oss::Entity>(db, me, ids).await
}

/// Enables one configuration and disables the tenant's others.
pub async fn enable(db: &DatabaseConnection, me: &CurrentUser, id: i64) -> Result<(), AppError> {
    configs::enable::<oss::Entity>(db, &me.tenant_id, id).await
}

/// The storage a file operation of the tenant uses: the configuration named by `code`, else the enabled
/// one, else the built-in local disk.
pub async fn target(db: &DatabaseConnection, tenant: &str, code: Option<&str>) -> Result<Target, AppError> {
    let row = configs::chosen::<oss::Entity>(db, tenant, code, "没有该编号的存储配置").await?;
    Ok(row.as_ref().map_or_else(|| Target::builtin(tenant), Target::from_row))
}

/// The storage an existing object was written to (its configuration may have been disabled since).
pub async fn target_of(db: &DatabaseConnection, tenant: &str, oss_id: Option<i64>) -> Result<Target, AppError> {
    match oss_id {
        None => Ok(Target::builtin(tenant)),
        Some(id) => {
            // A deleted configuration still locates the files written through it.
            let row = oss::Entity::find()
                .filter(oss::Column::TenantId.eq(tenant))
                .filter(oss::Column::Id.eq(id))
                .one(db)
                .await?
                .ok_or_else(AppError::not_found)?;
            Ok(Target::from_row(&row))
        }
    }
}
