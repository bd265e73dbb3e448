//! Dictionary look-ups used by every screen: system dictionaries (global) and business dictionaries
//! (per tenant), flat or as a tree (api-contract §4.7–4.8).
use std::collections::HashMap;

use actix_web::web;
use keeper_common::{AppError, R};
use keeper_security::CurrentUser;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::entity::{dict, dict_biz};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/dict/dictionary", web::get().to(system_dictionary))
        .route("/dict/dictionary-tree", web::get().to(system_dictionary_tree))
        .route("/dict-biz/dictionary", web::get().to(biz_dictionary))
        .route("/dict-biz/list", web::get().to(biz_dictionary))
        .route("/dict-biz/dictionary-tree", web::get().to(biz_dictionary_tree));
}

#[derive(Debug, Serialize, Clone)]
#[serde(rename_all = "camelCase")]
pub struct DictItem {
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(with = "keeper_common::id::as_string")]
    pub parent_id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenant_id: Option<String>,
    pub code: String,
    pub dict_key: String,
    pub dict_value: String,
    pub sort: i32,
    pub remark: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<DictItem>,
}

#[derive(Deserialize)]
pub struct CodeQuery {
    code: Option<String>,
}

impl CodeQuery {
    fn code(&self) -> Result<&str, AppError> {
        match self.code.as_deref().map(str::trim) {
            Some(c) if !c.is_empty() && c.len() <= 64 => Ok(c),
            _ => Err(AppError::field("code", "请指定字典编码")),
        }
    }
}

/// Items of one dictionary, without its top row, sorted.
pub async fn system_items(state: &AppState, code: &str) -> Result<Vec<DictItem>, AppError> {
    let rows = dict::Entity::find()
        .filter(dict::Column::Code.eq(code))
        .filter(dict::Column::ParentId.gt(0))
        .filter(dict::Column::IsSealed.eq(0))
        .filter(dict::Column::IsDeleted.eq(0))
        .order_by_asc(dict::Column::Sort)
        .order_by_asc(dict::Column::Id)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|d| DictItem {
            id: d.id,
            parent_id: d.parent_id,
            tenant_id: None,
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            children: vec![],
        })
        .collect())
}

async fn biz_items(state: &AppState, tenant_id: &str, code: &str) -> Result<Vec<DictItem>, AppError> {
    let rows = dict_biz::Entity::find()
        .filter(dict_biz::Column::TenantId.eq(tenant_id))
        .filter(dict_biz::Column::Code.eq(code))
        .filter(dict_biz::Column::ParentId.gt(0))
        .filter(dict_biz::Column::IsSealed.eq(0))
        .filter(dict_biz::Column::IsDeleted.eq(0))
        .order_by_asc(dict_biz::Column::Sort)
        .order_by_asc(dict_biz::Column::Id)
        .all(&state.db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|d| DictItem {
            id: d.id,
            parent_id: d.parent_id,
            tenant_id: Some(d.tenant_id),
            code: d.code,
            dict_key: d.dict_key,
            dict_value: d.dict_value,
            sort: d.sort,
            remark: d.remark,
            children: vec![],
        })
        .collect())
}

/// Nests items under their parents; items whose parent is the dictionary's top row are roots.
pub fn tree(items: Vec<DictItem>) -> Vec<DictItem> {
    let ids: std::collections::HashSet<i64> = items.iter().map(|i| i.id).collect();
    let mut by_parent: HashMap<i64, Vec<DictItem>> = HashMap::new();
    let mut roots = Vec::new();
    for i in items {
        if ids.contains(&i.parent_id) {
            by_parent.entry(i.parent_id).or_default().push(i);
        } else {
            roots.push(i);
        }
    }
    fn attach(mut node: DictItem, by_parent: &mut HashMap<i64, Vec<DictItem>>) -> DictItem {
        let kids = by_parent.remove(&node.id).unwrap_or_default();
        node.children = kids.into_iter().map(|k| attach(k, by_parent)).collect();
        node
    }
    roots.into_iter().map(|r| attach(r, &mut by_parent)).collect()
}

async fn system_dictionary(state: web::Data<AppState>, _user: CurrentUser, q: web::Query<CodeQuery>) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(system_items(&state, q.code()?).await?))
}

async fn system_dictionary_tree(
    state: web::Data<AppState>,
    _user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(tree(system_items(&state, q.code()?).await?)))
}

async fn biz_dictionary(state: web::Data<AppState>, user: CurrentUser, q: web::Query<CodeQuery>) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(biz_items(&state, &user.tenant_id, q.code()?).await?))
}

async fn biz_dictionary_tree(
    state: web::Data<AppState>,
    user: CurrentUser,
    q: web::Query<CodeQuery>,
) -> Result<R<Vec<DictItem>>, AppError> {
    Ok(R::data(tree(biz_items(&state, &user.tenant_id, q.code()?).await?)))
}
