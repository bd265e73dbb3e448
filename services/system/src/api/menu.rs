//! Menus the signed-in user may reach: `menu/routes`, `menu/buttons`, `menu/top-menu` (api-contract §4.1).
use std::collections::{HashMap, HashSet};

use actix_web::web;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::entity::{menu, top_menu, top_menu_setting};
use crate::state::{AppState, granted_menu_ids};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/menu/routes", web::get().to(routes_tree))
        .route("/menu/buttons", web::get().to(buttons))
        .route("/menu/top-menu", web::get().to(top_menus));
}

#[derive(Debug, Serialize, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    pub code: String,
    pub name: String,
    pub alias: String,
    pub path: String,
    pub source: String,
    pub sort: i32,
    pub category: i32,
    pub action: i32,
    pub is_open: i32,
    pub remark: String,
    pub is_deleted: i32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<MenuNode>,
}

impl From<&menu::Model> for MenuNode {
    fn from(m: &menu::Model) -> Self {
        MenuNode {
            id: m.id,
            parent_id: m.parent_id,
            code: m.code.clone(),
            name: m.name.clone(),
            alias: m.alias.clone(),
            path: m.path.clone(),
            source: m.source.clone(),
            sort: m.sort,
            category: m.category,
            action: m.action,
            is_open: m.is_open,
            remark: m.remark.clone(),
            is_deleted: m.is_deleted,
            children: vec![],
        }
    }
}

/// Builds the forest: a node is a root when its parent is not in the set. `rows` are already sorted.
pub fn forest(rows: &[&menu::Model]) -> Vec<MenuNode> {
    let ids: HashSet<i64> = rows.iter().map(|m| m.id).collect();
    let mut children: HashMap<i64, Vec<&menu::Model>> = HashMap::new();
    let mut roots = Vec::new();
    for m in rows {
        if m.parent_id != 0 && ids.contains(&m.parent_id) {
            children.entry(m.parent_id).or_default().push(m);
        } else {
            roots.push(*m);
        }
    }
    fn build(m: &menu::Model, children: &HashMap<i64, Vec<&menu::Model>>) -> MenuNode {
        let mut node = MenuNode::from(m);
        node.children = children.get(&m.id).map(|cs| cs.iter().map(|c| build(c, children)).collect()).unwrap_or_default();
        node
    }
    roots.into_iter().map(|m| build(m, &children)).collect()
}

/// Adds every ancestor of the chosen ids.
fn with_ancestors(chosen: &HashSet<i64>, all: &[menu::Model]) -> HashSet<i64> {
    let parent: HashMap<i64, i64> = all.iter().map(|m| (m.id, m.parent_id)).collect();
    let mut out = chosen.clone();
    for id in chosen {
        let mut cur = *id;
        while let Some(p) = parent.get(&cur).copied().filter(|p| *p != 0) {
            if !out.insert(p) {
                break;
            }
            cur = p;
        }
    }
    out
}

/// The menu and button ids the user's roles reach (the platform administrator reaches all).
async fn reachable(state: &AppState, user: &CurrentUser, all: &[menu::Model]) -> Result<HashSet<i64>, AppError> {
    if user.is_administrator() {
        return Ok(all.iter().map(|m| m.id).collect());
    }
    granted_menu_ids(&state.db, &user.tenant_id, &user.role_ids).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RoutesQuery {
    top_menu_id: Option<String>,
}

async fn routes_tree(state: web::Data<AppState>, user: CurrentUser, q: web::Query<RoutesQuery>) -> Result<R<Vec<MenuNode>>, AppError> {
    let all = state.menus.all().await?;
    let mut ids = with_ancestors(&reachable(&state, &user, &all).await?, &all);
    if let Some(top) = q.top_menu_id.as_deref().filter(|s| !s.trim().is_empty()) {
        let top = keeper_common::id::parse(top).ok_or_else(|| AppError::field("topMenuId", "不是有效的ID"))?;
        let owned = top_menu::Entity::find_by_id(top)
            .filter(top_menu::Column::TenantId.eq(user.tenant_id.as_str()))
            .filter(top_menu::Column::IsDeleted.eq(0))
            .one(&state.db)
            .await?
            .ok_or_else(AppError::not_found)?;
        let attached: HashSet<i64> = top_menu_setting::Entity::find()
            .filter(top_menu_setting::Column::TopMenuId.eq(owned.id))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|s| s.menu_id)
            .collect();
        // A top menu lists sub-trees: keep granted menus under an attached one, with their ancestors.
        let under = keeper_common::tree::with_descendants(attached, all.iter().map(|m| (m.id, m.parent_id)));
        ids = with_ancestors(&ids.intersection(&under).copied().collect(), &all);
    }
    let rows: Vec<&menu::Model> = all.iter().filter(|m| m.category == 1 && ids.contains(&m.id)).collect();
    Ok(R::data(forest(&rows)))
}

/// Each menu that has granted buttons, with those buttons as its children (a flat list of menus).
async fn buttons(state: web::Data<AppState>, user: CurrentUser) -> Result<R<Vec<MenuNode>>, AppError> {
    let all = state.menus.all().await?;
    let ids = reachable(&state, &user, &all).await?;
    let buttons: Vec<&menu::Model> = all.iter().filter(|m| m.category == 2 && ids.contains(&m.id)).collect();
    let parents: HashSet<i64> = buttons.iter().map(|b| b.parent_id).collect();
    let mut out: Vec<MenuNode> = all.iter().filter(|m| parents.contains(&m.id)).map(MenuNode::from).collect();
    for node in &mut out {
        node.children = buttons.iter().filter(|b| b.parent_id == node.id).map(|b| MenuNode::from(*b)).collect();
    }
    Ok(R::data(out))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TopMenuView {
    #[serde(with = "keeper_common::id::as_string")]
    id: i64,
    code: String,
    name: String,
    source: String,
    path: String,
    sort: i32,
}

async fn top_menus(state: web::Data<AppState>, user: CurrentUser) -> Result<R<Vec<TopMenuView>>, AppError> {
    let rows = top_menu::Entity::find()
        .filter(top_menu::Column::TenantId.eq(user.tenant_id.as_str()))
        .filter(top_menu::Column::IsDeleted.eq(0))
        .order_by_asc(top_menu::Column::Sort)
        .all(&state.db)
        .await?;
    Ok(R::data(
        rows.into_iter()
            .map(|t| TopMenuView { id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort })
            .collect(),
    ))
}
