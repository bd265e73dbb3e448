//! `sys_dict` and `sys_dict_biz` behind one row type: the two tables differ only by the tenant column, and
//! every read and write of the business table is confined to one tenant.
use keeper_common::AppError;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};

use crate::entity::{dict, dict_biz};

/// Which dictionaries: the global system ones, or one tenant's business ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind<'a> {
    System,
    Business(&'a str),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub id: i64,
    pub tenant_id: Option<String>,
    pub parent_id: i64,
    pub code: String,
    pub dict_key: String,
    pub dict_value: String,
    pub sort: i32,
    pub remark: String,
    pub is_sealed: i32,
}

impl From<dict::Model> for Row {
    fn from(d: dict::Model) -> Self {
        Row {
            id: d.id,
            tenant_id: None,
            parent_id: d.parent_id,
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            is_sealed: d.is_sealed,
        }
    }
}

impl From<dict_biz::Model> for Row {
    fn from(d: dict_biz::Model) -> Self {
        Row {
            id: d.id,
            tenant_id: Some(d.tenant_id),
            parent_id: d.parent_id,
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            is_sealed: d.is_sealed,
        }
    }
}

/// Every live row, in display order. A dictionary table holds hundreds of rows, so lists, trees and pages
/// are cut from this one read.
pub async fn live<C: ConnectionTrait>(db: &C, kind: Kind<'_>) -> Result<Vec<Row>, AppError> {
    Ok(match kind {
        Kind::System => dict::Entity::find()
            .filter(dict::Column::IsDeleted.eq(0))
            .order_by_asc(dict::Column::Sort)
            .order_by_asc(dict::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(Row::from)
            .collect(),
        Kind::Business(tenant) => dict_biz::Entity::find()
            .filter(dict_biz::Column::TenantId.eq(tenant))
            .filter(dict_biz::Column::IsDeleted.eq(0))
            .order_by_asc(dict_biz::Column::Sort)
            .order_by_asc(dict_biz::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(Row::from)
            .collect(),
    })
}

/// Queues writers of the same dictionaries behind one row lock (the tenant's row; the platform tenant's for
/// the system dictionaries), so the uniqueness of live keys holds under concurrency without a unique index
/// (deleted rows keep their keys). Call it first in the transaction.
pub async fn lock<C: ConnectionTrait>(db: &C, kind: Kind<'_>) -> Result<(), AppError> {
    let tenant = match kind {
        Kind::System => PLATFORM_TENANT,
        Kind::Business(t) => t,
    };
    crate::tenant_lock::lock(db, tenant).await?;
    Ok(())
}

/// The columns of a row but its id, tenant and deletion flag, as written to the system table.
fn columns(r: &Row) -> dict::ActiveModel {
    dict::ActiveModel {
        parent_id: Set(r.parent_id),
        code: Set(r.code.clone()),
        dict_key: Set(r.dict_key.clone()),
        dict_value: Set(r.dict_value.clone()),
        sort: Set(r.sort),
        remark: Set(r.remark.clone()),
        is_sealed: Set(r.is_sealed),
        ..Default::default()
    }
}

/// The same changes for the business table; the tenant column stays unset.
fn business(a: dict::ActiveModel) -> dict_biz::ActiveModel {
    dict_biz::ActiveModel {
        id: a.id,
        tenant_id: NotSet,
        parent_id: a.parent_id,
        code: a.code,
        dict_key: a.dict_key,
        dict_value: a.dict_value,
        sort: a.sort,
        remark: a.remark,
        is_sealed: a.is_sealed,
        is_deleted: a.is_deleted,
    }
}

/// Writes `changes` to the listed live rows of `kind`; answers how many rows changed.
async fn update_live<C: ConnectionTrait>(db: &C, kind: Kind<'_>, ids: &[i64], changes: dict::ActiveModel) -> Result<u64, AppError> {
    Ok(match kind {
        Kind::System => {
            dict::Entity::update_many()
                .set(changes)
                .filter(dict::Column::Id.is_in(ids.to_vec()))
                .filter(dict::Column::IsDeleted.eq(0))
                .exec(db)
                .await?
                .rows_affected
        }
        Kind::Business(tenant) => {
            dict_biz::Entity::update_many()
                .set(business(changes))
                .filter(dict_biz::Column::Id.is_in(ids.to_vec()))
                .filter(dict_biz::Column::TenantId.eq(tenant))
                .filter(dict_biz::Column::IsDeleted.eq(0))
                .exec(db)
                .await?
                .rows_affected
        }
    })
}

pub async fn insert<C: ConnectionTrait>(db: &C, kind: Kind<'_>, r: &Row) -> Result<(), AppError> {
    let row = dict::ActiveModel { id: Set(r.id), is_deleted: Set(0), ..columns(r) };
    match kind {
        Kind::System => dict::Entity::insert(row).exec_without_returning(db).await?,
        Kind::Business(tenant) => {
            dict_biz::Entity::insert(dict_biz::ActiveModel { tenant_id: Set(tenant.into()), ..business(row) })
                .exec_without_returning(db)
                .await?
        }
    };
    Ok(())
}

/// Writes every column of a live row but its id and tenant. The caller has read the row inside the same
/// locked transaction (MySQL counts only changed rows, so the affected count cannot tell "missing").
pub async fn update<C: ConnectionTrait>(db: &C, kind: Kind<'_>, r: &Row) -> Result<(), AppError> {
    update_live(db, kind, &[r.id], columns(r)).await?;
    Ok(())
}

/// Sets the code of the listed live rows (a dictionary's items follow its top row's code).
pub async fn set_code<C: ConnectionTrait>(db: &C, kind: Kind<'_>, ids: &[i64], code: &str) -> Result<(), AppError> {
    if ids.is_empty() {
        return Ok(());
    }
    update_live(db, kind, ids, dict::ActiveModel { code: Set(code.into()), ..Default::default() }).await?;
    Ok(())
}

pub async fn soft_delete<C: ConnectionTrait>(db: &C, kind: Kind<'_>, ids: &[i64]) -> Result<u64, AppError> {
    update_live(db, kind, ids, dict::ActiveModel { is_deleted: Set(1), ..Default::default() }).await
}
