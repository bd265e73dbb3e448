//! An earlier version of a target, kept when the target is revised (调整): the target as it was (its JSON),
//! the version number it had and why it was revised. `target_id` is a department target's
//! (`biz_dept_target`) or an enterprise's output target's (`biz_output_target`): ids are unique across both.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_dept_target_version")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub target_id: i64,
    pub version: i32,
    /// The target as it stood, in the wire form of its `dept_target::Model` or `output_target::Model`.
    #[sea_orm(column_type = "Text", nullable)]
    pub content: Option<String>,
    pub reason: String,
    pub create_user_name: String,
    #[serde(skip)]
    pub create_user: Option<i64>,
    #[serde(skip)]
    pub create_dept: Option<i64>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTimeUtc,
    #[serde(skip)]
    pub update_user: Option<i64>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTimeUtc,
    #[serde(skip)]
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
