//! A menu (category 1) or permission button (category 2); global, granted through roles.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_menu")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
