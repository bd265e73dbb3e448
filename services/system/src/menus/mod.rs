//! Menu administration (api-contract §4.1): the one menu tree every tenant shares. Reads come from the
//! menu cache; writes are the platform administrator's (the handlers check that) and run one at a time.
pub mod api_scopes;
pub mod data_scopes;
pub mod form;
pub mod scope_rules;
pub mod view;

use std::collections::HashSet;

use keeper_common::AppError;
use keeper_security::CurrentUser;
use keeper_security::claims::PLATFORM_TENANT;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};
use serde_json::{Value, json};

use keeper_common::tree::HAS_CHILDREN;

use crate::entity::{menu, role_menu, scope_api, scope_data, top_menu_setting};
use crate::state::{AppState, granted_menu_ids};
use crate::tenant_lock::lock as lock_tenant;
use form::{BUTTON, MENU, MenuInput};
use keeper_common::tree::TreeNode;
use view::{Labels, MenuView};

pub const DUPLICATE: &str = "菜单名或编号已存在!";
pub const PARENT_NOT_MENU: &str = "父节点只可选择菜单类型!";
/// A top menu or a scope rule names a menu, never a button.
pub const MENUS_ONLY: &str = "只可选择菜单类型!";
pub const HAS_SCOPES: &str = "请先删除菜单的数据权限和接口权限!";

/// The text filters of the menu lists (`LIKE %v%`, case-insensitive).
#[derive(Debug, Default)]
pub struct Filter {
    pub code: Option<String>,
    pub name: Option<String>,
    pub alias: Option<String>,
}

impl Filter {
    fn is_empty(&self) -> bool {
        self.code.is_none() && self.name.is_none() && self.alias.is_none()
    }

    fn matches(&self, m: &menu::Model) -> bool {
        let has = |v: &str, part: &Option<String>| part.as_deref().is_none_or(|p| v.to_lowercase().contains(&p.to_lowercase()));
        has(&m.code, &self.code) && has(&m.name, &self.name) && has(&m.alias, &self.alias)
    }
}

/// The chosen ids with every ancestor menu.
pub fn with_ancestors(chosen: &HashSet<i64>, all: &[menu::Model]) -> HashSet<i64> {
    keeper_common::tree::with_ancestors(chosen.iter().copied(), all.iter().map(|m| (m.id, m.parent_id)))
}

/// The full tree; `menus_only` keeps category-1 menus (the parent picker).
pub async fn list(state: &AppState, f: &Filter, menus_only: bool) -> Result<Vec<MenuView>, AppError> {
    let all = state.menus.all().await?;
    let labels = Labels::load(state, &all).await?;
    let rows: Vec<&menu::Model> = all.iter().filter(|m| (!menus_only || m.category == MENU) && f.matches(m)).collect();
    Ok(view::tree(&rows, &labels))
}

/// The children of `parent`, each with `hasChildren`. Without a parent: the roots, or every match when a
/// filter is given (a search must find nodes at any depth).
pub async fn lazy_list(state: &AppState, parent: Option<i64>, f: &Filter, menus_only: bool) -> Result<Vec<MenuView>, AppError> {
    let all = state.menus.all().await?;
    let labels = Labels::load(state, &all).await?;
    let pool: Vec<&menu::Model> = all.iter().filter(|m| !menus_only || m.category == MENU).collect();
    let parents: HashSet<i64> = pool.iter().map(|m| m.parent_id).collect();
    let wanted = |m: &menu::Model| match parent {
        Some(p) => m.parent_id == p,
        None if f.is_empty() => m.parent_id == 0,
        None => true,
    };
    Ok(pool
        .into_iter()
        .filter(|m| wanted(m) && f.matches(m))
        .map(|m| MenuView { has_children: Some(parents.contains(&m.id)), ..labels.view(m) })
        .collect())
}

pub async fn detail(state: &AppState, id: i64) -> Result<MenuView, AppError> {
    let all = state.menus.all().await?;
    let m = all.iter().find(|m| m.id == id).ok_or_else(AppError::not_found)?;
    Ok(Labels::load(state, &all).await?.view(m))
}

/// `TreeNode`s of the category-1 menus.
pub async fn tree(state: &AppState) -> Result<Vec<TreeNode>, AppError> {
    let all = state.menus.all().await?;
    let rows: Vec<&menu::Model> = all.iter().filter(|m| m.category == MENU).collect();
    Ok(view::nodes(&rows))
}

/// The category-1 menus a caller may see, in display order: all for the platform administrator, otherwise
/// those granted to their roles with the ancestors that show them.
pub async fn visible_menus(state: &AppState, me: &CurrentUser) -> Result<Vec<menu::Model>, AppError> {
    let all = state.menus.all().await?;
    let keep: Option<HashSet<i64>> = if me.is_administrator() {
        None
    } else {
        Some(with_ancestors(&granted_menu_ids(&state.db, &me.tenant_id, &me.role_ids).await?, &all))
    };
    Ok(all.iter().filter(|m| m.category == MENU && keep.as_ref().is_none_or(|k| k.contains(&m.id))).cloned().collect())
}

