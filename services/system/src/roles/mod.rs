//! Role administration (api-contract §4.5, §4.1 grant trees): `role/list`, `detail`, `tree`, `submit`,
//! `remove`, `grant`, `menu/grant-tree` and `menu/role-tree-keys`. Everything stays inside the caller's
//! tenant; another tenant's role answers 404 like a missing one. Grants never exceed what the caller holds.
pub mod form;
pub mod view;

use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::{next_id, parse_list};
use keeper_db::base::BaseColumns;
use keeper_security::CurrentUser;
use keeper_security::claims::ADMINISTRATOR;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use serde_json::{Value, json};

use keeper_common::tree::HAS_CHILDREN;

use crate::entity::{role, role_menu, role_scope, scope_api, scope_data, user};
use crate::state::{AppState, granted_menu_ids};
use crate::tenant_lock::lock as lock_tenant;
use crate::users::privilege::Privileges;
use form::{GrantInput, RoleInput};
use keeper_common::tree::TreeNode;
use view::RoleView;

pub const SUPER_ROLE: &str = "无权限创建超管角色！";
pub const HELD_BY_USER: &str = "角色已分配给用户,不能删除!";
pub const OWN_ROLE: &str = "不能修改本人所属角色的权限!";
pub const GRANT_TOO_WIDE: &str = "不能授予超出本人权限的菜单!";
/// `role_scope.scope_category` of data scopes and API scopes.
const DATA_SCOPE: i32 = 1;
const API_SCOPE: i32 = 2;

/// Live roles of the tenant in display order.
async fn tenant_roles<C: ConnectionTrait>(db: &C, tenant: &str) -> Result<Vec<role::Model>, AppError> {
    Ok(role::Entity::find()
        .filter(role::Column::TenantId.eq(tenant))
        .filter(role::Column::IsDeleted.eq(0))
        .order_by_asc(role::Column::Sort)
        .order_by_asc(role::Column::Id)
        .all(db)
        .await?)
}

/// Every listed role, live and of the tenant, or 404.
fn pick(all: &[role::Model], ids: &[i64]) -> Result<Vec<role::Model>, AppError> {
    ids.iter().map(|id| all.iter().find(|r| r.id == *id).cloned().ok_or_else(AppError::not_found)).collect()
}

fn descendants(all: &[role::Model], root: i64) -> HashSet<i64> {
    keeper_common::tree::with_descendants([root], all.iter().map(|r| (r.id, r.parent_id)))
}

pub struct ListFilter {
    pub role_name: Option<String>,
    pub role_alias: Option<String>,
}

