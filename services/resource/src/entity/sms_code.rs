//! One verification code sent by SMS: only its hash is kept, with the attempts made against it.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "res_sms_code")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub phone: String,
    /// Hex SHA-256 of `<id>:<code>`.
    pub code_hash: String,
    pub attempts: i32,
    /// 1 once the code was accepted: a code opens one door once.
    pub consumed: i32,
    pub expire_time: DateTimeUtc,
    pub create_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
