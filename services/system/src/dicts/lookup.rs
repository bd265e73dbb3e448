//! The start-up look-ups: the live, unsealed items of one dictionary, flat or nested, as every screen and
//! other modules (department power types, account sheets, the business service's reference data) read them.
use keeper_common::AppError;
use keeper_common::envelope::Rendered;
use schemars::JsonSchema;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::repo::Row;
use crate::entity::{dict, dict_biz};
use crate::state::AppState;

/// One item of `dict/dictionary` and `dict-biz/dictionary` (nested by the `-tree` variants).
#[derive(Debug, Serialize, Clone, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItem {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[schemars(with = "String")]
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

/// Both tables' rows become items through the one row type they share (`repo::Row`).
impl From<Row> for DictItem {
    fn from(r: Row) -> Self {
        DictItem {
            id: r.id,
            parent_id: r.parent_id,
            tenant_id: r.tenant_id,
            code: r.code,
            dict_key: r.dict_key,
            dict_value: r.dict_value,
            sort: r.sort,
            remark: r.remark,
            children: vec![],
        }
    }
}

/// Items of one system dictionary, without its top row, sorted.
pub async fn system_items<C: ConnectionTrait>(db: &C, code: &str) -> Result<Vec<DictItem>, AppError> {
    let rows = dict::Entity::find()
        .filter(dict::Column::Code.eq(code))
        .filter(dict::Column::ParentId.gt(0))
        .filter(dict::Column::IsSealed.eq(0))
        .filter(dict::Column::IsDeleted.eq(0))
        .order_by_asc(dict::Column::Sort)
        .order_by_asc(dict::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|d| Row::from(d).into()).collect())
}

/// Items of the tenant's business dictionaries named by `codes`, without their top rows, sorted.
pub async fn biz_items<C: ConnectionTrait>(db: &C, tenant_id: &str, codes: &[&str]) -> Result<Vec<DictItem>, AppError> {
    let rows = dict_biz::Entity::find()
        .filter(dict_biz::Column::TenantId.eq(tenant_id))
        .filter(dict_biz::Column::Code.is_in(codes.iter().copied()))
        .filter(dict_biz::Column::ParentId.gt(0))
        .filter(dict_biz::Column::IsSealed.eq(0))
        .filter(dict_biz::Column::IsDeleted.eq(0))
        .order_by_asc(dict_biz::Column::Sort)
        .order_by_asc(dict_biz::Column::Id)
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|d| Row::from(d).into()).collect())
}

/// Nests items under their parents; items whose parent is the dictionary's top row are roots.
pub fn tree(items: Vec<DictItem>) -> Vec<DictItem> {
    keeper_common::tree::forest(items.into_iter().map(|i| (i.id, i.parent_id, i)).collect(), |i, kids| i.children = kids)
}

/// `(dictKey, dictValue)` of one system dictionary, in display order.
pub async fn system_labels<C: ConnectionTrait>(db: &C, code: &str) -> Result<Vec<(String, String)>, AppError> {
    Ok(system_items(db, code).await?.into_iter().map(|i| (i.dict_key, i.dict_value)).collect())
}

/// Which start-up look-up a screen asks for: the platform's dictionary or the caller's tenant's business
/// one, flat or nested.
#[derive(Clone, Copy)]
pub enum Lookup<'a> {
    System { nested: bool },
    Biz { tenant_id: &'a str, nested: bool },
}

/// The serialised answer of `dict[-biz]/dictionary[-tree]`. Every screen loads several dictionaries when it
/// opens and they change only through administration, so answers are kept until this process's next write
/// (`AppState::dict_answers`): the look-up was the costliest read of a page load (91 µs of CPU against
/// 18 µs for a kept answer, bench/README.md).
pub async fn answer(state: &AppState, lookup: Lookup<'_>, code: &str) -> Result<Rendered<Vec<DictItem>>, AppError> {
    let (key, nested) = match lookup {
        Lookup::System { nested } => (format!("sys:{nested}:{code}"), nested),
        Lookup::Biz { tenant_id, nested } => (format!("biz:{nested}:{tenant_id}:{code}"), nested),
    };
    state
        .dict_answers
        .get_or_load(&key, async {
            let items = match lookup {
                Lookup::System { .. } => system_items(&state.db, code).await?,
                Lookup::Biz { tenant_id, .. } => biz_items(&state.db, tenant_id, &[code]).await?,
            };
            Ok(Rendered::data(&if nested { tree(items) } else { items }))
        })
        .await
}