pub async fn list(state: &AppState, me: &CurrentUser, f: ListFilter) -> Result<Vec<RoleView>, AppError> {
    let all = tenant_roles(&state.db, &me.tenant_id).await?;
    let names: HashMap<i64, String> = all.iter().map(|r| (r.id, r.role_name.clone())).collect();
    let keep = |r: &role::Model| {
        f.role_name.as_deref().is_none_or(|n| r.role_name.contains(n)) && f.role_alias.as_deref().is_none_or(|a| r.role_alias.contains(a))
    };
    let rows: Vec<(i64, i64, RoleView)> = all.iter().filter(|r| keep(r)).map(|r| (r.id, r.parent_id, view::view(r, &names))).collect();
    Ok(keeper_common::tree::forest(rows, |v, kids| v.children = kids))
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<RoleView, AppError> {
    let all = tenant_roles(&state.db, &me.tenant_id).await?;
    let names: HashMap<i64, String> = all.iter().map(|r| (r.id, r.role_name.clone())).collect();
    Ok(view::view(&pick(&all, &[id])?.remove(0), &names))
}

/// The picker tree; the `administrator` role only for the platform administrator.
pub async fn tree(state: &AppState, me: &CurrentUser) -> Result<Vec<TreeNode>, AppError> {
    let all = tenant_roles(&state.db, &me.tenant_id).await?;
    let shown: Vec<role::Model> = all.into_iter().filter(|r| me.is_administrator() || r.role_alias != ADMINISTRATOR).collect();
    Ok(view::role_tree(&shown))
}

fn alias_taken(alias: &str) -> AppError {
    AppError::field("roleAlias", format!("角色别名 [{alias}] 已存在!"))
}

/// Creates or updates a role; answers its id.
pub async fn submit(state: &AppState, me: &CurrentUser, input: RoleInput) -> Result<i64, AppError> {
    let tenant = me.tenant_id.as_str();
    let all = tenant_roles(&state.db, tenant).await?;
    let current = match input.id {
        Some(id) => Some(pick(&all, &[id])?.remove(0)),
        None => None,
    };
    let touches_super = input.role_alias == ADMINISTRATOR || current.as_ref().is_some_and(|c| c.role_alias == ADMINISTRATOR);
    if touches_super && !me.is_administrator() {
        return Err(AppError::Forbidden(SUPER_ROLE.into()));
    }
    if let Some(c) = &current {
        // Editing a role stronger than oneself (renaming its alias, moving it) is taking it over.
        Privileges::of(state, me).await?.check_grantable(state, tenant, std::slice::from_ref(c)).await?;
    }
    if input.parent_id != 0 {
        if !all.iter().any(|r| r.id == input.parent_id) {
            return Err(AppError::field("parentId", "上级角色不存在"));
        }
        if let Some(c) = &current
            && descendants(&all, c.id).contains(&input.parent_id)
        {
            return Err(AppError::field("parentId", "上级角色不能是自己或下级角色"));
        }
    }
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    let taken = role::Entity::find()
        .filter(role::Column::TenantId.eq(tenant))
        .filter(role::Column::IsDeleted.eq(0))
        .filter(role::Column::RoleAlias.eq(input.role_alias.as_str()))
        .all(&txn)
        .await?
        .into_iter()
        .any(|r| Some(r.id) != input.id);
    if taken {
        return Err(alias_taken(&input.role_alias));
    }
    let id = match current {
        None => {
            let id = next_id();
            role::Entity::insert(role::ActiveModel {
                id: Set(id),
                tenant_id: Set(tenant.into()),
                parent_id: Set(input.parent_id),
                role_name: Set(input.role_name),
                sort: Set(input.sort),
                role_alias: Set(input.role_alias),
                remark: Set(input.remark.unwrap_or_default()),
                is_deleted: Set(0),
            })
            .exec_without_returning(&txn)
            .await?;
            id
        }
        Some(c) => {
            let mut changes = role::ActiveModel {
                parent_id: Set(input.parent_id),
                role_name: Set(input.role_name),
                sort: Set(input.sort),
                role_alias: Set(input.role_alias),
                ..Default::default()
            };
            if let Some(remark) = input.remark {
                changes.remark = Set(remark);
            }
            let n = role::Entity::update_many()
                .set(changes)
                .filter(role::Column::Id.eq(c.id))
                .filter(role::Column::TenantId.eq(tenant))
                .filter(role::Column::IsDeleted.eq(0))
                .exec(&txn)
                .await?
                .rows_affected;
            if n == 0 {
                return Err(AppError::not_found());
            }
            c.id
        }
    };
    txn.commit().await?;
    Ok(id)
}

/// Soft-deletes roles without live children and not held by any live account.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let all = tenant_roles(&state.db, tenant).await?;
    let targets = pick(&all, ids)?;
    if targets.iter().any(|r| r.role_alias == ADMINISTRATOR) && !me.is_administrator() {
        return Err(AppError::Forbidden(SUPER_ROLE.into()));
    }
    Privileges::of(state, me).await?.check_grantable(state, tenant, &targets).await?;
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    let live = tenant_roles(&txn, tenant).await?;
    if live.iter().any(|r| ids.contains(&r.parent_id)) {
        return Err(AppError::bad(HAS_CHILDREN));
    }
    let users = user::Entity::live(tenant).all(&txn).await?;
    if users.iter().any(|u| parse_list(&u.role_id).unwrap_or_default().iter().any(|r| ids.contains(r))) {
        return Err(AppError::bad(HELD_BY_USER));
    }
    role::Entity::update_many()
        .set(role::ActiveModel { is_deleted: Set(1), ..Default::default() })
        .filter(role::Column::Id.is_in(ids.to_vec()))
        .filter(role::Column::TenantId.eq(tenant))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    // A token may still name the role: its grants stop counting now, not when the caches expire.
    state.menus.invalidate();
    Ok(ids.len())
}

