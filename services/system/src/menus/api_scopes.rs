//! API-scope rules (`api-scope/*`, api-contract §4.12, §7.2): a named URL fragment (`scope_path`) under a
//! menu, granted to roles. `scope_type` (1 system, 2 business interface) is a label only.
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value};

use super::form::{given, id, identifier, int, required, text};
use super::scope_rules::{self, API};
use crate::entity::scope_api;
use crate::state::AppState;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiScopeView {
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(with = "keeper_common::id::as_string")]
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_path: String,
    pub scope_type: i32,
    pub scope_type_name: String,
    pub remark: String,
    pub status: i32,
    pub is_deleted: i32,
    #[serde(with = "keeper_common::time::local")]
    pub create_time: chrono::DateTime<Utc>,
    #[serde(with = "keeper_common::time::local")]
    pub update_time: chrono::DateTime<Utc>,
}

async fn views(state: &AppState, rows: Vec<scope_api::Model>) -> Result<Vec<ApiScopeView>, AppError> {
    let names = super::view::dictionary(state, "api_scope_type").await?;
    let name = |t: i32| names.get(&t.to_string()).cloned().unwrap_or_default();
    Ok(rows
        .into_iter()
        .map(|r| ApiScopeView {
            scope_type_name: name(r.scope_type),
            id: r.id,
            menu_id: r.menu_id,
            resource_code: r.resource_code,
            scope_name: r.scope_name,
            scope_path: r.scope_path,
            scope_type: r.scope_type,
            remark: r.remark,
            status: r.status,
            is_deleted: r.is_deleted,
            create_time: r.create_time,
            update_time: r.update_time,
        })
        .collect())
}

fn sort_column(name: &str) -> scope_api::Column {
    match name {
        "scope_name" => scope_api::Column::ScopeName,
        "resource_code" => scope_api::Column::ResourceCode,
        "scope_type" => scope_api::Column::ScopeType,
        _ => scope_api::Column::CreateTime,
    }
}

pub async fn list(state: &AppState, menu_id: Option<i64>, req: PageRequest) -> Result<Page<ApiScopeView>, AppError> {
    let mut q = scope_api::Entity::find().filter(scope_api::Column::IsDeleted.eq(0));
    if let Some(m) = menu_id {
        q = q.filter(scope_api::Column::MenuId.eq(m));
    }
    let total = q.clone().count(&state.db).await?;
    let Some(offset) = scope_rules::offset(&req, total) else {
        return Ok(Page::new(vec![], total, &req));
    };
    for (col, asc) in &req.sort {
        q = q.order_by(sort_column(col), if *asc { Order::Asc } else { Order::Desc });
    }
    let rows = q
        .order_by_asc(scope_api::Column::CreateTime)
        .order_by_asc(scope_api::Column::Id)
        .offset(offset)
        .limit(req.size)
        .all(&state.db)
        .await?;
    Ok(Page::new(views(state, rows).await?, total, &req))
}

async fn live(state: &AppState, ids: &[i64]) -> Result<Vec<scope_api::Model>, AppError> {
    let rows = scope_api::Entity::find()
        .filter(scope_api::Column::Id.is_in(ids.to_vec()))
        .filter(scope_api::Column::IsDeleted.eq(0))
        .all(&state.db)
        .await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

pub async fn detail(state: &AppState, id: i64) -> Result<ApiScopeView, AppError> {
    let rows = live(state, &[id]).await?;
    views(state, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// A checked `api-scope/submit` body.
#[derive(Debug)]
pub struct ApiScopeInput {
    pub id: Option<i64>,
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_path: String,
    pub scope_type: i32,
    pub remark: String,
}

impl ApiScopeInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<ApiScopeInput, AppError> {
        let menu_id = id(body, "menuId")?.ok_or_else(|| AppError::field("menuId", "不能为空"))?;
        let resource_code = required(body, "resourceCode", 255)?;
        identifier("resourceCode", &resource_code)?;
        if !given(body, "scopeType") {
            return Err(AppError::field("scopeType", "不能为空"));
        }
        let scope_path = required(body, "scopePath", 255)?;
        if scope_path.chars().any(char::is_whitespace) {
            return Err(AppError::field("scopePath", "不能包含空白字符"));
        }
        Ok(ApiScopeInput {
            id: id(body, "id")?,
            menu_id,
            resource_code,
            scope_name: required(body, "scopeName", 255)?,
            scope_path,
            scope_type: int(body, "scopeType", 0, 1..=2)?,
            remark: text(body, "remark", 255)?,
        })
    }
}

/// Creates or updates a rule; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, input: ApiScopeInput) -> Result<i64, AppError> {
    if let Some(id) = input.id {
        live(state, &[id]).await?;
    }
    let txn = state.db.begin().await?;
    scope_rules::lock(&txn).await?;
    scope_rules::check_menu(&txn, input.menu_id).await?;
    let now = Utc::now();
    let row = scope_api::ActiveModel {
        menu_id: Set(input.menu_id),
        resource_code: Set(input.resource_code),
        scope_name: Set(input.scope_name),
        scope_path: Set(input.scope_path),
        scope_type: Set(input.scope_type),
        remark: Set(input.remark),
        update_user: Set(Some(me.user_id)),
        update_time: Set(now),
        ..Default::default()
    };
    let id = match input.id {
        None => {
            let id = next_id();
            let row = scope_api::ActiveModel {
                id: Set(id),
                create_user: Set(Some(me.user_id)),
                create_dept: Set(me.dept_ids.first().copied()),
                create_time: Set(now),
                status: Set(1),
                is_deleted: Set(0),
                ..row
            };
            scope_api::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
        Some(id) => {
            let n = scope_api::Entity::update_many()
                .set(row)
                .filter(scope_api::Column::Id.eq(id))
                .filter(scope_api::Column::IsDeleted.eq(0))
                .exec(&txn)
                .await?
                .rows_affected;
            if n == 0 {
                return Err(AppError::not_found());
            }
            id
        }
    };
    txn.commit().await?;
    state.menus.invalidate();
    Ok(id)
}

/// Soft-deletes rules and takes them from every role.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    live(state, ids).await?;
    let txn = state.db.begin().await?;
    scope_rules::lock(&txn).await?;
    scope_api::Entity::update_many()
        .set(scope_api::ActiveModel {
            is_deleted: Set(1),
            update_user: Set(Some(me.user_id)),
            update_time: Set(Utc::now()),
            ..Default::default()
        })
        .filter(scope_api::Column::Id.is_in(ids.to_vec()))
        .exec(&txn)
        .await?;
    scope_rules::drop_grants(&txn, API, ids).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(ids.len())
}

/// The grant-tree nodes of the API-scope rules the caller may hand out.
pub async fn grant_nodes(state: &AppState, me: &CurrentUser) -> Result<Vec<crate::roles::view::TreeNode>, AppError> {
    let held = scope_rules::held(state, me, API).await?;
    let mut q = scope_api::Entity::find().filter(scope_api::Column::IsDeleted.eq(0));
    if let Some(ids) = &held {
        q = q.filter(scope_api::Column::Id.is_in(ids.iter().copied().collect::<Vec<_>>()));
    }
    let rules = q.order_by_asc(scope_api::Column::CreateTime).order_by_asc(scope_api::Column::Id).all(&state.db).await?;
    let menus = state.menus.all().await?;
    Ok(scope_rules::grant_nodes(
        &menus,
        rules.into_iter().map(|r| scope_rules::RuleNode { id: r.id, menu_id: r.menu_id, name: r.scope_name }).collect(),
    ))
}
