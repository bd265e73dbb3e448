//! One SMS configuration of a tenant (api-contract §8.4); `status` 2 marks the enabled one.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "res_sms")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub category: i32,
    pub sms_code: String,
    pub template_id: String,
    pub access_key: String,
    pub secret_key: String,
    pub app_id: String,
    pub region_id: String,
    pub sign_name: String,
    pub endpoint: String,
    pub remark: String,
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
