//! OAuth client administration (api-contract §4.11), for the platform administrator alone. Secrets are
//! stored as the salted hash the gateway and the token endpoint verify, and are never answered. The client
//! the SPA signs in with cannot be removed or renamed. Changes reach the token endpoint and the gateway
//! when their short client caches expire (ten seconds).
pub mod form;
pub mod repo;
pub mod view;

use chrono::Utc;
use keeper_client::dto::OAuthClient;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use keeper_security::password::hash_client_secret;
use sea_orm::{ActiveValue::Set, DatabaseConnection, TransactionTrait};

use crate::entity::client;
use form::ClientInput;
use view::ClientView;

/// The client the SPA signs in with (seeded).
pub const SPA_CLIENT: &str = "sword";
pub const SPA_CLIENT_KEPT: &str = "应用 sword 供前端登录使用,不能删除!";
pub const SPA_CLIENT_RENAMED: &str = "应用 sword 供前端登录使用,不能修改客户端ID";
pub const ID_TAKEN: &str = "当前客户端ID已存在!";
/// Columns `client/list` may sort by (wire names in snake or camel case).
pub const SORTABLE: &[&str] = &["client_id", "create_time", "update_time", "access_token_validity", "refresh_token_validity"];

pub async fn list(db: &DatabaseConnection, client_id: Option<&str>, req: &PageRequest) -> Result<Page<ClientView>, AppError> {
    Ok(repo::page(db, client_id, req).await?.map(ClientView::from))
}

pub async fn detail(db: &DatabaseConnection, id: i64) -> Result<ClientView, AppError> {
    Ok(repo::live_by_id(db, id).await?.ok_or_else(AppError::not_found)?.into())
}

/// The enabled client `client_id` as the token endpoint and the gateway check it; none when unknown or disabled.
pub async fn for_sign_in(db: &DatabaseConnection, client_id: &str) -> Result<Option<OAuthClient>, AppError> {
    Ok(repo::enabled(db, client_id).await?.map(OAuthClient::from))
}

/// Creates a client when the input has no id, updates it otherwise (an empty secret keeps the stored one);
/// answers its id.
pub async fn submit(db: &DatabaseConnection, me: &CurrentUser, input: ClientInput) -> Result<i64, AppError> {
    let txn = db.begin().await?;
    // Client writers queue on the platform tenant's row, so live client ids stay unique without a unique
    // index (deleted rows keep theirs).
    crate::tenant_lock::lock(&txn, PLATFORM_TENANT).await?;
    let current = match input.id {
        Some(id) => Some(repo::live_by_id(&txn, id).await?.ok_or_else(AppError::not_found)?),
        None => None,
    };
    if current.as_ref().is_some_and(|c| c.client_id == SPA_CLIENT && input.client_id != SPA_CLIENT) {
        return Err(AppError::field("clientId", SPA_CLIENT_RENAMED));
    }
    if repo::id_taken(&txn, &input.client_id, current.as_ref().map(|c| c.id)).await? {
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
            repo::update(&txn, c.id, row).await?;
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
            repo::insert(&txn, row).await?;
            id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Soft-deletes live clients; never the SPA's own.
pub async fn remove(db: &DatabaseConnection, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let rows = repo::live_among(db, ids).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if rows.iter().any(|c| c.client_id == SPA_CLIENT) {
        return Err(AppError::bad(SPA_CLIENT_KEPT));
    }
    repo::remove(db, ids, me.user_id, Utc::now()).await?;
    Ok(ids.len())
}
