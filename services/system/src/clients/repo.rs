//! Queries of `sys_client`. Clients belong to the platform, not to a tenant: "live" means not soft-deleted.
use chrono::{DateTime, Utc};
use keeper_common::AppError;
use keeper_common::fields;
use keeper_common::page::{Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Select};

use crate::entity::client;

fn live() -> Select<client::Entity> {
    client::Entity::find().filter(client::Column::IsDeleted.eq(0))
}

fn sort_column(name: &str) -> client::Column {
    match name {
        "create_time" => client::Column::CreateTime,
        "update_time" => client::Column::UpdateTime,
        "access_token_validity" => client::Column::AccessTokenValidity,
        "refresh_token_validity" => client::Column::RefreshTokenValidity,
        _ => client::Column::ClientId,
    }
}

/// One page of the live clients whose client id contains `client_id`, by client id unless sorted.
pub async fn page<C: ConnectionTrait>(db: &C, client_id: Option<&str>, req: &PageRequest) -> Result<Page<client::Model>, AppError> {
    let mut q = live();
    if let Some(v) = client_id {
        q = q.filter(client::Column::ClientId.like(fields::like(v)));
    }
    Ok(keeper_db::page(db, q, req, sort_column, |q| q.order_by_asc(client::Column::ClientId).order_by_asc(client::Column::Id)).await?)
}

/// The live clients among `ids`.
pub async fn live_among<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<Vec<client::Model>, AppError> {
    Ok(live().filter(client::Column::Id.is_in(ids.to_vec())).all(db).await?)
}

pub async fn live_by_id<C: ConnectionTrait>(db: &C, id: i64) -> Result<Option<client::Model>, AppError> {
    Ok(live().filter(client::Column::Id.eq(id)).one(db).await?)
}

/// The live client `client_id` if it is enabled.
pub async fn enabled<C: ConnectionTrait>(db: &C, client_id: &str) -> Result<Option<client::Model>, AppError> {
    Ok(live().filter(client::Column::ClientId.eq(client_id)).filter(client::Column::Status.eq(1)).one(db).await?)
}

/// Whether a live client other than `except` already uses `client_id`.
pub async fn id_taken<C: ConnectionTrait>(db: &C, client_id: &str, except: Option<i64>) -> Result<bool, AppError> {
    let mut q = live().filter(client::Column::ClientId.eq(client_id));
    if let Some(id) = except {
        q = q.filter(client::Column::Id.ne(id));
    }
    Ok(q.count(db).await? > 0)
}

pub async fn insert<C: ConnectionTrait>(db: &C, row: client::ActiveModel) -> Result<(), AppError> {
    client::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Applies the set columns of `changes` to one live client.
pub async fn update<C: ConnectionTrait>(db: &C, id: i64, changes: client::ActiveModel) -> Result<(), AppError> {
    client::Entity::update_many().set(changes).filter(client::Column::Id.eq(id)).filter(client::Column::IsDeleted.eq(0)).exec(db).await?;
    Ok(())
}

/// Soft-deletes the listed clients, stamped with who removed them and when. `sys_client` has no tenant
/// column, so it is not a `keeper_db::base` entity and is stamped here.
pub async fn remove<C: ConnectionTrait>(db: &C, ids: &[i64], by: i64, at: DateTime<Utc>) -> Result<(), AppError> {
    client::Entity::update_many()
        .set(client::ActiveModel { is_deleted: Set(1), update_user: Set(Some(by)), update_time: Set(at), ..Default::default() })
        .filter(client::Column::Id.is_in(ids.to_vec()))
        .exec(db)
        .await?;
    Ok(())
}
