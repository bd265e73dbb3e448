//! Data-scope rules (`data-scope/*`, api-contract §4.12, §7.1): saved in the form `crate::scopes` applies
//! them. `resource_code` names what a repository filters (`user`, `enterprise`); type 2 restricts to rows the
//! user created; types 3 and 4 to the user's departments (and their descendants); type 5 to the departments
//! listed in `scope_value`, a comma-joined id list (never SQL).
use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value};

use super::form::{given, id, identifier, int, required, text};
use super::scope_rules::{self, DATA};
use crate::entity::scope_data;
use crate::state::AppState;

pub const OWN: i32 = 2;
pub const CUSTOM: i32 = 5;
/// The creator column every repository applies "own rows" to.
pub const CREATOR_COLUMN: &str = "create_user";

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DataScopeView {
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(with = "keeper_common::id::as_string")]
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_field: String,
    pub scope_class: String,
    pub scope_column: String,
    pub scope_type: i32,
    pub scope_type_name: String,
    pub scope_value: String,
    pub remark: String,
    pub status: i32,
    pub is_deleted: i32,
    #[serde(with = "keeper_common::time::local")]
    pub create_time: chrono::DateTime<Utc>,
    #[serde(with = "keeper_common::time::local")]
    pub update_time: chrono::DateTime<Utc>,
}

async fn views(state: &AppState, rows: Vec<scope_data::Model>) -> Result<Vec<DataScopeView>, AppError> {
    let names = super::view::dictionary(state, "data_scope_type").await?;
    let name = |t: i32| names.get(&t.to_string()).cloned().unwrap_or_default();
    Ok(rows
        .into_iter()
        .map(|r| DataScopeView {
            scope_type_name: name(r.scope_type),
            id: r.id,
            menu_id: r.menu_id,
            resource_code: r.resource_code,
            scope_name: r.scope_name,
            scope_field: r.scope_field,
            scope_class: r.scope_class,
            scope_column: r.scope_column,
            scope_type: r.scope_type,
            scope_value: r.scope_value,
            remark: r.remark,
            status: r.status,
            is_deleted: r.is_deleted,
            create_time: r.create_time,
            update_time: r.update_time,
        })
        .collect())
}

fn sort_column(name: &str) -> scope_data::Column {
    match name {
        "scope_name" => scope_data::Column::ScopeName,
        "resource_code" => scope_data::Column::ResourceCode,
        "scope_type" => scope_data::Column::ScopeType,
        _ => scope_data::Column::CreateTime,
    }
}

pub async fn list(state: &AppState, menu_id: Option<i64>, req: PageRequest) -> Result<Page<DataScopeView>, AppError> {
    let mut q = scope_data::Entity::find().filter(scope_data::Column::IsDeleted.eq(0));
    if let Some(m) = menu_id {
        q = q.filter(scope_data::Column::MenuId.eq(m));
    }
    let total = q.clone().count(&state.db).await?;
    let Some(offset) = scope_rules::offset(&req, total) else {
        return Ok(Page::new(vec![], total, &req));
    };
    for (col, asc) in &req.sort {
        q = q.order_by(sort_column(col), if *asc { Order::Asc } else { Order::Desc });
    }
    let rows = q
        .order_by_asc(scope_data::Column::CreateTime)
        .order_by_asc(scope_data::Column::Id)
        .offset(offset)
        .limit(req.size)
        .all(&state.db)
        .await?;
    Ok(Page::new(views(state, rows).await?, total, &req))
}