/// `menu/grant-top-tree`: what the caller may attach to a top menu.
pub async fn grant_top_tree(state: &AppState, me: &CurrentUser) -> Result<Value, AppError> {
    let rows = visible_menus(state, me).await?;
    let refs: Vec<&menu::Model> = rows.iter().collect();
    Ok(json!({ "menu": view::nodes(&refs) }))
}

/// Menu writes are global: the platform tenant's row stands in as the lock that runs them one at a time,
/// so two submits cannot both take a free code.
async fn lock_menus<C: ConnectionTrait>(txn: &C) -> Result<Vec<menu::Model>, AppError> {
    lock_tenant(txn, PLATFORM_TENANT).await?;
    Ok(menu::Entity::find().filter(menu::Column::IsDeleted.eq(0)).all(txn).await?)
}

/// Creates or updates a menu or button; answers its id.
pub async fn submit(state: &AppState, input: MenuInput) -> Result<i64, AppError> {
    let txn = state.db.begin().await?;
    let all = lock_menus(&txn).await?;
    let current = match input.id {
        Some(id) => Some(all.iter().find(|m| m.id == id).ok_or_else(AppError::not_found)?),
        None => None,
    };
    if input.parent_id != 0 {
        let parent = all.iter().find(|m| m.id == input.parent_id).ok_or_else(|| AppError::field("parentId", "父节点不存在"))?;
        if parent.category != MENU {
            return Err(AppError::field("parentId", PARENT_NOT_MENU));
        }
        if let Some(c) = current
            && keeper_common::tree::with_descendants([c.id], all.iter().map(|m| (m.id, m.parent_id))).contains(&input.parent_id)
        {
            return Err(AppError::field("parentId", "父节点不能是自己或下级菜单"));
        }
    }
    if let Some(c) = current
        && input.category == BUTTON
        && all.iter().any(|m| m.parent_id == c.id)
    {
        return Err(AppError::field("category", "有下级的菜单不能改为按钮"));
    }
    let other = |m: &&menu::Model| Some(m.id) != input.id;
    if all.iter().filter(other).any(|m| m.code == input.code) {
        return Err(AppError::field("code", DUPLICATE));
    }
    if input.category == MENU && all.iter().filter(other).any(|m| m.category == MENU && m.name == input.name) {
        return Err(AppError::field("name", DUPLICATE));
    }
    let row = menu::ActiveModel {
        parent_id: Set(input.parent_id),
        code: Set(input.code),
        name: Set(input.name),
        alias: Set(input.alias),
        path: Set(input.path),
        source: Set(input.source),
        sort: Set(input.sort),
        category: Set(input.category),
        action: Set(input.action),
        is_open: Set(input.is_open),
        remark: Set(input.remark),
        ..Default::default()
    };
    let id = match current {
        None => {
            let id = keeper_common::id::next_id();
            menu::Entity::insert(menu::ActiveModel { id: Set(id), is_deleted: Set(0), ..row }).exec_without_returning(&txn).await?;
            id
        }
        Some(c) => {
            menu::Entity::update_many().set(row).filter(menu::Column::Id.eq(c.id)).exec(&txn).await?;
            c.id
        }
    };
    txn.commit().await?;
    state.menus.invalidate();
    Ok(id)
}

/// Soft-deletes menus without live children or scope rules, and takes them out of every role and top menu.
pub async fn remove(state: &AppState, ids: &[i64]) -> Result<usize, AppError> {
    let txn = state.db.begin().await?;
    let all = lock_menus(&txn).await?;
    if ids.iter().any(|id| !all.iter().any(|m| m.id == *id)) {
        return Err(AppError::not_found());
    }
    if all.iter().any(|m| ids.contains(&m.parent_id)) {
        return Err(AppError::bad(HAS_CHILDREN));
    }
    // A rule outliving its menu would still restrict (or open) data while no screen lists it.
    let rules = scope_data::Entity::find()
        .filter(scope_data::Column::MenuId.is_in(ids.to_vec()))
        .filter(scope_data::Column::IsDeleted.eq(0))
        .count(&txn)
        .await?
        + scope_api::Entity::find()
            .filter(scope_api::Column::MenuId.is_in(ids.to_vec()))
            .filter(scope_api::Column::IsDeleted.eq(0))
            .count(&txn)
            .await?;
    if rules > 0 {
        return Err(AppError::bad(HAS_SCOPES));
    }
    menu::Entity::update_many()
        .set(menu::ActiveModel { is_deleted: Set(1), ..Default::default() })
        .filter(menu::Column::Id.is_in(ids.to_vec()))
        .exec(&txn)
        .await?;
    role_menu::Entity::delete_many().filter(role_menu::Column::MenuId.is_in(ids.to_vec())).exec(&txn).await?;
    top_menu_setting::Entity::delete_many().filter(top_menu_setting::Column::MenuId.is_in(ids.to_vec())).exec(&txn).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(ids.len())
}
