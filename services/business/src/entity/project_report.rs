//! A project's monthly progress report (domain-model §2.2.6): the month's investment and its composition,
//! where the works stand, the plan for next month, and the status the project reached by the month's end,
//! through the review workflow. The territory is copied from the project when the report is filed, so a
//! period's figures stay with the department that reported them. `ytd` and `cumulative` are kept by
//! approval (Σ approved months), never typed.
//!
//! The row serialises in the wire conventions; the proposed status change is sent parsed by the view.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_project_report")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub project_id: i64,
    /// The project's territory when the report was filed.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub period_year: i32,
    pub period_month: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub month_investment: Decimal,
    /// Σ approved months of the year up to this one; set while the report is approved.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub ytd_investment: Option<Decimal>,
    /// The project's opening balance plus Σ all approved months up to this one; set while approved.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub cumulative_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub building_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub install_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub equipment_purchase: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub other_cost: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub funds_in_place_month: Option<Decimal>,
    /// The project's status when the report was last saved: a report proposes a move from it.
    pub from_status: String,
    /// 本月末项目状态: `from_status`, or the status the project moves to when the report is approved.
    pub project_status: String,
    /// The facts the proposed move needs (`project/status`'s fields as JSON), empty without a move.
    #[serde(skip)]
    #[sea_orm(column_type = "Text")]
    pub status_change: String,
    pub current_stage: String,
    #[sea_orm(column_type = "Text")]
    pub progress_desc: String,
    #[sea_orm(column_type = "Text")]
    pub next_month_plan: String,
    pub workers_on_site: Option<i32>,
    pub has_issue: String,
    pub report_status: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub submit_user: Option<i64>,
    pub submit_user_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub submit_time: Option<DateTimeUtc>,
    #[serde(skip)]
    pub audit_user: Option<i64>,
    pub audit_user_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub audit_time: Option<DateTimeUtc>,
    pub review_opinion: String,
    pub remark: String,
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
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
