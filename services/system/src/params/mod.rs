//! Parameters (api-contract §4.9, made tenant-overridable): rows of tenant '000000' are the platform
//! defaults; a tenant's own live row with the same key overrides the default for that tenant alone.
//! A tenant's administrator sees the defaults and its overrides and writes only its overrides; the platform
//! tenant's own rows are the defaults.

pub mod form;
pub mod view;

use std::collections::HashMap;

use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns, LIVE};
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Select,
    TransactionTrait,
};

use crate::entity::param;
use form::ParamInput;
use keeper_common::fields;
use view::ParamView;

pub const KEY_TAKEN: &str = "当前参数键名已存在!";
pub const DEFAULT_READ_ONLY: &str = "平台默认参数只能由平台修改!";
/// Keys read only as platform defaults (tenant creation, log retention): a tenant's override of them
/// would do nothing.
const PLATFORM_ONLY_PREFIXES: &[&str] = &["tenant.", "log."];
/// Columns `param/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["param_name", "param_key", "create_time", "update_time"];

/// The platform's default of a parameter (tenant 000000's row), whatever a tenant overrides.
pub async fn platform_default<C: ConnectionTrait>(db: &C, key: &str) -> Result<Option<String>, AppError> {
    effective(db, PLATFORM_TENANT, key).await
}

/// The value of `key` for `tenant_id`: the tenant's own live row, else the platform default, else None.
pub async fn effective<C: ConnectionTrait>(db: &C, tenant_id: &str, key: &str) -> Result<Option<String>, AppError> {
    let rows = param::Entity::find()
        .filter(param::Column::ParamKey.eq(key))
        .filter(param::Column::TenantId.is_in([tenant_id, PLATFORM_TENANT]))
        .filter(param::Column::IsDeleted.eq(LIVE))
        .all(db)
        .await?;
    let own = rows.iter().find(|r| r.tenant_id == tenant_id);
    Ok(own.or_else(|| rows.iter().find(|r| r.tenant_id == PLATFORM_TENANT)).map(|r| r.param_value.clone()))
}

/// The values of every key starting with `prefix` for `tenant_id`: its own rows over the platform defaults.
pub async fn effective_under<C: ConnectionTrait>(db: &C, tenant_id: &str, prefix: &str) -> Result<HashMap<String, String>, AppError> {
    let rows = param::Entity::find()
        .filter(param::Column::ParamKey.starts_with(prefix))
        .filter(param::Column::TenantId.is_in([tenant_id, PLATFORM_TENANT]))
        .filter(param::Column::IsDeleted.eq(LIVE))
        .all(db)
        .await?;
    let mut out = HashMap::new();
    // Defaults first, so that the tenant's own rows land over them.
    for r in rows.iter().filter(|r| r.tenant_id == PLATFORM_TENANT).chain(rows.iter().filter(|r| r.tenant_id != PLATFORM_TENANT)) {
        out.insert(r.param_key.clone(), r.param_value.clone());
    }
    Ok(out)
}

/// Live rows the tenant sees: its own and the platform defaults.
fn visible(tenant: &str) -> Select<param::Entity> {
    param::Entity::find().filter(param::Column::TenantId.is_in([tenant, PLATFORM_TENANT])).filter(param::Column::IsDeleted.eq(LIVE))
}

#[derive(Debug, Default)]
pub struct Filter {
    pub param_name: Option<String>,
    pub param_key: Option<String>,
}

fn sort_column(name: &str) -> param::Column {
    match name {
        "param_name" => param::Column::ParamName,
        "create_time" => param::Column::CreateTime,
        "update_time" => param::Column::UpdateTime,
        _ => param::Column::ParamKey,
    }
}

pub async fn list(db: &DatabaseConnection, me: &CurrentUser, f: &Filter, req: &PageRequest) -> Result<Page<ParamView>, AppError> {
    let mut q = visible(&me.tenant_id);
    if let Some(v) = &f.param_name {
        q = q.filter(param::Column::ParamName.like(fields::like(v)));
    }
    if let Some(v) = &f.param_key {
        q = q.filter(param::Column::ParamKey.like(fields::like(v)));
    }
    let page = keeper_db::page(db, q, req, sort_column, |q| {
        // A key's default comes right before the tenant's override of it ('000000' sorts first).
        q.order_by_asc(param::Column::ParamKey).order_by_asc(param::Column::TenantId).order_by_asc(param::Column::Id)
    })
    .await?;
    Ok(page.map(ParamView::from))
}

pub async fn detail(db: &DatabaseConnection, me: &CurrentUser, id: i64) -> Result<ParamView, AppError> {
    let row = visible(&me.tenant_id).filter(param::Column::Id.eq(id)).one(db).await?.ok_or_else(AppError::not_found)?;
    Ok(row.into())
}

