//! Queries of `biz_enterprise`. Every function takes the tenant, and those that read for a caller take the
//! caller's data scope, explicitly.
use std::collections::HashSet;

use keeper_common::page::{Page, PageRequest};
use keeper_common::scope::DataScope;
use keeper_common::{AppError, fields};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};

use crate::entity::enterprise;

/// Columns `enterprise/list` and `export` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &[
    "enterprise_name",
    "credit_code",
    "create_time",
    "update_time",
    "establish_date",
    "registered_capital",
    "employee_count",
    "last_year_output",
];

/// The filters of `enterprise/list`, already parsed.
#[derive(Debug, Default)]
pub struct Filter {
    pub enterprise_name: Option<String>,
    pub credit_code: Option<String>,
    /// The department chosen in the tree filter…
    pub dept_id: Option<i64>,
    /// …and all below it, filled in from the tenant's tree before querying.
    pub depts: Option<HashSet<i64>>,
    /// A GB/T 4754 code: the section `C` also matches its divisions `C13`…`C43`.
    pub industry_code: Option<String>,
    /// Dictionary and flag columns compared for equality.
    pub equals: Vec<(enterprise::Column, String)>,
}

fn live(tenant: &str) -> Select<enterprise::Entity> {
    enterprise::Entity::find().filter(enterprise::Column::TenantId.eq(tenant)).filter(enterprise::Column::IsDeleted.eq(0))
}

fn scoped(tenant: &str, scope: &DataScope) -> Select<enterprise::Entity> {
    live(tenant).filter(keeper_db::scope_condition(scope, enterprise::Column::DeptId, enterprise::Column::CreateUser))
}

fn filtered(tenant: &str, scope: &DataScope, f: &Filter) -> Select<enterprise::Entity> {
    let mut q = scoped(tenant, scope);
    if let Some(v) = &f.enterprise_name {
        q = q.filter(enterprise::Column::EnterpriseName.like(fields::like(v)));
    }
    if let Some(v) = &f.credit_code {
        q = q.filter(enterprise::Column::CreditCode.like(fields::like(v)));
    }
    if let Some(depts) = &f.depts {
        q = q.filter(enterprise::Column::DeptId.is_in(depts.iter().copied()));
    }
    if let Some(v) = &f.industry_code {
        q = q.filter(enterprise::Column::IndustryCode.like(fields::like_prefix(v)));
    }
    for (col, v) in &f.equals {
        q = q.filter(col.eq(v.as_str()));
    }
    q
}

fn sort_column(name: &str) -> enterprise::Column {
    match name {
        "enterprise_name" => enterprise::Column::EnterpriseName,
        "credit_code" => enterprise::Column::CreditCode,
        "update_time" => enterprise::Column::UpdateTime,
        "establish_date" => enterprise::Column::EstablishDate,
        "registered_capital" => enterprise::Column::RegisteredCapital,
        "employee_count" => enterprise::Column::EmployeeCount,
        "last_year_output" => enterprise::Column::LastYearOutput,
        _ => enterprise::Column::CreateTime,
    }
}

/// After the asked columns: newest first when nothing was asked; the id breaks ties, so equal sort
/// keys never move rows between pages.
fn then_default(q: Select<enterprise::Entity>, asked: bool) -> Select<enterprise::Entity> {
    if asked { q } else { q.order_by_desc(enterprise::Column::CreateTime) }.order_by_desc(enterprise::Column::Id)
}

fn sorted(q: Select<enterprise::Entity>, sort: &[(String, bool)]) -> Select<enterprise::Entity> {
    then_default(keeper_db::sorted(q, sort, sort_column), !sort.is_empty())
}

/// One page of the live enterprises the scope admits, newest first unless sorted.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &DataScope,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<enterprise::Model>, AppError> {
    let asked = !req.sort.is_empty();
    Ok(keeper_db::page(db, filtered(tenant, scope, f), req, sort_column, |q| then_default(q, asked)).await?)
}

/// `limit` matching enterprises from `offset` on, in the given order (exports read in slices).
pub async fn slice<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &DataScope,
    f: &Filter,
    sort: &[(String, bool)],
    offset: u64,
    limit: u64,
) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(sorted(filtered(tenant, scope, f), sort).offset(offset).limit(limit).all(db).await?)
}

/// The listed live enterprises of the tenant that the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &DataScope, ids: &[i64]) -> Result<Vec<enterprise::Model>, AppError> {
    Ok(scoped(tenant, scope).filter(enterprise::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// Live enterprises of the tenant with one of these credit codes or names, whatever the scope: uniqueness
/// is per tenant.
pub async fn holding<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    codes: &[String],
    names: &[String],
) -> Result<Vec<enterprise::Model>, AppError> {
    let mut out = Vec::new();
    for (col, values) in [(enterprise::Column::CreditCode, codes), (enterprise::Column::EnterpriseName, names)] {
        for chunk in values.chunks(1000) {
            out.extend(live(tenant).filter(col.is_in(chunk.to_vec())).all(db).await?);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|e| seen.insert(e.id));
    Ok(out)
}

/// Queues the writers of one tenant's register (see `keeper_db::tenant_lock`).
pub async fn lock<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::lock(db, LOCK_TABLE, tenant).await?)
}

/// Creates the tenant's lock row outside any transaction, so that the lock in a transaction is an update.
pub async fn ensure_lock_row<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<(), AppError> {
    Ok(keeper_db::tenant_lock::ensure(db, LOCK_TABLE, tenant).await?)
}

const LOCK_TABLE: &str = "biz_tenant_lock";

pub async fn insert_many<C: ConnectionTrait>(db: &C, rows: Vec<enterprise::ActiveModel>) -> Result<(), AppError> {
    for chunk in rows.chunks(100) {
        enterprise::Entity::insert_many(chunk.to_vec()).exec(db).await?;
    }
    Ok(())
}

/// Applies the set columns of `changes` to the listed live enterprises of the tenant; answers how many.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: enterprise::ActiveModel) -> Result<u64, AppError> {
    let done = enterprise::Entity::update_many()
        .set(changes)
        .filter(enterprise::Column::Id.is_in(ids.to_vec()))
        .filter(enterprise::Column::TenantId.eq(tenant))
        .filter(enterprise::Column::IsDeleted.eq(0))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
