//! Department look-ups for forms and filters: the power types and the caller's department tree.
use std::collections::HashMap;

use actix_web::web;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use crate::api::dict::{DictItem, system_items};
use crate::entity::dept;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/dept/getPowerType", web::get().to(power_types)).route("/dept/commonList", web::get().to(common_list));
}

/// The department power (jurisdiction) types, from the system dictionary `dept_power_type`.
async fn power_types(state: web::Data<AppState>, _user: CurrentUser) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(system_items(&state, "dept_power_type").await?))
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeptNode {
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    pub tenant_id: String,
    pub dept_name: String,
    pub full_name: String,
    pub dept_category: i32,
    pub power_type: i32,
    pub sort: i32,
    /// Tree-select fields, equal to the id and name.
    pub key: String,
    pub value: String,
    pub title: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DeptNode>,
}

/// The caller's tenant's departments as a tree, sorted.
async fn common_list(state: web::Data<AppState>, user: CurrentUser) -> Result<R<Vec<DeptNode>>, AppError> {
    let rows = dept::Entity::find()
        .filter(dept::Column::TenantId.eq(user.tenant_id.as_str()))
        .filter(dept::Column::IsDeleted.eq(0))
        .order_by_asc(dept::Column::Sort)
        .order_by_asc(dept::Column::Id)
        .all(&state.db)
        .await?;
    Ok(R::data(dept_tree(rows)))
}

pub fn dept_tree(rows: Vec<dept::Model>) -> Vec<DeptNode> {
    let ids: std::collections::HashSet<i64> = rows.iter().map(|d| d.id).collect();
    let mut by_parent: HashMap<i64, Vec<dept::Model>> = HashMap::new();
    let mut roots = Vec::new();
    for d in rows {
        if d.parent_id != 0 && ids.contains(&d.parent_id) {
            by_parent.entry(d.parent_id).or_default().push(d);
        } else {
            roots.push(d);
        }
    }
    fn node(d: dept::Model, by_parent: &mut HashMap<i64, Vec<dept::Model>>) -> DeptNode {
        let kids = by_parent.remove(&d.id).unwrap_or_default();
        DeptNode {
            id: d.id,
            parent_id: d.parent_id,
            key: d.id.to_string(),
            value: d.id.to_string(),
            title: d.dept_name.clone(),
            tenant_id: d.tenant_id,
            dept_name: d.dept_name,
            full_name: d.full_name,
            dept_category: d.dept_category,
            power_type: d.power_type,
            sort: d.sort,
            children: kids.into_iter().map(|k| node(k, by_parent)).collect(),
        }
    }
    roots.into_iter().map(|r| node(r, &mut by_parent)).collect()
}
