//! Queries of `sys_user` and of the roles, departments and posts it names. Every function takes the tenant,
//! and those that read accounts for a caller take the caller's data scope, explicitly.
use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::parse_list;
use keeper_common::page::{Page, PageRequest};
use keeper_common::scope::DataScope;
use keeper_db::base::{BaseColumns, LIVE};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::entity::{dept, post, role, tenant, user};

/// The caller's own live account row; another tenant's or a deleted one is not found.
pub async fn own_row<C: ConnectionTrait>(db: &C, me: &keeper_security::CurrentUser) -> Result<user::Model, AppError> {
    user::Entity::live(&me.tenant_id).filter(user::Column::Id.eq(me.user_id)).one(db).await?.ok_or_else(AppError::not_found)
}

/// A live account of any tenant by id: a refreshed session names the account, not its tenant.
pub async fn live_by_id<C: ConnectionTrait>(db: &C, id: i64) -> Result<Option<user::Model>, AppError> {
    Ok(user::Entity::find_by_id(id).filter(user::Column::IsDeleted.eq(LIVE)).one(db).await?)
}

/// The tenant's live account of that name.
pub async fn live_by_account<C: ConnectionTrait>(db: &C, tenant: &str, account: &str) -> Result<Option<user::Model>, AppError> {
    Ok(user::Entity::live(tenant).filter(user::Column::Account.eq(account)).one(db).await?)
}

/// Stores a password hash on an account of any tenant, found by id alone.
pub async fn set_password_hash<C: ConnectionTrait>(db: &C, id: i64, hash: String) -> Result<(), AppError> {
    let row = user::Entity::find_by_id(id).one(db).await?.ok_or_else(AppError::not_found)?;
    let mut a: user::ActiveModel = row.into();
    a.password = Set(hash);
    a.update(db).await?;
    Ok(())
}

/// Columns `user/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["create_time", "account", "real_name"];

/// The filters of `user/list`, already parsed.
#[derive(Debug, Default)]
pub struct Filter {
    pub account: Option<String>,
    pub real_name: Option<String>,
    pub phone: Option<String>,
    /// That department and its descendants.
    pub dept_id: Option<i64>,
    pub status: Option<i32>,
}

/// Whether a scope admits an account: one of its departments is in the scope, or the scope's own user created it.
pub fn admits(scope: &DataScope, dept_ids: &str, creator: Option<i64>) -> bool {
    scope.admits(None, creator) || parse_list(dept_ids).unwrap_or_default().into_iter().any(|d| scope.admits(Some(d), creator))
}

/// The ids of the tenant's live accounts that the scope admits and that sit in one of `in_depts`, or
/// `None` when neither restricts. Department lists are comma-joined strings that no portable SQL matches
/// exactly (`1` must not match `11,2`), so membership is decided here over the tenant's accounts, reading
/// three columns; a tenant holds hundreds of accounts, not millions.
pub async fn matching_ids<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    scope: &DataScope,
    in_depts: Option<&HashSet<i64>>,
) -> Result<Option<Vec<i64>>, AppError> {
    if matches!(scope, DataScope::All) && in_depts.is_none() {
        return Ok(None);
    }
    let rows: Vec<(i64, String, Option<i64>)> = user::Entity::live(tenant)
        .select_only()
        .column(user::Column::Id)
        .column(user::Column::DeptId)
        .column(user::Column::CreateUser)
        .into_tuple()
        .all(db)
        .await?;
    let in_filter = |depts: &str| in_depts.is_none_or(|set| parse_list(depts).unwrap_or_default().iter().any(|d| set.contains(d)));
    Ok(Some(rows.into_iter().filter(|(_, d, c)| admits(scope, d, *c) && in_filter(d)).map(|(id, _, _)| id).collect()))
}

fn sort_column(name: &str) -> user::Column {
    match name {
        "account" => user::Column::Account,
        "real_name" => user::Column::RealName,
        _ => user::Column::CreateTime,
    }
}

/// One page of the tenant's live accounts, restricted to `only` when given; newest first unless sorted.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    tenant: &str,
    only: Option<&[i64]>,
    f: &Filter,
    req: &PageRequest,
) -> Result<Page<user::Model>, AppError> {
    let mut q = user::Entity::live(tenant);
    if let Some(ids) = only {
        q = q.filter(user::Column::Id.is_in(ids.to_vec()));
    }
    for (col, v) in [(user::Column::Account, &f.account), (user::Column::RealName, &f.real_name), (user::Column::Phone, &f.phone)] {
        if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(col.like(keeper_common::fields::like(v)));
        }
    }
    if let Some(s) = f.status {
        q = q.filter(user::Column::Status.eq(s));
    }
    let default = req.sort.is_empty();
    Ok(keeper_db::page(db, q, req, sort_column, |q| {
        if default { q.order_by_desc(user::Column::CreateTime) } else { q }.order_by_desc(user::Column::Id)
    })
    .await?)
}

/// The listed live accounts of the tenant that the scope admits (fewer than asked when some are not).
pub async fn visible<C: ConnectionTrait>(db: &C, tenant: &str, scope: &DataScope, ids: &[i64]) -> Result<Vec<user::Model>, AppError> {
    let rows = user::Entity::live(tenant).filter(user::Column::Id.is_in(ids.to_vec())).all(db).await?;
    Ok(rows.into_iter().filter(|u| admits(scope, &u.dept_id, u.create_user)).collect())
}

