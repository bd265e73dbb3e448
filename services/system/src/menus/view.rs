//! What menu administration answers: `MenuVO` with its display names (api-contract §4.1), as a tree or as
//! the children of one node with `hasChildren`.
use schemars::JsonSchema;
use std::collections::HashMap;

use keeper_common::AppError;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;

use crate::entity::{dict, menu};
use crate::state::AppState;
use keeper_common::tree::{TOP, TreeNode};

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuView {
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
    pub parent_name: String,
    pub category_name: String,
    pub action_name: String,
    pub is_open_name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<MenuView>,
    /// Only in the lazy lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_children: Option<bool>,
}

/// The display names of one request: parent names and the dictionaries `menu_category`, `button_func`
/// and `yes_no`.
pub struct Labels {
    parents: HashMap<i64, String>,
    category: HashMap<String, String>,
    action: HashMap<String, String>,
    is_open: HashMap<String, String>,
}

/// Key → value of one system dictionary's live items.
pub async fn dictionary(state: &AppState, code: &str) -> Result<HashMap<String, String>, AppError> {
    Ok(dict::Entity::find()
        .filter(dict::Column::Code.eq(code))
        .filter(dict::Column::ParentId.gt(0))
        .filter(dict::Column::IsDeleted.eq(0))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|i| (i.dict_key, i.dict_value))
        .collect())
}

impl Labels {
    pub async fn load(state: &AppState, all: &[menu::Model]) -> Result<Labels, AppError> {
        Ok(Labels {
            parents: all.iter().map(|m| (m.id, m.name.clone())).collect(),
            category: dictionary(state, "menu_category").await?,
            action: dictionary(state, "button_func").await?,
            is_open: dictionary(state, "yes_no").await?,
        })
    }

    pub fn view(&self, m: &menu::Model) -> MenuView {
        let name = |dict: &HashMap<String, String>, key: i32| dict.get(&key.to_string()).cloned().unwrap_or_default();
        MenuView {
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
            parent_name: if m.parent_id == 0 { TOP.into() } else { self.parents.get(&m.parent_id).cloned().unwrap_or_default() },
            category_name: name(&self.category, m.category),
            action_name: name(&self.action, m.action),
            is_open_name: name(&self.is_open, m.is_open),
            children: vec![],
            has_children: None,
        }
    }
}

/// Rows in display order become a forest; a row whose parent is not among them is a root.
pub fn tree(rows: &[&menu::Model], labels: &Labels) -> Vec<MenuView> {
    keeper_common::tree::forest(rows.iter().map(|m| (m.id, m.parent_id, labels.view(m))).collect(), |v, kids| v.children = kids)
}

/// The picker nodes of menus (grant and menu trees), in the given display order.
pub fn nodes(rows: &[&menu::Model]) -> Vec<TreeNode> {
    keeper_common::tree::nodes(rows.iter().map(|m| (m.id, m.parent_id, m.name.as_str())))
}
