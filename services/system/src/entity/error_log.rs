//! One request that failed inside a service (HTTP 5xx), with the error the caller was not shown.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_error_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub service_id: String,
    pub request_id: String,
    pub method: String,
    pub request_uri: String,
    pub params: Option<String>,
    pub exception_name: String,
    pub message: Option<String>,
    pub remote_ip: String,
    pub user_agent: String,
    pub user_id: Option<i64>,
    pub account: String,
    pub create_time: DateTimeUtc,
    pub server_host: String,
    pub server_ip: String,
    pub env: String,
    pub method_class: String,
    pub method_name: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