async fn live(state: &AppState, ids: &[i64]) -> Result<Vec<scope_data::Model>, AppError> {
    let rows = scope_data::Entity::find()
        .filter(scope_data::Column::Id.is_in(ids.to_vec()))
        .filter(scope_data::Column::IsDeleted.eq(0))
        .all(&state.db)
        .await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

pub async fn detail(state: &AppState, id: i64) -> Result<DataScopeView, AppError> {
    let rows = live(state, &[id]).await?;
    views(state, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// A checked `data-scope/submit` body.
#[derive(Debug)]
pub struct DataScopeInput {
    pub id: Option<i64>,
    pub menu_id: i64,
    pub resource_code: String,
    pub scope_name: String,
    pub scope_field: String,
    pub scope_class: String,
    pub scope_column: String,
    pub scope_type: i32,
    pub scope_value: String,
    pub remark: String,
}

impl DataScopeInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<DataScopeInput, AppError> {
        let menu_id = id(body, "menuId")?.ok_or_else(|| AppError::field("menuId", "不能为空"))?;
        let resource_code = required(body, "resourceCode", 255)?;
        identifier("resourceCode", &resource_code)?;
        if !given(body, "scopeType") {
            return Err(AppError::field("scopeType", "不能为空"));
        }
        let scope_type = int(body, "scopeType", 0, 1..=CUSTOM)?;
        let mut scope_column = text(body, "scopeColumn", 255)?;
        if scope_column.is_empty() {
            scope_column = if scope_type == OWN { CREATOR_COLUMN } else { "create_dept" }.into();
        }
        if !scope_column.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(AppError::field("scopeColumn", "只能包含字母、数字和 _"));
        }
        if scope_type == OWN && scope_column != CREATOR_COLUMN {
            return Err(AppError::field("scopeColumn", "本人可见的规则字段应为 create_user"));
        }
        let scope_value = text(body, "scopeValue", 2000)?;
        if scope_type == CUSTOM {
            // The resolver reads a custom rule as department ids; anything else would silently show nothing.
            match keeper_common::id::parse_list(&scope_value) {
                Ok(ids) if !ids.is_empty() => {}
                Ok(_) => return Err(AppError::field("scopeValue", "自定义规则不能为空")),
                Err(_) => return Err(AppError::field("scopeValue", "自定义规则应为以逗号分隔的机构ID")),
            }
        }
        let scope_field = text(body, "scopeField", 255)?;
        Ok(DataScopeInput {
            id: id(body, "id")?,
            menu_id,
            resource_code,
            scope_name: required(body, "scopeName", 255)?,
            scope_field: if scope_field.is_empty() { "*".into() } else { scope_field },
            scope_class: text(body, "scopeClass", 500)?,
            scope_column,
            scope_type,
            scope_value,
            remark: text(body, "remark", 255)?,
        })
    }
}

/// Creates or updates a rule; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, input: DataScopeInput) -> Result<i64, AppError> {
    if let Some(id) = input.id {
        live(state, &[id]).await?;
    }
    let txn = state.db.begin().await?;
    scope_rules::lock(&txn).await?;
    scope_rules::check_menu(&txn, input.menu_id).await?;
    let now = Utc::now();
    let row = scope_data::ActiveModel {
        menu_id: Set(input.menu_id),
        resource_code: Set(input.resource_code),
        scope_name: Set(input.scope_name),
        scope_field: Set(input.scope_field),
        scope_class: Set(input.scope_class),
        scope_column: Set(input.scope_column),
        scope_type: Set(input.scope_type),
        scope_value: Set(input.scope_value),
        remark: Set(input.remark),
        update_user: Set(Some(me.user_id)),
        update_time: Set(now),
        ..Default::default()
    };
    let id = match input.id {
        None => {
            let id = next_id();
            let row = scope_data::ActiveModel {
                id: Set(id),
                create_user: Set(Some(me.user_id)),
                create_dept: Set(me.dept_ids.first().copied()),
                create_time: Set(now),
                status: Set(1),
                is_deleted: Set(0),
                ..row
            };
            scope_data::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
        Some(id) => {
            let n = scope_data::Entity::update_many()
                .set(row)
                .filter(scope_data::Column::Id.eq(id))
                .filter(scope_data::Column::IsDeleted.eq(0))
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
    scope_data::Entity::update_many()
        .set(scope_data::ActiveModel {
            is_deleted: Set(1),
            update_user: Set(Some(me.user_id)),
            update_time: Set(Utc::now()),
            ..Default::default()
        })
        .filter(scope_data::Column::Id.is_in(ids.to_vec()))
        .exec(&txn)
        .await?;
    scope_rules::drop_grants(&txn, DATA, ids).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(ids.len())
}

/// The grant-tree nodes of the data-scope rules the caller may hand out.
pub async fn grant_nodes(state: &AppState, me: &CurrentUser) -> Result<Vec<crate::roles::view::TreeNode>, AppError> {
    let held = scope_rules::held(state, me, DATA).await?;
    let mut q = scope_data::Entity::find().filter(scope_data::Column::IsDeleted.eq(0));
    if let Some(ids) = &held {
        q = q.filter(scope_data::Column::Id.is_in(ids.iter().copied().collect::<Vec<_>>()));
    }
    let rules = q.order_by_asc(scope_data::Column::CreateTime).order_by_asc(scope_data::Column::Id).all(&state.db).await?;
    let menus = state.menus.all().await?;
    Ok(scope_rules::grant_nodes(
        &menus,
        rules.into_iter().map(|r| scope_rules::RuleNode { id: r.id, menu_id: r.menu_id, name: r.scope_name }).collect(),
    ))
}
