//! A file linked to a project (its approval or filing document, contract, business licence, photos) or to
//! one monthly report (the month's site photos): the attachment's id in the resource service's register,
//! with what the file was called when it was linked. The row serialises in the wire conventions.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_attachment")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    /// `project` or `report`: what `owner_id` names.
    #[serde(skip)]
    pub owner_kind: String,
    #[serde(skip)]
    pub owner_id: i64,
    /// The project, also of a report's photos.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub project_id: i64,
    /// `attachment_category` key.
    pub category: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub attach_id: i64,
    /// The stored object key, for `/oss/endpoint/download?fileName=`.
    #[serde(rename = "fileName")]
    pub object_name: String,
    /// The storage configuration holding the object (`code=` of the download); empty for the built-in one.
    pub oss_code: String,
    pub original_name: String,
    pub extension: String,
    pub attach_size: i64,
    pub create_user_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub create_user: Option<i64>,
    #[serde(skip)]
    pub create_dept: Option<i64>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTimeUtc,
    #[serde(skip)]
    pub update_user: Option<i64>,
    #[serde(skip)]
    pub update_time: DateTimeUtc,
    #[serde(skip)]
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
