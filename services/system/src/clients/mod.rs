//! OAuth client administration (api-contract §4.11), for the platform administrator alone. Secrets are
//! stored as the salted hash the gateway and the token endpoint verify, and are never answered. The client
//! the SPA signs in with cannot be removed or renamed. Changes reach the token endpoint and the gateway
//! when their short client caches expire (ten seconds).
pub mod form;
pub mod view;

use chrono::Utc;
use keeper_client::dto::OAuthClient;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use keeper_security::password::hash_client_secret;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Select, TransactionTrait,
};

use crate::entity::client;
use form::ClientInput;
use keeper_common::fields;
use view::ClientView;

/// The client the SPA signs in with (seeded).
pub const SPA_CLIENT: &str = "sword";
pub const SPA_CLIENT_KEPT: &str = "应用 sword 供前端登录使用,不能删除!";
pub const SPA_CLIENT_RENAMED: &str = "应用 sword 供前端登录使用,不能修改客户端ID";
pub const ID_TAKEN: &str = "当前客户端ID已存在!";
/// Columns `client/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["client_id", "create_time", "update_time", "access_token_validity", "refresh_token_validity"];

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

pub async fn list(db: &DatabaseConnection, client_id: Option<&str>, req: &PageRequest) -> Result<Page<ClientView>, AppError> {
    let mut q = live();
    if let Some(v) = client_id {
        q = q.filter(client::Column::ClientId.like(fields::like(v)));
    }
    let page =
        keeper_db::page(db, q, req, sort_column, |q| q.order_by_asc(client::Column::ClientId).order_by_asc(client::Column::Id)).await?;
    Ok(page.map(ClientView::from))
}

pub async fn detail(db: &DatabaseConnection, id: i64) -> Result<ClientView, AppError> {
    Ok(live().filter(client::Column::Id.eq(id)).one(db).await?.ok_or_else(AppError::not_found)?.into())
}

/// The enabled client `client_id` as the token endpoint and the gateway check it; none when unknown or disabled.
pub async fn for_sign_in(db: &DatabaseConnection, client_id: &str) -> Result<Option<OAuthClient>, AppError> {
    let row = live().filter(client::Column::ClientId.eq(client_id)).filter(client::Column::Status.eq(1)).one(db).await?;
    Ok(row.map(OAuthClient::from))
}

/// Creates a client when the input has no id, updates it otherwise (an empty secret keeps the stored one);
/// answers its id.
pub async fn submit(db: &DatabaseConnection, me: &CurrentUser, input: ClientInput) -> Result<i64, AppError> {
    let txn = db.begin().await?;
    // Client writers queue on the platform tenant's row, so live client ids stay unique without a unique
    // index (deleted rows keep theirs).
    crate::tenant_lock::lock(&txn, PLATFORM_TENANT).await?;
    let current = match input.id {
        Some(id) => Some(live().filter(client::Column::Id.eq(id)).one(&txn).await?.ok_or_else(AppError::not_found)?),
        None => None,
    };
    if current.as_ref().is_some_and(|c| c.client_id == SPA_CLIENT && input.client_id != SPA_CLIENT) {
        return Err(AppError::field("clientId", SPA_CLIENT_RENAMED));
    }
    let mut taken = live().filter(client::Column::ClientId.eq(input.client_id.as_str()));
    if let Some(c) = &current {
        taken = taken.filter(client::Column::Id.ne(c.id));
    }
    if taken.count(&txn).await? > 0 {
        return Err(AppError::field("clientId", ID_TAKEN));
    }
    let secret = if input.client_secret.is_empty() { None } else { Some(hash_client_secret(&input.client_secret)) };
    let now = Utc::now();
    let mut row = client::ActiveModel {
        client_id: Set(input.client_id),
        resource_ids: Set(input.resource_ids),
        scope: Set(input.scope),
        authorized_grant_types: Set(input.authorized_grant_types),
        web_server_redirect_uri: Set(input.web_server_redirect_uri),
        authorities: Set(input.authorities),
        access_token_validity: Set(input.access_token_validity),
        refresh_token_validity: Set(input.refresh_token_validity),
        additional_information: Set(input.additional_information),
        autoapprove: Set(input.autoapprove),
        update_user: Set(Some(me.user_id)),
        update_time: Set(now),
        ..Default::default()
    };
    if let Some(s) = secret {
        row.client_secret = Set(s);
    }
    let id = match current {
        Some(c) => {
            client::Entity::update_many()
                .set(row)
                .filter(client::Column::Id.eq(c.id))
                .filter(client::Column::IsDeleted.eq(0))
                .exec(&txn)
                .await?;
            c.id
        }
        None => {
            let id = next_id();
            row.id = Set(id);
            row.create_user = Set(Some(me.user_id));
            row.create_dept = Set(me.dept_ids.first().copied());
            row.create_time = Set(now);
            row.status = Set(1);
            row.is_deleted = Set(0);
            client::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Soft-deletes live clients; never the SPA's own.
pub async fn remove(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let rows = live().filter(client::Column::Id.is_in(ids.to_vec())).all(db).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if rows.iter().any(|c| c.client_id == SPA_CLIENT) {
        return Err(AppError::bad(SPA_CLIENT_KEPT));
    }
    client::Entity::update_many()
        .set(client::ActiveModel {
            is_deleted: Set(1),
            update_user: Set(Some(me.user_id)),
            update_time: Set(Utc::now()),
            ..Default::default()
        })
        .filter(client::Column::Id.is_in(ids.to_vec()))
        .exec(db)
        .await?;
    Ok(ids.len())
}
