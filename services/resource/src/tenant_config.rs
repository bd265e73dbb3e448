//! What a tenant's configurations of an outside service share, whatever the service (object storage in
//! `res_oss`, SMS in `res_sms`): the tenant's live rows, a code unique among them, at most one enabled, soft
//! delete, and the per-tenant lock (`keeper_db::tenant_lock`) that keeps those rules under concurrent writers.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns};
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, PaginatorTrait, QueryFilter, QueryOrder,
    TransactionTrait,
};
use serde::Serialize;

/// The table of the per-tenant lock that queues writers of configurations.
pub const LOCK_TABLE: &str = "res_tenant_lock";
pub const CODE_TAKEN: &str = "当前资源编号已存在!";
pub const ENABLED: i32 = 2;
pub const DISABLED: i32 = 1;

/// How a configuration stands, as every configuration view ends: remark, status and when it was made and
/// last changed.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    pub remark: String,
    pub status: i32,
    pub status_name: &'static str,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

impl Standing {
    pub fn new(remark: String, status: i32, create_time: DateTime<Utc>, update_time: DateTime<Utc>) -> Standing {
        let status_name = if status == ENABLED { "启用" } else { "停用" };
        Standing { remark, status, status_name, create_time, update_time }
    }
}

/// A table of configurations: the base columns of api-contract §5.1 and a code unique among live rows.
pub trait ConfigTable: BaseColumns<Model: Sync> {
    const CODE: Self::Column;
    /// The code's name on the wire, for the refusal of a taken code.
    const CODE_FIELD: &'static str;
    const CATEGORY: Self::Column;
    /// Write-only: the API tells only whether one is set.
    const SECRET: Self::Column;
}

/// Implements [`ConfigTable`] for the entity of a module (`oss`, `sms`) whose table has the base columns
/// (`keeper_db::base_columns!`), `category` and `secret_key`.
macro_rules! config_table {
    ($m:ident, code: $code:ident, field: $field:literal) => {
        impl $crate::tenant_config::ConfigTable for $m::Entity {
            const CODE: $m::Column = $m::Column::$code;
            const CODE_FIELD: &'static str = $field;
            const CATEGORY: $m::Column = $m::Column::Category;
            const SECRET: $m::Column = $m::Column::SecretKey;
        }
    };
}
pub(crate) use config_table;

/// The filters of a configuration list: the code contains, the category is.
#[derive(Debug, Default)]
pub struct Filter {
    pub code: Option<String>,
    pub category: Option<i32>,
}

/// One page of the tenant's configurations in the requested order (columns from the caller's allow-list),
/// then the enabled one first and the newest next.
pub async fn list<E: ConfigTable, V: Serialize>(
    db: &DatabaseConnection,
    tenant: &str,
    f: &Filter,
    req: &PageRequest,
    view: impl FnMut(E::Model) -> V,
) -> Result<Page<V>, AppError> {
    let mut q = E::live(tenant);
    if let Some(v) = &f.code {
        q = q.filter(E::CODE.like(fields::like(v)));
    }
    if let Some(c) = f.category {
        q = q.filter(E::CATEGORY.eq(c));
    }
    let column = |name: &str| match name {
        "category" => E::CATEGORY,
        "status" => E::STATUS,
        "create_time" => E::CREATE_TIME,
        // The caller's allow-list admits only these and its code column.
        _ => E::CODE,
    };
    let page =
        keeper_db::page(db, q, req, column, |q| q.order_by_desc(E::STATUS).order_by_desc(E::CREATE_TIME).order_by_desc(E::ID)).await?;
    Ok(page.map(view))
}

/// A live configuration of the tenant; another tenant's answers 404 like a missing one.
pub async fn row<E: ConfigTable, C: ConnectionTrait>(db: &C, tenant: &str, id: i64) -> Result<E::Model, AppError> {
    E::live(tenant).filter(E::ID.eq(id)).one(db).await?.ok_or_else(AppError::not_found)
}

