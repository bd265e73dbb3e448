//! Storage of attachment links: every query takes the tenant; which owner the caller may reach is decided
//! before (in `mod.rs`, through the project's scope).
use keeper_common::AppError;
use keeper_db::base::BaseColumns;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::attachment;

/// What `owner_id` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OwnerKind {
    Project,
    Report,
    /// A notice's files (通知公告); `project_id` is 0.
    Notice,
}

impl OwnerKind {
    pub fn code(self) -> &'static str {
        match self {
            OwnerKind::Project => "project",
            OwnerKind::Report => "report",
            OwnerKind::Notice => "notice",
        }
    }

    pub fn of_code(code: &str) -> Option<OwnerKind> {
        [OwnerKind::Project, OwnerKind::Report, OwnerKind::Notice].into_iter().find(|k| k.code() == code)
    }
}

/// The live links of one owner, by category, oldest first.
pub async fn of_owner<C: ConnectionTrait>(db: &C, tenant: &str, kind: OwnerKind, owner: i64) -> Result<Vec<attachment::Model>, AppError> {
    Ok(attachment::Entity::live(tenant)
        .filter(attachment::Column::OwnerKind.eq(kind.code()))
        .filter(attachment::Column::OwnerId.eq(owner))
        .order_by_asc(attachment::Column::Category)
        .order_by_asc(attachment::Column::CreateTime)
        .order_by_asc(attachment::Column::Id)
        .all(db)
        .await?)
}

/// Whether `owner` has a live file of one of `categories`.
pub async fn has_any<C: ConnectionTrait>(db: &C, tenant: &str, kind: OwnerKind, owner: i64, categories: &[&str]) -> Result<bool, AppError> {
    Ok(attachment::Entity::live(tenant)
        .filter(attachment::Column::OwnerKind.eq(kind.code()))
        .filter(attachment::Column::OwnerId.eq(owner))
        .filter(attachment::Column::Category.is_in(categories.iter().copied()))
        .one(db)
        .await?
        .is_some())
}

/// The live links among `ids`.
pub async fn live<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<attachment::Model>, AppError> {
    Ok(attachment::Entity::live(tenant).filter(attachment::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

pub async fn insert<C: ConnectionTrait>(db: &C, rows: Vec<attachment::ActiveModel>) -> Result<(), AppError> {
    if !rows.is_empty() {
        attachment::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Applies the set columns of `changes` to the listed live links of the tenant; answers how many.
pub async fn update<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64], changes: attachment::ActiveModel) -> Result<u64, AppError> {
    let done = attachment::Entity::update_many()
        .set(changes)
        .filter(attachment::Column::Id.is_in(ids.to_vec()))
        .filter(attachment::Column::TenantId.eq(tenant))
        .filter(attachment::Column::IsDeleted.eq(keeper_db::base::LIVE))
        .exec(db)
        .await?;
    Ok(done.rows_affected)
}