/// Creates or updates one of the caller's tenant's rows; answers its id. Submitting a default seen from
/// another tenant creates that tenant's override instead of touching the default.
pub async fn submit(db: &DatabaseConnection, me: &CurrentUser, input: ParamInput) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    if tenant != PLATFORM_TENANT && PLATFORM_ONLY_PREFIXES.iter().any(|p| input.param_key.starts_with(p)) {
        return Err(AppError::field("paramKey", "该参数只能由平台设置"));
    }
    let txn = db.begin().await?;
    // Writers of one tenant's parameters queue here, so live keys stay unique without a unique index.
    crate::tenant_lock::lock(&txn, tenant).await?;
    let current = match input.id {
        None => None,
        Some(id) => {
            let row = visible(tenant).filter(param::Column::Id.eq(id)).one(&txn).await?.ok_or_else(AppError::not_found)?;
            (row.tenant_id == tenant).then_some(row)
        }
    };
    let mut taken = param::Entity::live(tenant).filter(param::Column::ParamKey.eq(input.param_key.as_str()));
    if let Some(c) = &current {
        taken = taken.filter(param::Column::Id.ne(c.id));
    }
    if taken.count(&txn).await? > 0 {
        return Err(AppError::field("paramKey", KEY_TAKEN));
    }
    let who = Author::of(me);
    let mut row = param::ActiveModel {
        param_name: Set(input.param_name),
        param_key: Set(input.param_key),
        param_value: Set(input.param_value),
        remark: Set(input.remark),
        ..Default::default()
    };
    let id = match current {
        Some(c) => {
            base::updated::<param::Entity>(&mut row, &who);
            param::Entity::update_many()
                .set(row)
                .filter(param::Column::Id.eq(c.id))
                .filter(param::Column::TenantId.eq(tenant))
                .exec(&txn)
                .await?;
            c.id
        }
        None => {
            let id = next_id();
            base::created::<param::Entity>(&mut row, id, &who);
            param::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// The prefix of the parameters a zone's administrator sets through the business service's 园区设置.
pub const BUSINESS_PREFIX: &str = "business.";

/// Sets a tenant's own business parameters in one transaction (asked by the business service, which owns
/// what they mean and has checked the values): each value overrides the platform default for the tenant
/// alone, `None` drops the override. Keys outside `business.` and the platform tenant (whose rows are
/// every tenant's defaults) are refused.
pub async fn set_business(db: &DatabaseConnection, req: &keeper_client::system::BusinessParams) -> Result<(), AppError> {
    let tenant = req.tenant_id.as_str();
    if tenant == PLATFORM_TENANT {
        return Err(AppError::field("tenantId", "平台默认参数请在参数管理中设置"));
    }
    if let Some(p) = req.values.iter().find(|p| !p.key.starts_with(BUSINESS_PREFIX) || p.key.len() > 100) {
        return Err(AppError::field("key", format!("{} 不是业务参数", p.key)));
    }
    let who = Author::now(tenant, req.user_id, req.dept_id);
    let txn = db.begin().await?;
    crate::tenant_lock::lock(&txn, tenant).await?;
    for p in &req.values {
        let own = param::Entity::live(tenant).filter(param::Column::ParamKey.eq(p.key.as_str())).one(&txn).await?;
        match (own, &p.value) {
            (Some(row), Some(value)) if row.param_value == *value => {}
            (Some(row), Some(value)) => {
                let mut change = param::ActiveModel { param_value: Set(value.clone()), ..Default::default() };
                base::updated::<param::Entity>(&mut change, &who);
                param::Entity::update_many().set(change).filter(param::Column::Id.eq(row.id)).exec(&txn).await?;
            }
            (None, Some(value)) => {
                let mut row = param::ActiveModel {
                    param_name: Set(p.name.clone()),
                    param_key: Set(p.key.clone()),
                    param_value: Set(value.clone()),
                    remark: Set("园区设置".into()),
                    ..Default::default()
                };
                base::created::<param::Entity>(&mut row, next_id(), &who);
                param::Entity::insert(row).exec_without_returning(&txn).await?;
            }
            (Some(row), None) => {
                param::Entity::update_many().set(base::removal::<param::Entity>(&who)).filter(param::Column::Id.eq(row.id)).exec(&txn).await?;
            }
            (None, None) => {}
        }
    }
    txn.commit().await?;
    Ok(())
}

/// Soft-deletes rows of the caller's tenant; removing a tenant's override restores the default for it.
pub async fn remove(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let rows = visible(tenant).filter(param::Column::Id.is_in(ids.to_vec())).all(db).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if rows.iter().any(|r| r.tenant_id != tenant) {
        return Err(AppError::Forbidden(DEFAULT_READ_ONLY.into()));
    }
    param::Entity::update_many()
        .set(base::removal::<param::Entity>(&Author::of(me)))
        .filter(param::Column::Id.is_in(ids.to_vec()))
        .filter(param::Column::TenantId.eq(tenant))
        .exec(db)
        .await?;
    Ok(ids.len())
}