/// Whether a live account of the tenant already uses `account` (other than `except`).
pub async fn account_taken<C: ConnectionTrait>(db: &C, tenant: &str, account: &str, except: Option<i64>) -> Result<bool, AppError> {
    let mut q = user::Entity::live(tenant).filter(user::Column::Account.eq(account));
    if let Some(id) = except {
        q = q.filter(user::Column::Id.ne(id));
    }
    Ok(q.count(db).await? > 0)
}

pub async fn count_live<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<u64, AppError> {
    Ok(user::Entity::live(tenant).count(db).await?)
}

/// Takes the tenant's write lock for the rest of the transaction (`crate::tenant_lock`) and reads its live
/// row. Creating and renaming accounts of one tenant queue there, so the quota and the uniqueness of live
/// accounts (no unique index: deleted rows keep their account) hold under concurrency.
pub async fn lock_tenant<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<Option<tenant::Model>, AppError> {
    crate::tenant_lock::lock(db, tenant).await?;
    Ok(tenant::Entity::find().filter(tenant::Column::TenantId.eq(tenant)).filter(tenant::Column::IsDeleted.eq(0)).one(db).await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, mut row: user::ActiveModel) -> Result<(), AppError> {
    // Birthdays lie before 1970: written apart, through `keeper_db::utc_value`, so that MySQL keeps them.
    let birthday = row.birthday.take().flatten();
    let id = row.id.clone().unwrap();
    user::Entity::insert(row).exec(db).await?;
    if let Some(at) = birthday {
        user::Entity::update_many()
            .col_expr(user::Column::Birthday, Expr::value(keeper_db::utc_value(db.get_database_backend(), Some(at))))
            .filter(user::Column::Id.eq(id))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Applies the set columns of `changes` to the listed live accounts of the tenant; answers how many changed.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], mut changes: user::ActiveModel) -> Result<u64, AppError> {
    let birthday = changes.birthday.take();
    let mut q = user::Entity::update_many().set(changes);
    if let Some(at) = birthday {
        q = q.col_expr(user::Column::Birthday, Expr::value(keeper_db::utc_value(db.get_database_backend(), at)));
    }
    let done = q
        .filter(user::Column::Id.is_in(ids.to_vec()))
        .filter(user::Column::TenantId.eq(tenant))
        .filter(user::Column::IsDeleted.eq(LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}

/// The live roles of the tenant among `ids`.
pub async fn live_roles<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<role::Model>, AppError> {
    Ok(role::Entity::find()
        .filter(role::Column::Id.is_in(ids.to_vec()))
        .filter(role::Column::TenantId.eq(tenant))
        .filter(role::Column::IsDeleted.eq(0))
        .all(db)
        .await?)
}

/// The live posts of the tenant among `ids`.
pub async fn live_posts<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<post::Model>, AppError> {
    Ok(post::Entity::live(tenant).filter(post::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

/// A department of the tenant and all its descendants (empty when it is not one of the tenant's).
pub fn subtree(root: i64, depts: &[dept::Model]) -> HashSet<i64> {
    if !depts.iter().any(|d| d.id == root) {
        return HashSet::new();
    }
    keeper_common::tree::with_descendants([root], depts.iter().map(|d| (d.id, d.parent_id)))
}

/// Display names of the tenant's live roles, departments and posts named by `rows`, and the tenant's name.
pub struct Names {
    pub tenant: String,
    pub roles: HashMap<i64, String>,
    pub depts: HashMap<i64, String>,
    pub posts: HashMap<i64, String>,
}

/// The names of the tenant's live roles, departments and posts and its own name: the labels of every
/// account view (cached per tenant until the next write, `AppState::user_labels`).
pub async fn tenant_names<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<Names, AppError> {
    let roles = role::Entity::find().filter(role::Column::TenantId.eq(tenant)).filter(role::Column::IsDeleted.eq(0)).all(db).await?;
    let posts = post::Entity::live(tenant).all(db).await?;
    let tenant_name = tenant::Entity::find().filter(tenant::Column::TenantId.eq(tenant)).one(db).await?.map(|t| t.tenant_name);
    Ok(Names {
        tenant: tenant_name.unwrap_or_default(),
        roles: roles.into_iter().map(|r| (r.id, r.role_name)).collect(),
        depts: crate::depts::repo::live(db, tenant).await?.into_iter().map(|d| (d.id, d.dept_name)).collect(),
        posts: posts.into_iter().map(|p| (p.id, p.post_name)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_matches_whole_department_ids_in_the_comma_list() {
        let scope = DataScope::Restricted { dept_ids: vec![1], own_user: None };
        assert!(admits(&scope, "1", None));
        assert!(admits(&scope, "7, 1", None));
        assert!(!admits(&scope, "11,21", None), "1 is not a prefix match");
        assert!(!admits(&scope, "", Some(5)));
        let own = DataScope::Restricted { dept_ids: vec![], own_user: Some(5) };
        assert!(admits(&own, "", Some(5)));
        assert!(admits(&DataScope::All, "", None));
    }
}