/// Menus and buttons the caller may hand out: everything for the platform administrator, otherwise their
/// own grants plus the ancestors needed to show them.
pub async fn grant_tree(state: &AppState, me: &CurrentUser) -> Result<Value, AppError> {
    let menus = state.menus.all().await?;
    let privileges = Privileges::of(state, me).await?;
    let chosen: Vec<&crate::entity::menu::Model> = match privileges.menus() {
        None => menus.iter().collect(),
        Some(grantable) => menus.iter().filter(|m| grantable.contains(&m.id)).collect(),
    };
    // Scope rules under their menus: all for the platform administrator, otherwise those the caller's roles hold.
    let data_scope = crate::menus::data_scopes::grant_nodes(state, me).await?;
    let api_scope = crate::menus::api_scopes::grant_nodes(state, me).await?;
    Ok(json!({ "menu": crate::menus::view::nodes(&chosen), "dataScope": data_scope, "apiScope": api_scope }))
}

/// The menu, data-scope and API-scope ids already granted to roles of the tenant.
pub async fn tree_keys(state: &AppState, me: &CurrentUser, role_ids: &[i64]) -> Result<Value, AppError> {
    pick(&tenant_roles(&state.db, &me.tenant_id).await?, role_ids)?;
    let menus: HashSet<i64> = granted_menu_ids(&state.db, &me.tenant_id, role_ids).await?;
    let live: HashSet<i64> = state.menus.all().await?.iter().map(|m| m.id).collect();
    let mut menus: Vec<i64> = menus.into_iter().filter(|m| live.contains(m)).collect();
    menus.sort_unstable();
    let scopes = role_scope::Entity::find().filter(role_scope::Column::RoleId.is_in(role_ids.to_vec())).all(&state.db).await?;
    let of = |cat: i32| {
        let mut v: Vec<i64> = scopes.iter().filter(|s| s.scope_category == cat).map(|s| s.scope_id).collect();
        v.sort_unstable();
        v.dedup();
        v.into_iter().map(|i| i.to_string()).collect::<Vec<_>>()
    };
    let menus: Vec<String> = menus.into_iter().map(|i| i.to_string()).collect();
    Ok(json!({ "menu": menus, "dataScope": of(DATA_SCOPE), "apiScope": of(API_SCOPE) }))
}

/// Replaces the grants of roles in one transaction, then takes from their descendant roles every menu
/// their parent no longer holds.
pub async fn grant(state: &AppState, me: &CurrentUser, input: GrantInput) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let all = tenant_roles(&state.db, tenant).await?;
    let targets = pick(&all, &input.role_ids)?;
    let privileges = Privileges::of(state, me).await?;
    if !me.is_administrator() {
        if targets.iter().any(|r| r.role_alias == ADMINISTRATOR) {
            return Err(AppError::Forbidden(SUPER_ROLE.into()));
        }
        if targets.iter().any(|r| me.role_ids.contains(&r.id)) {
            return Err(AppError::Forbidden(OWN_ROLE.into()));
        }
        // A role stronger than the caller is not theirs to rewrite either.
        privileges.check_grantable(state, tenant, &targets).await?;
    }
    let live_menus: HashSet<i64> = state.menus.all().await?.iter().map(|m| m.id).collect();
    if let Some(bad) = input.menu_ids.iter().find(|m| !live_menus.contains(m)) {
        return Err(AppError::field("menuIds", format!("菜单不存在: {bad}")));
    }
    if !privileges.covers(&input.menu_ids) {
        return Err(AppError::Forbidden(GRANT_TOO_WIDE.into()));
    }
    check_scopes(state, me, "dataScopeIds", DATA_SCOPE, &input.data_scope_ids).await?;
    check_scopes(state, me, "apiScopeIds", API_SCOPE, &input.api_scope_ids).await?;

    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    let roles = input.role_ids.clone();
    role_menu::Entity::delete_many().filter(role_menu::Column::RoleId.is_in(roles.clone())).exec(&txn).await?;
    let rows: Vec<role_menu::ActiveModel> = roles
        .iter()
        .flat_map(|r| input.menu_ids.iter().map(move |m| (*r, *m)))
        .map(|(r, m)| role_menu::ActiveModel { id: Set(next_id()), menu_id: Set(m), role_id: Set(r) })
        .collect();
    for chunk in rows.chunks(500) {
        role_menu::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    role_scope::Entity::delete_many().filter(role_scope::Column::RoleId.is_in(roles.clone())).exec(&txn).await?;
    let scopes: Vec<role_scope::ActiveModel> = roles
        .iter()
        .flat_map(|r| {
            let d = input.data_scope_ids.iter().map(move |s| (*r, DATA_SCOPE, *s));
            let a = input.api_scope_ids.iter().map(move |s| (*r, API_SCOPE, *s));
            d.chain(a)
        })
        .map(|(r, c, s)| role_scope::ActiveModel { id: Set(next_id()), scope_category: Set(c), scope_id: Set(s), role_id: Set(r) })
        .collect();
    for chunk in scopes.chunks(500) {
        role_scope::Entity::insert_many(chunk.to_vec()).exec_without_returning(&txn).await?;
    }
    cascade(&txn, tenant, &roles).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(roles.len())
}

