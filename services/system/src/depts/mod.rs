//! Department administration (api-contract §4.3): the rules and transactions behind `dept/detail`, `list`,
//! `lazy-list`, `tree`, `lazy-tree`, `submit`, `remove` and `select`. Everything stays inside the caller's
//! tenant, the platform administrator's included; another tenant's department answers 404 like a missing one.
pub mod form;
pub mod repo;
pub mod tree;
pub mod view;

use schemars::JsonSchema;
use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use keeper_common::id::{next_id, parse_list};
use keeper_security::CurrentUser;
use sea_orm::{ActiveValue::Set, TransactionTrait};
use serde::Serialize;

use keeper_common::tree::HAS_CHILDREN;

use crate::entity::dept;
use crate::state::AppState;
use crate::tenant_lock::lock as lock_tenant;
use form::DeptInput;
use keeper_common::tree::TreeNode;
use view::{DeptView, Labels};

pub const HAS_USERS: &str = "机构下还有用户,请先将用户调离该机构后再删除!";

/// A `tenantId` parameter may only name the caller's own tenant: another one answers like a missing record.
pub fn own_tenant(me: &CurrentUser, tenant_id: Option<&str>) -> Result<(), AppError> {
    match tenant_id.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) if t != me.tenant_id => Err(AppError::not_found()),
        _ => Ok(()),
    }
}

/// Dictionary labels by key (`"1"` → `公司`).
pub async fn dict_labels(state: &AppState, code: &str) -> Result<HashMap<String, String>, AppError> {
    Ok(crate::dicts::lookup::system_labels(&state.db, code).await?.into_iter().collect())
}

async fn labels(state: &AppState, all: &[dept::Model]) -> Result<Labels, AppError> {
    Ok(Labels {
        categories: dict_labels(state, "org_category").await?,
        power_types: dict_labels(state, "dept_power_type").await?,
        names: all.iter().map(|d| (d.id, d.dept_name.clone())).collect(),
    })
}

/// Every listed department, live and of the tenant, or 404.
fn pick<'a>(all: &'a [dept::Model], ids: &[i64]) -> Result<Vec<&'a dept::Model>, AppError> {
    ids.iter().map(|id| all.iter().find(|d| d.id == *id).ok_or_else(AppError::not_found)).collect()
}

/// The name filters of `dept/list` and `lazy-list`: substrings, as the map-style `LIKE %v%`.
#[derive(Debug, Default)]
pub struct ListFilter {
    pub dept_name: Option<String>,
    pub full_name: Option<String>,
}

impl ListFilter {
    fn keeps(&self, d: &dept::Model) -> bool {
        self.dept_name.as_deref().is_none_or(|n| d.dept_name.contains(n))
            && self.full_name.as_deref().is_none_or(|n| d.full_name.contains(n))
    }
}

pub async fn detail(state: &AppState, me: &CurrentUser, id: i64) -> Result<DeptView, AppError> {
    let all = repo::live(&state.db, &me.tenant_id).await?;
    let d = pick(&all, &[id])?.remove(0);
    Ok(view::view(d, &labels(state, &all).await?))
}

/// The tenant's departments matching the filter, as a tree.
pub async fn list(state: &AppState, me: &CurrentUser, f: ListFilter) -> Result<Vec<DeptView>, AppError> {
    let all = repo::live(&state.db, &me.tenant_id).await?;
    let rows: Vec<&dept::Model> = all.iter().filter(|d| f.keeps(d)).collect();
    Ok(view::view_forest(&rows, &labels(state, &all).await?))
}

/// The direct children of `parent` (0: the top level) matching the filter, each saying whether it has any.
pub async fn lazy_list(state: &AppState, me: &CurrentUser, parent: i64, f: ListFilter) -> Result<Vec<DeptView>, AppError> {
    let all = repo::live(&state.db, &me.tenant_id).await?;
    let (labels, parents) = (labels(state, &all).await?, view::parents(&all));
    Ok(all
        .iter()
        .filter(|d| d.parent_id == parent && f.keeps(d))
        .map(|d| DeptView { has_children: parents.contains(&d.id), ..view::view(d, &labels) })
        .collect())
}

pub async fn tree(state: &AppState, me: &CurrentUser) -> Result<Vec<TreeNode>, AppError> {
    Ok(view::node_forest(&repo::live(&state.db, &me.tenant_id).await?))
}

pub async fn lazy_tree(state: &AppState, me: &CurrentUser, parent: i64) -> Result<Vec<TreeNode>, AppError> {
    let all = repo::live(&state.db, &me.tenant_id).await?;
    let parents = view::parents(&all);
    Ok(all.iter().filter(|d| d.parent_id == parent).map(|d| view::node(d, parents.contains(&d.id))).collect())
}

/// `dept/commonList`: the tenant's whole tree for forms and filters.
pub async fn common_list(state: &AppState, me: &CurrentUser) -> Result<Vec<view::DeptNode>, AppError> {
    Ok(view::common_forest(repo::live(&state.db, &me.tenant_id).await?))
}

/// The listed departments of the caller's tenant, in the order asked; ids not among them are left out.
pub async fn select(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<Vec<DeptView>, AppError> {
    let all = repo::live(&state.db, &me.tenant_id).await?;
    let labels = labels(state, &all).await?;
    Ok(ids.iter().filter_map(|id| all.iter().find(|d| d.id == *id)).map(|d| view::view(d, &labels)).collect())
}

/// What `dept/submit` answers, so lazy trees can place the node.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submitted {
    pub id: String,
    pub tenant_id: String,
    pub dept_category_name: String,
}

