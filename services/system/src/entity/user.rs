//! An account of a tenant; role, dept and post ids are comma-joined lists.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_user")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub code: String,
    pub user_type: i32,
    pub account: String,
    pub password: String,
    pub name: String,
    pub real_name: String,
    pub avatar: String,
    pub email: String,
    pub phone: String,
    pub birthday: Option<DateTimeUtc>,
    pub sex: i32,
    pub role_id: String,
    pub dept_id: String,
    pub post_id: String,
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
