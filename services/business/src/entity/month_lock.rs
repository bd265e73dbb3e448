//! A locked reporting month of a pillar (`biz_month_lock`): while the row exists the month's reports
//! neither move through review nor change the presented sheet.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_month_lock")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    /// `investment` (the dispatch sheet); the output pillar may lock its months too.
    pub pillar: String,
    pub period_year: i32,
    pub period_month: i32,
    pub locked_by: i64,
    /// The locker's name when they locked.
    pub locked_name: String,
    pub locked_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
