//! One change of a project's status (domain-model §2.2.2): from which status to which, the day it took
//! effect, the reason, who and when. Written in the same transaction as the change, never edited.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_project_status_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub project_id: i64,
    /// `project_status` keys.
    pub from_status: String,
    pub to_status: String,
    /// The day the new status took effect (the start date of 在建, the exit date of 终止…), if the move
    /// carries one.
    pub change_date: Option<Date>,
    pub reason: String,
    pub operator_id: i64,
    /// The operator's name when they acted: the history reads the same after a rename or removal.
    pub operator_name: String,
    pub create_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
