//! One entry of an issue's history (domain-model §2.2.7): a move (交办, 接收, 退回研判, 办结, 销号, 驳回, 关闭,
//! 升级/降级) with its status and level before and after, or a progress note (办理进展); who and when.
//! Written in the same transaction as the change, never edited.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_project_issue_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub issue_id: i64,
    /// The action taken (`issue::lifecycle::Action`, camelCase as on the wire).
    pub action: String,
    pub from_status: String,
    pub to_status: String,
    pub from_level: String,
    pub to_level: String,
    /// The reason, opinion, note or resolution given.
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub operator_id: i64,
    /// The operator's name when they acted.
    pub operator_name: String,
    pub create_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
