//! Queries of `sys_tenant` and the writes that follow a tenant's accounts.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select};

use crate::entity::{tenant, user};

/// Columns `tenant/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["create_time", "tenant_id", "tenant_name", "account_number", "expire_time"];

/// The filters of `tenant/list`, already parsed: the texts match anywhere, the status exactly.
#[derive(Debug, Default)]
pub struct Filter {
    pub tenant_id: Option<String>,
    pub tenant_name: Option<String>,
    pub linkman: Option<String>,
    pub contact_number: Option<String>,
    pub status: Option<i32>,
}

pub fn live() -> Select<tenant::Entity> {
    tenant::Entity::find().filter(tenant::Column::IsDeleted.eq(0))
}

fn sort_column(name: &str) -> tenant::Column {
    match name {
        "tenant_id" => tenant::Column::TenantId,
        "tenant_name" => tenant::Column::TenantName,
        "account_number" => tenant::Column::AccountNumber,
        "expire_time" => tenant::Column::ExpireTime,
        _ => tenant::Column::CreateTime,
    }
}

/// One page of the live tenants; oldest first (the platform tenant leads) unless sorted.
pub async fn page<C: ConnectionTrait>(db: &C, f: &Filter, req: &PageRequest) -> Result<Page<tenant::Model>, AppError> {
    let mut q = live();
    for (col, v) in [
        (tenant::Column::TenantId, &f.tenant_id),
        (tenant::Column::TenantName, &f.tenant_name),
        (tenant::Column::Linkman, &f.linkman),
        (tenant::Column::ContactNumber, &f.contact_number),
    ] {
        if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(col.like(keeper_common::fields::like(v)));
        }
    }
    if let Some(s) = f.status {
        q = q.filter(tenant::Column::Status.eq(s));
    }
    let default = req.sort.is_empty();
    Ok(keeper_db::page(db, q, req, sort_column, |q| {
        if default { q.order_by_asc(tenant::Column::CreateTime) } else { q }.order_by_asc(tenant::Column::Id)
    })
    .await?)
}

/// The listed live tenants (fewer than asked when some are missing or deleted).
pub async fn by_ids<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<Vec<tenant::Model>, AppError> {
    Ok(live().filter(tenant::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// The live tenant of that code.
pub async fn by_code<C: ConnectionTrait>(db: &C, code: &str) -> Result<Option<tenant::Model>, AppError> {
    Ok(live().filter(tenant::Column::TenantId.eq(code)).one(db).await?)
}

/// The enabled live tenant bound to `domain`: the one the login page opened there signs in to.
pub async fn enabled_by_domain<C: ConnectionTrait>(db: &C, domain: &str) -> Result<Option<tenant::Model>, AppError> {
    Ok(live().filter(tenant::Column::Domain.eq(domain)).filter(tenant::Column::Status.eq(super::STATUS_ENABLED)).one(db).await?)
}

/// Every live tenant, by code: the dropdowns of the platform's forms.
pub async fn all<C: ConnectionTrait>(db: &C) -> Result<Vec<tenant::Model>, AppError> {
    Ok(live().order_by_asc(tenant::Column::TenantId).all(db).await?)
}

/// Whether another live tenant is already reached through `domain` (the login page finds its tenant by it).
pub async fn domain_taken<C: ConnectionTrait>(db: &C, domain: &str, except: Option<i64>) -> Result<bool, AppError> {
    let mut q = live().filter(tenant::Column::Domain.eq(domain));
    if let Some(id) = except {
        q = q.filter(tenant::Column::Id.ne(id));
    }
    Ok(q.count(db).await? > 0)
}

/// Applies the set columns of `changes` to the listed live tenants; answers how many changed.
pub async fn update<C: ConnectionTrait>(db: &C, ids: &[i64], changes: tenant::ActiveModel) -> Result<u64, AppError> {
    let done = tenant::Entity::update_many()
        .set(changes)
        .filter(tenant::Column::Id.is_in(ids.to_vec()))
        .filter(tenant::Column::IsDeleted.eq(0))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// Sets the expiry of the listed live tenants (a licence "until 2099" must survive MySQL: see `utc_value`).
pub async fn set_expiry<C: ConnectionTrait>(db: &C, ids: &[i64], at: Option<DateTime<Utc>>) -> Result<(), AppError> {
    let value = keeper_db::utc_value(db.get_database_backend(), at);
    tenant::Entity::update_many()
        .col_expr(tenant::Column::ExpireTime, Expr::value(value))
        .filter(tenant::Column::Id.is_in(ids.to_vec()))
        .filter(tenant::Column::IsDeleted.eq(0))
        .exec(db)
        .await?;
    Ok(())
}

/// Soft-deletes every live account of the tenants, stamped with who removed them.
pub async fn remove_accounts<C: ConnectionTrait>(db: &C, codes: &[String], who: &Author<'_>) -> Result<u64, AppError> {
    let done = user::Entity::update_many()
        .set(base::removal::<user::Entity>(who))
        .filter(user::Column::TenantId.is_in(codes.to_vec()))
        .filter(user::Column::IsDeleted.eq(0))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// How many live accounts each tenant holds, for the quota column of the list.
pub async fn account_counts<C: ConnectionTrait>(db: &C, codes: &[String]) -> Result<Vec<(String, i64)>, AppError> {
    if codes.is_empty() {
        return Ok(vec![]);
    }
    Ok(user::Entity::find()
        .select_only()
        .column(user::Column::TenantId)
        .column_as(user::Column::Id.count(), "n")
        .filter(user::Column::TenantId.is_in(codes.to_vec()))
        .filter(user::Column::IsDeleted.eq(0))
        .group_by(user::Column::TenantId)
        .into_tuple()
        .all(db)
        .await?)
}
