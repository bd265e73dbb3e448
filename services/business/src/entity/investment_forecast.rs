//! A project's investment forecast for a month (投资预测, domain-model §2.2.5b `InvestmentForecast`): what the
//! park expects it to complete this month, this quarter and this year, with the grounds, through the review
//! workflow. The department is the project's when the forecast was filed. The row serialises in the wire
//! conventions.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_investment_forecast")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub project_id: i64,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub forecast_year: i32,
    pub forecast_month: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub expected_month_investment: Decimal,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_quarter_investment: Option<Decimal>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub expected_year_investment: Decimal,
    /// `yyyy-MM-dd`, or empty: for a project not started yet.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub expected_start_date: Option<Date>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub expected_production_date: Option<Date>,
    pub basis: String,
    /// `report_status` key (the review workflow).
    pub report_status: String,
    #[serde(skip)]
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
