//! Top menus (api-contract §4.2): each tenant's own bar of menu groups, and the side menus attached to
//! each (`sys_top_menu_setting`). Always confined to the caller's tenant, the platform's included; another
//! tenant's top menu answers 404 like a missing one.
use schemars::JsonSchema;
use std::collections::HashSet;

use chrono::Utc;
use keeper_common::AppError;
use keeper_common::fields::{id, text};
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_db::base::{self, Author, BaseColumns};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::entity::{top_menu, top_menu_setting};
use crate::menus::form::{MENU, identifier, int};
use crate::roles::form::id_list;
use crate::state::AppState;
use crate::tenant_lock::lock as lock_tenant;

/// Columns `topmenu/list` may sort by.
pub const SORTABLE: &[&str] = &["sort", "code", "name", "create_time"];
pub const GRANT_TOO_WIDE: &str = "不能配置超出本人权限的菜单!";

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopMenuView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub code: String,
    pub name: String,
    pub source: String,
    pub path: String,
    pub sort: i32,
    pub status: i32,
    pub is_deleted: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: chrono::DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: chrono::DateTime<Utc>,
}

fn view(t: top_menu::Model) -> TopMenuView {
    TopMenuView {
        id: t.id,
        tenant_id: t.tenant_id,
        code: t.code,
        name: t.name,
        source: t.source,
        path: t.path,
        sort: t.sort,
        status: t.status,
        is_deleted: t.is_deleted,
        create_time: t.create_time,
        update_time: t.update_time,
    }
}

/// Every listed top menu of the tenant, or 404.
async fn pick<C: ConnectionTrait>(db: &C, tenant: &str, ids: &[i64]) -> Result<Vec<top_menu::Model>, AppError> {
    let rows = top_menu::Entity::live(tenant).filter(top_menu::Column::Id.is_in(ids.to_vec())).all(db).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

fn sort_column(name: &str) -> top_menu::Column {
    match name {
        "code" => top_menu::Column::Code,
        "name" => top_menu::Column::Name,
        "create_time" => top_menu::Column::CreateTime,
        _ => top_menu::Column::Sort,
    }
}

#[derive(Debug, Default)]
pub struct Filter {
    pub code: Option<String>,
    pub name: Option<String>,
}

/// Every live top menu of the caller's tenant in its order: the header's menu bar (`menu/top-menu`).
pub async fn all(state: &AppState, me: &CurrentUser) -> Result<Vec<top_menu::Model>, AppError> {
    Ok(top_menu::Entity::live(&me.tenant_id).order_by_asc(top_menu::Column::Sort).all(&state.db).await?)
}

pub async fn list(state: &AppState, me: &CurrentUser, f: Filter, req: PageRequest) -> Result<Page<TopMenuView>, AppError> {
    let mut q = top_menu::Entity::live(&me.tenant_id);
    for (col, v) in [(top_menu::Column::Code, &f.code), (top_menu::Column::Name, &f.name)] {
        if let Some(v) = v {
            q = q.filter(col.like(keeper_common::fields::like(v)));
        }
    }
    let page =
        keeper_db::page(&state.db, q, &req, sort_column, |q| q.order_by_asc(top_menu::Column::Sort).order_by_asc(top_menu::Column::Id))
            .await?;
    Ok(page.map(view))
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<TopMenuView, AppError> {
    Ok(view(pick(&state.db, &me.tenant_id, &[id]).await?.remove(0)))
}

/// A checked `topmenu/submit` body.
#[derive(Debug)]
pub struct TopMenuInput {
    pub id: Option<i64>,
    pub code: String,
    pub name: String,
    pub source: String,
    pub path: String,
    pub sort: i32,
}

impl TopMenuInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<TopMenuInput, AppError> {
        let code = text(body, "code", 64, true)?;
        identifier("code", &code)?;
        Ok(TopMenuInput {
            id: id(body, "id")?,
            code,
            name: text(body, "name", 64, true)?,
            source: text(body, "source", 255, false)?,
            path: text(body, "path", 255, false)?,
            sort: int(body, "sort", 0, 0..=99_999)?,
        })
    }
}

/// Creates or updates a top menu of the caller's tenant; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, input: TopMenuInput) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    if let Some(id) = input.id {
        pick(&txn, tenant, &[id]).await?;
    }
    let taken = top_menu::Entity::live(tenant)
        .filter(top_menu::Column::Code.eq(input.code.as_str()))
        .all(&txn)
        .await?
        .into_iter()
        .any(|t| Some(t.id) != input.id);
    if taken {
        return Err(AppError::field("code", format!("顶部菜单编号 [{}] 已存在!", input.code)));
    }
    let who = Author::of(me);
    let mut row = top_menu::ActiveModel {
        code: Set(input.code),
        name: Set(input.name),
        source: Set(input.source),
        path: Set(input.path),
        sort: Set(input.sort),
        ..Default::default()
    };
    let id = match input.id {
        None => {
            let id = next_id();
            base::created::<top_menu::Entity>(&mut row, id, &who);
            top_menu::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
        Some(id) => {
            base::updated::<top_menu::Entity>(&mut row, &who);
            top_menu::Entity::update_many()
                .set(row)
                .filter(top_menu::Column::Id.eq(id))
                .filter(top_menu::Column::TenantId.eq(tenant))
                .exec(&txn)
                .await?;
            id
        }
    };
    txn.commit().await?;
    state.menus.invalidate();
    Ok(id)
}

