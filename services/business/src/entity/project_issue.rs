//! An issue of a project (问题, domain-model §2.2.7): what blocks it, raised by a park (from a monthly report
//! or on its own), triaged by the committee into a level (`issue_level`) and assigned to a responsible
//! department with co-operating ones and a deadline, handled, and struck off; its moves and progress notes
//! are `project_issue_log` rows. The project's territory is copied when the issue is raised.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_project_issue")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    /// `WT2026-0001`: given when the issue is raised.
    pub issue_no: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub project_id: i64,
    /// The monthly report it was raised with, if any.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub report_id: Option<i64>,
    /// The enterprise's monthly output report whose 生产经营困难/诉求 it was raised from, if any.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub output_report_id: Option<i64>,
    /// The project's territory when the issue was raised.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    /// 提出单位: the raiser's department.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub raised_by_dept_id: Option<i64>,
    pub raised_by_name: String,
    /// `2026-10`: the month it was raised for.
    pub raised_period: String,
    /// `issue_level` key, 1 (上报) to 4 (重点).
    pub issue_level: String,
    pub issue_type: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text")]
    pub suggestion: String,
    /// 责任(牵头)单位, set by 交办.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub responsible_dept_id: Option<i64>,
    /// 配合单位 as `,5,7,` (comma-framed, so one department matches with `LIKE '%,5,%'`); empty for none.
    #[serde(skip)]
    pub co_dept_ids: String,
    pub responsible_leader: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub deadline: Option<Date>,
    /// `issue_status` key.
    pub issue_status: String,
    #[sea_orm(column_type = "Text")]
    pub resolution: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub resolved_date: Option<Date>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub closed_by: Option<i64>,
    pub closed_by_name: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub closed_date: Option<Date>,
    pub meeting_ref: String,
    #[serde(skip)]
    pub create_user: Option<i64>,
    #[serde(skip)]
    pub create_dept: Option<i64>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTimeUtc,
    #[serde(skip)]
    pub update_user: Option<i64>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTimeUtc,
    #[serde(skip)]
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