/// Walks down from the granted roles: each child keeps only the menus its parent holds.
async fn cascade<C: ConnectionTrait>(txn: &C, tenant: &str, roots: &[i64]) -> Result<(), AppError> {
    let all = tenant_roles(txn, tenant).await?;
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for r in &all {
        children.entry(r.parent_id).or_default().push(r.id);
    }
    let ids: Vec<i64> = all.iter().map(|r| r.id).collect();
    let mut held: HashMap<i64, HashSet<i64>> = HashMap::new();
    for g in role_menu::Entity::find().filter(role_menu::Column::RoleId.is_in(ids)).all(txn).await? {
        held.entry(g.role_id).or_default().insert(g.menu_id);
    }
    let mut stack: Vec<i64> = roots.to_vec();
    let mut seen: HashSet<i64> = HashSet::new();
    while let Some(parent) = stack.pop() {
        if !seen.insert(parent) {
            continue;
        }
        let allowed = held.get(&parent).cloned().unwrap_or_default();
        for child in children.get(&parent).cloned().unwrap_or_default() {
            let mine = held.entry(child).or_default();
            let lost: Vec<i64> = mine.iter().filter(|m| !allowed.contains(m)).copied().collect();
            if !lost.is_empty() {
                role_menu::Entity::delete_many()
                    .filter(role_menu::Column::RoleId.eq(child))
                    .filter(role_menu::Column::MenuId.is_in(lost.clone()))
                    .exec(txn)
                    .await?;
                for m in lost {
                    mine.remove(&m);
                }
            }
            stack.push(child);
        }
    }
    Ok(())
}

/// Scope rules must be live ones; a caller other than the platform administrator may hand out only rules
/// their own roles hold.
async fn check_scopes(state: &AppState, me: &CurrentUser, field: &str, category: i32, ids: &[i64]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Ok(());
    }
    let found: HashSet<i64> = if category == DATA_SCOPE {
        scope_data::Entity::find()
            .filter(scope_data::Column::Id.is_in(ids.to_vec()))
            .filter(scope_data::Column::IsDeleted.eq(0))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect()
    } else {
        scope_api::Entity::find()
            .filter(scope_api::Column::Id.is_in(ids.to_vec()))
            .filter(scope_api::Column::IsDeleted.eq(0))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect()
    };
    if let Some(bad) = ids.iter().find(|i| !found.contains(i)) {
        return Err(AppError::field(field, format!("权限规则不存在: {bad}")));
    }
    if me.is_administrator() {
        return Ok(());
    }
    let live = crate::state::live_role_ids(&state.db, &me.tenant_id, &me.role_ids).await?;
    let mine: HashSet<i64> = role_scope::Entity::find()
        .filter(role_scope::Column::RoleId.is_in(live))
        .filter(role_scope::Column::ScopeCategory.eq(category))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|s| s.scope_id)
        .collect();
    if ids.iter().any(|i| !mine.contains(i)) {
        return Err(AppError::Forbidden(GRANT_TOO_WIDE.into()));
    }
    Ok(())
}

/// `role/tree-by-id`: the picker tree of the role's tenant, answered only when that is the caller's own
/// tenant; a role of another tenant answers 404 like a missing one.
pub async fn tree_by_id(state: &AppState, me: &CurrentUser, role_id: i64) -> Result<Vec<TreeNode>, AppError> {
    pick(&tenant_roles(&state.db, &me.tenant_id).await?, &[role_id])?;
    tree(state, me).await
}

/// `role/select`: the listed roles of the caller's tenant, in the order asked; ids not among them are left out.
pub async fn select(state: &AppState, me: &CurrentUser, role_ids: &[i64]) -> Result<Vec<RoleView>, AppError> {
    let all = tenant_roles(&state.db, &me.tenant_id).await?;
    let names: HashMap<i64, String> = all.iter().map(|r| (r.id, r.role_name.clone())).collect();
    Ok(role_ids.iter().filter_map(|id| all.iter().find(|r| r.id == *id)).map(|r| view::view(r, &names)).collect())
}
