//! One stored file of a tenant: where it lives and what the uploader called it.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "res_attach")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    /// The configuration the object was written to (None: the built-in local storage).
    pub oss_id: Option<i64>,
    pub link: String,
    pub domain: String,
    pub name: String,
    pub original_name: String,
    pub extension: String,
    pub content_type: String,
    pub attach_size: i64,
    pub create_user_name: String,
    pub tenant_id: String,
    pub create_user: Option<i64>,
    pub create_dept: Option<i64>,
    pub create_time: DateTimeUtc,
    pub update_user: Option<i64>,
    pub update_time: DateTimeUtc,
    pub status: i32,
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
