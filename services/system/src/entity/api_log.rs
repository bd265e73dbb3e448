//! One operation (a change or a download) of any service, with who made it and how it ended.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sys_api_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub service_id: String,
    pub title: String,
    pub method: String,
    pub request_uri: String,
    pub params: Option<String>,
    /// The HTTP status of the answer.
    pub status: i32,
    pub success: i32,
    pub elapsed_ms: i64,
    pub remote_ip: String,
    pub user_agent: String,
    pub request_id: String,
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