/// Soft-deletes top menus of the caller's tenant with their settings.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    pick(&txn, tenant, ids).await?;
    top_menu::Entity::update_many()
        .set(base::removal::<top_menu::Entity>(&Author::of(me)))
        .filter(top_menu::Column::Id.is_in(ids.to_vec()))
        .filter(top_menu::Column::TenantId.eq(tenant))
        .exec(&txn)
        .await?;
    top_menu_setting::Entity::delete_many().filter(top_menu_setting::Column::TopMenuId.is_in(ids.to_vec())).exec(&txn).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(ids.len())
}

/// A checked `topmenu/grant` body.
#[derive(Debug)]
pub struct GrantInput {
    pub top_menu_ids: Vec<i64>,
    pub menu_ids: Vec<i64>,
}

impl GrantInput {
    pub fn from_json(body: &Map<String, Value>) -> Result<GrantInput, AppError> {
        let top_menu_ids = id_list("topMenuIds", body.get("topMenuIds"))?;
        if top_menu_ids.is_empty() {
            return Err(AppError::field("topMenuIds", "不能为空"));
        }
        Ok(GrantInput { top_menu_ids, menu_ids: id_list("menuIds", body.get("menuIds"))? })
    }
}

/// Replaces the side menus of top menus with `menu_ids`: category-1 menus the caller may see.
pub async fn grant(state: &AppState, me: &CurrentUser, input: GrantInput) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    pick(&state.db, tenant, &input.top_menu_ids).await?;
    let all = state.menus.all().await?;
    for m in &input.menu_ids {
        match all.iter().find(|x| x.id == *m) {
            None => return Err(AppError::field("menuIds", format!("菜单不存在: {m}"))),
            Some(x) if x.category != MENU => return Err(AppError::field("menuIds", crate::menus::MENUS_ONLY)),
            Some(_) => {}
        }
    }
    let visible: HashSet<i64> = crate::menus::visible_menus(state, me).await?.into_iter().map(|m| m.id).collect();
    if input.menu_ids.iter().any(|m| !visible.contains(m)) {
        return Err(AppError::Forbidden(GRANT_TOO_WIDE.into()));
    }
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    // Checked again under the lock: a top menu removed meanwhile must not get settings back.
    pick(&txn, tenant, &input.top_menu_ids).await?;
    top_menu_setting::Entity::delete_many()
        .filter(top_menu_setting::Column::TopMenuId.is_in(input.top_menu_ids.clone()))
        .exec(&txn)
        .await?;
    let rows: Vec<top_menu_setting::ActiveModel> = input
        .top_menu_ids
        .iter()
        .flat_map(|t| input.menu_ids.iter().map(move |m| (*t, *m)))
        .map(|(t, m)| top_menu_setting::ActiveModel { id: Set(next_id()), top_menu_id: Set(t), menu_id: Set(m) })
        .collect();
    for chunk in rows.chunks(500) {
        top_menu_setting::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    txn.commit().await?;
    state.menus.invalidate();
    Ok(input.top_menu_ids.len())
}

/// The live menus attached to top menus of the caller's tenant (404 for another tenant's).
pub async fn attached(state: &AppState, me: &CurrentUser, top_menu_ids: &[i64]) -> Result<HashSet<i64>, AppError> {
    pick(&state.db, &me.tenant_id, top_menu_ids).await?;
    let live: HashSet<i64> = state.menus.all().await?.iter().map(|m| m.id).collect();
    Ok(top_menu_setting::Entity::find()
        .filter(top_menu_setting::Column::TopMenuId.is_in(top_menu_ids.to_vec()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|s| s.menu_id)
        .filter(|m| live.contains(m))
        .collect())
}

/// `menu/top-tree-keys`: the menu ids attached to those top menus.
pub async fn tree_keys(state: &AppState, me: &CurrentUser, top_menu_ids: &[i64]) -> Result<Value, AppError> {
    let mut ids: Vec<i64> = attached(state, me, top_menu_ids).await?.into_iter().collect();
    ids.sort_unstable();
    Ok(json!({ "menu": ids.into_iter().map(|i| i.to_string()).collect::<Vec<_>>() }))
}
