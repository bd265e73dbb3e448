//! An enterprise's monthly output report (domain-model §2.3.1): the month's gross industrial output at
//! current prices and the figures that go with it, through the review workflow. The territory is copied
//! from the enterprise when the report is filed, so a month's figures stay with the park that reported
//! them. Year-to-date figures are not stored: they are Σ approved months, read when shown. The last-year
//! columns hold what the filler typed for a month the platform has no approved report of.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_output_report")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    /// The enterprise's territory when the report was filed.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub period_year: i32,
    pub period_month: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub month_output: Decimal,
    /// 上年同月产值 as typed, for a month last year without an approved report.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_month_output: Option<Decimal>,
    /// 上年同期累计产值 as typed, likewise.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_ytd_output: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_revenue: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_added_value: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_tax: Option<Decimal>,
    /// May be negative (a loss).
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_profit: Option<Decimal>,
    /// 万千瓦时.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub electricity: Option<Decimal>,
    pub employee_count: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub next_month_forecast: Option<Decimal>,
    pub decline_reason: String,
    #[sea_orm(column_type = "Text")]
    pub problems: String,
    pub report_status: String,
    /// `Y` when it was submitted after the tenant's deadline day of the following month.
    pub is_late: String,
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
