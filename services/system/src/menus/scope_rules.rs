//! What data-scope and API-scope rules share (api-contract §4.12, §7): each belongs to a category-1 menu,
//! roles receive them through `sys_role_scope`, and the grant tree shows them under their menu.
use std::collections::HashSet;

use keeper_common::AppError;
use keeper_common::page::PageRequest;
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::{menu, role_scope};
use crate::roles::view::TreeNode;
use crate::state::{AppState, live_role_ids};

/// `sys_role_scope.scope_category` of data-scope rules and of API-scope rules.
pub const DATA: i32 = 1;
pub const API: i32 = 2;

/// Columns the rule lists may sort by.
pub const SORTABLE: &[&str] = &["scope_name", "resource_code", "scope_type", "create_time"];

/// The menu a rule is saved under must be a live category-1 menu.
pub async fn check_menu<C: ConnectionTrait>(db: &C, menu_id: i64) -> Result<(), AppError> {
    let m = menu::Entity::find_by_id(menu_id)
        .filter(menu::Column::IsDeleted.eq(0))
        .one(db)
        .await?
        .ok_or_else(|| AppError::field("menuId", "菜单不存在"))?;
    if m.category != crate::menus::form::MENU {
        return Err(AppError::field("menuId", crate::menus::MENUS_ONLY));
    }
    Ok(())
}

/// The rules of one category the caller's live roles hold; `None` for the platform administrator, who
/// may hand out every rule.
pub async fn held(state: &AppState, me: &CurrentUser, category: i32) -> Result<Option<HashSet<i64>>, AppError> {
    if me.is_administrator() {
        return Ok(None);
    }
    let roles = live_role_ids(&state.db, &me.tenant_id, &me.role_ids).await?;
    Ok(Some(
        role_scope::Entity::find()
            .filter(role_scope::Column::RoleId.is_in(roles))
            .filter(role_scope::Column::ScopeCategory.eq(category))
            .all(&state.db)
            .await?
            .into_iter()
            .map(|g| g.scope_id)
            .collect(),
    ))
}

/// A rule as the grant tree shows it.
pub struct RuleNode {
    pub id: i64,
    pub menu_id: i64,
    pub name: String,
}

fn node(id: i64, parent: i64, title: &str) -> TreeNode {
    TreeNode {
        id: id.to_string(),
        parent_id: parent.to_string(),
        title: title.into(),
        key: id.to_string(),
        value: id.to_string(),
        children: vec![],
        has_children: false,
    }
}

/// The menus that own the rules, as parents in display order, with the rules as their children. A rule
/// whose menu is gone stays visible at the top so it can still be taken away.
pub fn grant_nodes(menus: &[menu::Model], rules: Vec<RuleNode>) -> Vec<TreeNode> {
    let owners: HashSet<i64> = rules.iter().map(|r| r.menu_id).collect();
    let mut nodes: Vec<(i64, i64, TreeNode)> =
        menus.iter().filter(|m| owners.contains(&m.id)).map(|m| (m.id, m.parent_id, node(m.id, m.parent_id, &m.name))).collect();
    nodes.extend(rules.into_iter().map(|r| (r.id, r.menu_id, node(r.id, r.menu_id, &r.name))));
    crate::roles::view::forest(nodes, |n, kids| {
        n.has_children = !kids.is_empty();
        n.children = kids;
    })
}

/// Takes removed rules away from every role.
pub async fn drop_grants<C: ConnectionTrait>(txn: &C, category: i32, ids: &[i64]) -> Result<(), AppError> {
    role_scope::Entity::delete_many()
        .filter(role_scope::Column::ScopeCategory.eq(category))
        .filter(role_scope::Column::ScopeId.is_in(ids.to_vec()))
        .exec(txn)
        .await?;
    Ok(())
}

/// The row offset of a page, or `None` past the last row.
pub fn offset(req: &PageRequest, total: u64) -> Option<u64> {
    let offset = (req.current - 1).saturating_mul(req.size);
    (offset < total).then_some(offset)
}

/// Rule writes are global, like menus: they run one at a time behind the platform tenant's row.
pub async fn lock<C: ConnectionTrait>(txn: &C) -> Result<(), AppError> {
    crate::users::repo::lock_tenant(txn, keeper_security::claims::PLATFORM_TENANT).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(id: i64, parent_id: i64, name: &str) -> menu::Model {
        menu::Model {
            id,
            parent_id,
            code: format!("m{id}"),
            name: name.into(),
            alias: "menu".into(),
            path: String::new(),
            source: String::new(),
            sort: 0,
            category: 1,
            action: 0,
            is_open: 1,
            remark: String::new(),
            is_deleted: 0,
        }
    }

    #[test]
    fn rules_hang_under_their_menus_and_orphans_stay_visible() {
        let menus = [menu(1, 0, "系统"), menu(2, 1, "用户"), menu(3, 1, "机构")];
        let rules = vec![
            RuleNode { id: 10, menu_id: 2, name: "本人".into() },
            RuleNode { id: 11, menu_id: 2, name: "全部".into() },
            RuleNode { id: 12, menu_id: 99, name: "孤儿".into() },
        ];
        let tree = grant_nodes(&menus, rules);
        let titles: Vec<&str> = tree.iter().map(|n| n.title.as_str()).collect();
        assert_eq!(titles, vec!["用户", "孤儿"], "only menus owning rules; their parents stay out");
        assert!(tree[0].has_children);
        let kids: Vec<(&str, &str)> = tree[0].children.iter().map(|n| (n.title.as_str(), n.parent_id.as_str())).collect();
        assert_eq!(kids, vec![("本人", "2"), ("全部", "2")]);
        assert_eq!((tree[1].key.as_str(), tree[1].value.as_str()), ("12", "12"));
    }
}