fn too_deep() -> AppError {
    AppError::field("parentId", "机构层级过深")
}

/// Creates or updates a department. Moving one rewrites the `ancestors` of its whole branch in the same
/// transaction, which also holds the tenant's lock so that two moves cannot interleave into a cycle.
pub async fn submit(state: &AppState, me: &CurrentUser, input: DeptInput) -> Result<Submitted, AppError> {
    let tenant = me.tenant_id.as_str();
    let categories = dict_labels(state, "org_category").await?;
    if let Some(p) = input.power_type
        && !dict_labels(state, "dept_power_type").await?.contains_key(&p.to_string())
    {
        return Err(AppError::field("powerType", format!("机构职权类型不存在: {p}")));
    }
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    let all = repo::live(&txn, tenant).await?;
    let current = match input.id {
        Some(id) => Some(pick(&all, &[id])?.remove(0).clone()),
        None => None,
    };
    let parent_id = input.parent_id.or(current.as_ref().map(|c| c.parent_id)).unwrap_or(0);
    let parent_ancestors = match parent_id {
        0 => String::new(),
        p => all.iter().find(|d| d.id == p).ok_or_else(|| AppError::field("parentId", "上级机构不存在"))?.ancestors.clone(),
    };
    if let Some(c) = &current
        && parent_id != 0
        && keeper_common::tree::with_descendants([c.id], all.iter().map(|d| (d.id, d.parent_id))).contains(&parent_id)
    {
        return Err(AppError::field("parentId", "上级机构不能是自己或下级机构"));
    }
    let ancestors = tree::child_ancestors(parent_id, &parent_ancestors);
    if ancestors.len() > tree::MAX_ANCESTORS {
        return Err(too_deep());
    }
    let (id, category) = match current {
        None => {
            let id = next_id();
            let name = input.dept_name.unwrap_or_default();
            let category = input.dept_category.unwrap_or_default();
            repo::insert(
                &txn,
                dept::ActiveModel {
                    id: Set(id),
                    tenant_id: Set(tenant.into()),
                    parent_id: Set(parent_id),
                    ancestors: Set(ancestors),
                    dept_category: Set(category),
                    power_type: Set(input.power_type.unwrap_or_default()),
                    full_name: Set(input.full_name.unwrap_or_default()),
                    dept_name: Set(name),
                    sort: Set(input.sort.unwrap_or(0)),
                    remark: Set(input.remark.unwrap_or_default()),
                    is_deleted: Set(0),
                },
            )
            .await?;
            (id, category)
        }
        Some(c) => {
            let moved = ancestors != c.ancestors;
            let mut changes = dept::ActiveModel { parent_id: Set(parent_id), ancestors: Set(ancestors.clone()), ..Default::default() };
            if let Some(v) = input.dept_name {
                changes.dept_name = Set(v);
            }
            if let Some(v) = input.full_name {
                changes.full_name = Set(v);
            }
            if let Some(v) = input.dept_category {
                changes.dept_category = Set(v);
            }
            if let Some(v) = input.power_type {
                changes.power_type = Set(v);
            }
            if let Some(v) = input.sort {
                changes.sort = Set(v);
            }
            if let Some(v) = input.remark {
                changes.remark = Set(v);
            }
            repo::update_one(&txn, tenant, c.id, changes).await?;
            if moved {
                let edges: Vec<(i64, i64)> = all.iter().map(|d| (d.id, d.parent_id)).collect();
                let stored: HashMap<i64, &str> = all.iter().map(|d| (d.id, d.ancestors.as_str())).collect();
                for (kid, path) in tree::subtree_ancestors(c.id, &ancestors, &edges) {
                    if path.len() > tree::MAX_ANCESTORS {
                        return Err(too_deep());
                    }
                    if stored.get(&kid).copied() != Some(path.as_str()) {
                        repo::update_one(&txn, tenant, kid, dept::ActiveModel { ancestors: Set(path), ..Default::default() }).await?;
                    }
                }
            }
            (c.id, input.dept_category.unwrap_or(c.dept_category))
        }
    };
    txn.commit().await?;
    Ok(Submitted {
        id: id.to_string(),
        tenant_id: tenant.into(),
        dept_category_name: categories.get(&category.to_string()).cloned().unwrap_or_default(),
    })
}

/// Soft-deletes departments that have no live children and no live account in them.
pub async fn remove(state: &AppState, me: &CurrentUser, ids: &[i64]) -> Result<usize, AppError> {
    let tenant = me.tenant_id.as_str();
    let txn = state.db.begin().await?;
    lock_tenant(&txn, tenant).await?;
    let all = repo::live(&txn, tenant).await?;
    pick(&all, ids)?;
    if all.iter().any(|d| ids.contains(&d.parent_id)) {
        return Err(AppError::bad(HAS_CHILDREN));
    }
    let doomed: HashSet<i64> = ids.iter().copied().collect();
    let held = repo::account_dept_lists(&txn, tenant).await?;
    if held.iter().any(|d| parse_list(d).unwrap_or_default().iter().any(|d| doomed.contains(d))) {
        return Err(AppError::bad(HAS_USERS));
    }
    repo::remove(&txn, tenant, ids).await?;
    txn.commit().await?;
    Ok(ids.len())
}
