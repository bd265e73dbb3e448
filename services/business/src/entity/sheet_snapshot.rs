//! The dispatch sheet of a month as it stood when the month was locked (`biz_sheet_snapshot`): its project
//! lines and the department tree they were grouped by, as JSON. Written once per lock; unlocking only
//! records who unlocked it and why.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_sheet_snapshot")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub pillar: String,
    pub period_year: i32,
    pub period_month: i32,
    /// The `biz_month_lock` row it was taken for.
    pub lock_id: i64,
    #[sea_orm(column_type = "Text")]
    pub rows: String,
    pub create_user: i64,
    pub create_user_name: String,
    pub create_time: DateTimeUtc,
    pub unlocked_by: Option<i64>,
    pub unlocked_name: String,
    pub unlocked_time: Option<DateTimeUtc>,
    pub unlock_reason: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