/// The configuration named by `code` (unknown: a field error with `unknown`), else the enabled one, if any.
pub async fn chosen<E: ConfigTable>(
    db: &DatabaseConnection,
    tenant: &str,
    code: Option<&str>,
    unknown: &str,
) -> Result<Option<E::Model>, AppError> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        Some(code) => Ok(Some(E::live(tenant).filter(E::CODE.eq(code)).one(db).await?.ok_or_else(|| AppError::field("code", unknown))?)),
        None => Ok(E::live(tenant).filter(E::STATUS.eq(ENABLED)).one(db).await?),
    }
}

/// Begins a transaction holding the tenant's lock: every writer of the tenant's configurations goes through it.
pub async fn begin_locked(db: &DatabaseConnection, tenant: &str) -> Result<DatabaseTransaction, AppError> {
    // The lock row is created outside the transaction: two first inserts inside transactions would collide.
    keeper_db::tenant_lock::ensure(db, LOCK_TABLE, tenant).await?;
    let txn = db.begin().await?;
    keeper_db::tenant_lock::lock(&txn, LOCK_TABLE, tenant).await?;
    Ok(txn)
}

/// Creates (disabled) or updates (`id`) a configuration under the tenant's lock, refusing a `code` that
/// another live configuration of the tenant holds. `secret` None keeps the stored secret of an update.
pub async fn submit<E: ConfigTable>(
    db: &DatabaseConnection,
    me: &CurrentUser,
    id: Option<i64>,
    code: &str,
    mut model: E::ActiveModel,
    secret: Option<String>,
) -> Result<i64, AppError>
where
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    let tenant = me.tenant_id.as_str();
    let txn = begin_locked(db, tenant).await?;
    if let Some(id) = id {
        row::<E, _>(&txn, tenant, id).await?;
    }
    let mut taken = E::live(tenant).filter(E::CODE.eq(code));
    if let Some(id) = id {
        taken = taken.filter(E::ID.ne(id));
    }
    if taken.count(&txn).await? > 0 {
        return Err(AppError::field(E::CODE_FIELD, CODE_TAKEN));
    }
    if secret.is_some() || id.is_none() {
        model.set(E::SECRET, secret.unwrap_or_default().into());
    }
    let who = Author::of(me);
    base::updated::<E>(&mut model, &who);
    let id = match id {
        Some(id) => {
            E::update_many().set(model).filter(E::ID.eq(id)).filter(E::TENANT.eq(tenant)).exec(&txn).await?;
            id
        }
        None => {
            let id = next_id();
            base::created::<E>(&mut model, id, &who);
            // A new configuration waits to be enabled: the tenant's enabled one stays in use.
            model.set(E::STATUS, DISABLED.into());
            E::insert(model).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Soft-deletes (and disables) configurations of the tenant; all of them must be its live ones.
pub async fn remove<E: ConfigTable>(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    if E::live(tenant).filter(E::ID.is_in(ids.to_vec())).count(db).await? != ids.len() as u64 {
        return Err(AppError::not_found());
    }
    E::update_many()
        .col_expr(E::IS_DELETED, Expr::value(base::REMOVED))
        .col_expr(E::STATUS, Expr::value(DISABLED))
        .col_expr(E::UPDATE_USER, Expr::value(me.user_id))
        .col_expr(E::UPDATE_TIME, Expr::value(Utc::now()))
        .filter(E::ID.is_in(ids.to_vec()))
        .filter(E::TENANT.eq(tenant))
        .exec(db)
        .await?;
    Ok(ids.len())
}

/// Enables one configuration and disables the tenant's others, in one transaction.
pub async fn enable<E: ConfigTable>(db: &DatabaseConnection, tenant: &str, id: i64) -> Result<(), AppError> {
    let txn = begin_locked(db, tenant).await?;
    row::<E, _>(&txn, tenant, id).await?;
    set_status::<E>(&txn, tenant, None, DISABLED).await?;
    set_status::<E>(&txn, tenant, Some(id), ENABLED).await?;
    txn.commit().await?;
    Ok(())
}

async fn set_status<E: ConfigTable>(txn: &DatabaseTransaction, tenant: &str, id: Option<i64>, status: i32) -> Result<(), AppError> {
    let mut q = E::update_many().col_expr(E::STATUS, Expr::value(status)).filter(E::TENANT.eq(tenant)).filter(E::IS_DELETED.eq(base::LIVE));
    if let Some(id) = id {
        q = q.filter(E::ID.eq(id));
    }
    q.exec(txn).await?;
    Ok(())
}
