//! A top-bar menu of a tenant grouping side menus.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_top_menu")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub code: String,
    pub name: String,
    pub source: String,
    pub path: String,
    pub sort: i32,
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
