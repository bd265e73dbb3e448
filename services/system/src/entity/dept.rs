//! A department of a tenant's tree, with its power (jurisdiction) type.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_dept")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub parent_id: i64,
    pub ancestors: String,
    pub dept_category: i32,
    pub power_type: i32,
    pub dept_name: String,
    pub full_name: String,
    pub sort: i32,
    pub remark: String,
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
