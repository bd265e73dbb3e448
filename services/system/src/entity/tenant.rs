//! A tenant: one economic-development zone.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_tenant")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub tenant_name: String,
    pub domain: String,
    pub background_url: String,
    pub linkman: String,
    pub contact_number: String,
    pub address: String,
    pub account_number: i32,
    pub expire_time: Option<DateTimeUtc>,
    pub package_id: Option<i64>,
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
