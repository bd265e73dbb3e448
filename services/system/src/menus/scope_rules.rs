//! What data-scope and API-scope rules share (api-contract §4.12, §7): each belongs to a category-1 menu,
//! roles receive them through `sys_role_scope`, and the grant tree shows them under their menu.
use std::collections::HashSet;

use chrono::Utc;
use keeper_common::AppError;
use keeper_common::id::next_id;
use keeper_common::page::{Page, PageRequest};
use keeper_security::CurrentUser;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait, Value};
use serde::Serialize;
use serde_json::{Map, Value as Json};

use crate::entity::{menu, role_scope};
use crate::state::{AppState, live_role_ids};
use keeper_common::tree::TreeNode;

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

/// The menus that own the rules, as parents in display order, with the rules as their children. A rule
/// whose menu is gone stays visible at the top so it can still be taken away.
pub fn grant_nodes(menus: &[menu::Model], rules: Vec<RuleNode>) -> Vec<TreeNode> {
    let owners: HashSet<i64> = rules.iter().map(|r| r.menu_id).collect();
    let mut nodes: Vec<(i64, i64, String)> =
        menus.iter().filter(|m| owners.contains(&m.id)).map(|m| (m.id, m.parent_id, m.name.clone())).collect();
    nodes.extend(rules.into_iter().map(|r| (r.id, r.menu_id, r.name)));
    keeper_common::tree::nodes(nodes)
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

/// Rule writes are global, like menus: they run one at a time behind the platform tenant's row.
pub async fn lock<C: ConnectionTrait>(txn: &C) -> Result<(), AppError> {
    crate::tenant_lock::lock(txn, keeper_security::claims::PLATFORM_TENANT).await?;
    Ok(())
}

/// The columns both rule tables have, so the CRUD below reaches either table through [`RuleKind::column`].
#[derive(Clone, Copy)]
pub enum Col {
    Id,
    MenuId,
    ResourceCode,
    ScopeName,
    ScopeType,
    CreateUser,
    CreateDept,
    CreateTime,
    UpdateUser,
    UpdateTime,
    Status,
    IsDeleted,
}

pub type Model<K> = <<K as RuleKind>::Entity as EntityTrait>::Model;
pub type Row<K> = <<K as RuleKind>::Entity as EntityTrait>::ActiveModel;

/// A checked submit body: the rule it changes (none to create one), the menu it goes under and the
/// kind's own columns, already set.
pub struct Submission<A> {
    pub id: Option<i64>,
    pub menu_id: i64,
    pub row: A,
}

/// One kind of rule (data scope or API scope): its table, how a row is shown and how a body is read.
pub trait RuleKind: 'static {
    type Entity: EntityTrait<Model: Send + Sync>;
    type View: Serialize + schemars::JsonSchema;
    type Input;
    /// `sys_role_scope.scope_category` of the kind.
    const CATEGORY: i32;
    /// The dictionary naming `scope_type`.
    const TYPE_DICTIONARY: &'static str;
    fn column(c: Col) -> <Self::Entity as EntityTrait>::Column;
    /// `type_name` names a `scope_type` from [`Self::TYPE_DICTIONARY`].
    fn view(row: Model<Self>, type_name: &dyn Fn(i32) -> String) -> Self::View;
    fn node(row: Model<Self>) -> RuleNode;
    fn parse(body: &Map<String, Json>) -> Result<Self::Input, AppError>;
    fn submission(input: Self::Input) -> Submission<Row<Self>>;
}

fn col<K: RuleKind>(c: Col) -> <K::Entity as EntityTrait>::Column {
    K::column(c)
}

async fn views<K: RuleKind>(state: &AppState, rows: Vec<Model<K>>) -> Result<Vec<K::View>, AppError> {
    let names = super::view::dictionary(state, K::TYPE_DICTIONARY).await?;
    let name = |t: i32| names.get(&t.to_string()).cloned().unwrap_or_default();
    Ok(rows.into_iter().map(|r| K::view(r, &name)).collect())
}

fn sort_column<K: RuleKind>(name: &str) -> <K::Entity as EntityTrait>::Column {
    col::<K>(match name {
        "scope_name" => Col::ScopeName,
        "resource_code" => Col::ResourceCode,
        "scope_type" => Col::ScopeType,
        _ => Col::CreateTime,
    })
}

