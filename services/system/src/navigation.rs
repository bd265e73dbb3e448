//! What a signed-in user reaches (api-contract §4.1): `menu/routes`, the menu tree their roles open, and
//! `menu/buttons`, the buttons granted under each menu.
//!
//! Every page load of every user asks for both, and the answer depends only on the menus, the tenant's
//! grants and top menus, and the caller's tenant and role set: so each answer is built and serialised once
//! per (menu generation, tenant, role set, top menu) and kept with the menus (`MenuCache::answers`). A
//! hit costs no query, no tree walk and no serialisation.
use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::envelope::Rendered;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use serde::Serialize;

use crate::entity::menu;
use crate::menus::form::{BUTTON, MENU};
use crate::menus::with_ancestors;
use crate::state::{AppState, granted_menu_ids};

#[derive(Debug, Serialize, Clone, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuNode {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
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

/// The rows (already in display order) as a tree: a row whose parent is not among them is a root.
fn forest(rows: &[&menu::Model]) -> Vec<MenuNode> {
    keeper_common::tree::forest(rows.iter().map(|m| (m.id, m.parent_id, MenuNode::from(*m))).collect(), |n, kids| n.children = kids)
}

/// The menu and button ids the user's roles reach (the platform administrator reaches all).
async fn reachable(state: &AppState, user: &CurrentUser, all: &[menu::Model]) -> Result<HashSet<i64>, AppError> {
    if user.is_administrator() {
        return Ok(all.iter().map(|m| m.id).collect());
    }
    granted_menu_ids(&state.db, &user.tenant_id, &user.role_ids).await
}

/// What an answer depends on besides the menus: the caller's tenant, whether they are the platform
/// administrator, and their role set (in any order).
fn caller_key(user: &CurrentUser) -> String {
    let mut roles = user.role_ids.clone();
    roles.sort_unstable();
    roles.dedup();
    format!("{}:{}:{roles:?}", user.tenant_id, user.is_administrator())
}

/// `menu/routes`: the reachable menus with their ancestors as a tree; with `top`, only those attached to
/// that top menu of the caller's tenant (another tenant's top menu answers 404 like a missing one).
pub async fn routes(state: &AppState, user: &CurrentUser, top: Option<i64>) -> Result<Rendered<Vec<MenuNode>>, AppError> {
    let key = format!("routes:{}:{top:?}", caller_key(user));
    state
        .menus
        .answer(key, async {
            let all = state.menus.all().await?;
            let mut ids = with_ancestors(&reachable(state, user, &all).await?, &all);
            if let Some(top) = top {
                let attached = crate::topmenus::attached(state, user, &[top]).await?;
                // api-contract §4.1 step 3: the reachable menus with their ancestors, intersected with the
                // attached ones; step 4 then adds the ancestors again so that every kept menu has its path.
                ids = with_ancestors(&ids.intersection(&attached).copied().collect(), &all);
            }
            let rows: Vec<&menu::Model> = all.iter().filter(|m| m.category == MENU && ids.contains(&m.id)).collect();
            Ok(Rendered::data(&forest(&rows)))
        })
        .await
}

/// `menu/buttons`: each menu that has granted buttons, with those buttons as its children (a flat list).
pub async fn buttons(state: &AppState, user: &CurrentUser) -> Result<Rendered<Vec<MenuNode>>, AppError> {
    let key = format!("buttons:{}", caller_key(user));
    state
        .menus
        .answer(key, async {
            let all = state.menus.all().await?;
            let ids = reachable(state, user, &all).await?;
            let buttons: Vec<&menu::Model> = all.iter().filter(|m| m.category == BUTTON && ids.contains(&m.id)).collect();
            let parents: HashSet<i64> = buttons.iter().map(|b| b.parent_id).collect();
            let mut out: Vec<MenuNode> = all.iter().filter(|m| parents.contains(&m.id)).map(MenuNode::from).collect();
            for node in &mut out {
                node.children = buttons.iter().filter(|b| b.parent_id == node.id).map(|b| MenuNode::from(*b)).collect();
            }
            Ok(Rendered::data(&out))
        })
        .await
}
