//! One message handed to an SMS provider for one phone number, with the provider's answer.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "res_sms_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub sms_id: i64,
    pub sms_code: String,
    pub category: i32,
    pub phone: String,
    pub template_id: String,
    /// The template variables as sent, verification codes masked.
    pub params: String,
    pub success: i32,
    pub message: String,
    /// The provider's id of the message (BizId, SerialNo, job_id, sid), when it gave one.
    pub biz_id: String,
    pub create_user: Option<i64>,
    pub create_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