pub async fn list<K: RuleKind>(state: &AppState, menu_id: Option<i64>, req: PageRequest) -> Result<Page<K::View>, AppError> {
    let mut q = K::Entity::find().filter(col::<K>(Col::IsDeleted).eq(0));
    if let Some(m) = menu_id {
        q = q.filter(col::<K>(Col::MenuId).eq(m));
    }
    let page = keeper_db::page(&state.db, q, &req, sort_column::<K>, |q| {
        q.order_by_asc(col::<K>(Col::CreateTime)).order_by_asc(col::<K>(Col::Id))
    })
    .await?;
    let (rows, page) = page.split();
    Ok(page.with(views::<K>(state, rows).await?))
}

async fn live<K: RuleKind>(state: &AppState, ids: &[i64]) -> Result<Vec<Model<K>>, AppError> {
    let rows =
        K::Entity::find().filter(col::<K>(Col::Id).is_in(ids.to_vec())).filter(col::<K>(Col::IsDeleted).eq(0)).all(&state.db).await?;
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(rows)
}

pub async fn detail<K: RuleKind>(state: &AppState, id: i64) -> Result<K::View, AppError> {
    let rows = live::<K>(state, &[id]).await?;
    views::<K>(state, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// Sets the shared columns of a row; both tables type them alike, so a mismatch is a programming error.
fn stamp<K: RuleKind>(row: &mut Row<K>, values: Vec<(Col, Value)>) -> Result<(), AppError> {
    for (c, v) in values {
        row.try_set(col::<K>(c), v)?;
    }
    Ok(())
}

/// Creates or updates a rule; answers its id.
pub async fn submit<K: RuleKind>(state: &AppState, me: &CurrentUser, input: K::Input) -> Result<i64, AppError> {
    let Submission { id, menu_id, mut row } = K::submission(input);
    if let Some(id) = id {
        live::<K>(state, &[id]).await?;
    }
    let txn = state.db.begin().await?;
    lock(&txn).await?;
    check_menu(&txn, menu_id).await?;
    let now = Utc::now();
    stamp::<K>(&mut row, vec![(Col::UpdateUser, Some(me.user_id).into()), (Col::UpdateTime, now.into())])?;
    let id = match id {
        None => {
            let id = next_id();
            stamp::<K>(
                &mut row,
                vec![
                    (Col::Id, id.into()),
                    (Col::CreateUser, Some(me.user_id).into()),
                    (Col::CreateDept, me.dept_ids.first().copied().into()),
                    (Col::CreateTime, now.into()),
                    (Col::Status, 1i32.into()),
                    (Col::IsDeleted, 0i32.into()),
                ],
            )?;
            K::Entity::insert(row).exec_without_returning(&txn).await?;
            id
        }
        Some(id) => {
            let n = K::Entity::update_many()
                .set(row)
                .filter(col::<K>(Col::Id).eq(id))
                .filter(col::<K>(Col::IsDeleted).eq(0))
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
pub async fn remove<K: RuleKind>(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    live::<K>(state, ids).await?;
    let txn = state.db.begin().await?;
    lock(&txn).await?;
    let mut row = <Row<K> as ActiveModelTrait>::default();
    stamp::<K>(
        &mut row,
        vec![(Col::IsDeleted, 1i32.into()), (Col::UpdateUser, Some(me.user_id).into()), (Col::UpdateTime, Utc::now().into())],
    )?;
    K::Entity::update_many().set(row).filter(col::<K>(Col::Id).is_in(ids.to_vec())).exec(&txn).await?;
    drop_grants(&txn, K::CATEGORY, ids).await?;
    txn.commit().await?;
    state.menus.invalidate();
    Ok(ids.len())
}

/// The grant-tree nodes of the rules of one kind the caller may hand out.
pub async fn granted<K: RuleKind>(state: &AppState, me: &CurrentUser) -> Result<Vec<TreeNode>, AppError> {
    let held = held(state, me, K::CATEGORY).await?;
    let mut q = K::Entity::find().filter(col::<K>(Col::IsDeleted).eq(0));
    if let Some(ids) = &held {
        q = q.filter(col::<K>(Col::Id).is_in(ids.iter().copied().collect::<Vec<_>>()));
    }
    let rules = q.order_by_asc(col::<K>(Col::CreateTime)).order_by_asc(col::<K>(Col::Id)).all(&state.db).await?;
    let menus = state.menus.all().await?;
    Ok(grant_nodes(&menus, rules.into_iter().map(K::node).collect()))
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
