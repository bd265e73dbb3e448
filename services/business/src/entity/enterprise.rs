//! An enterprise registered in a zone (domain-model §2.1). Money in 万元 as decimals.
//!
//! The row serialises in the wire conventions (ids and decimals as strings, days as `yyyy-MM-dd`, local
//! times), so that the view is this row plus labels and an update is the body laid over this row. The
//! audit columns and the soft-delete flag stay off the wire.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_enterprise")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub enterprise_name: String,
    pub short_name: String,
    pub credit_code: String,
    pub company_type: String,
    pub industry_code: String,
    pub leading_industry: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub industry_dept_id: Option<i64>,
    pub legal_person: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub registered_capital: Option<Decimal>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub establish_date: Option<Date>,
    pub registered_address: String,
    pub production_address: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub longitude: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub latitude: Option<Decimal>,
    pub stat_category: String,
    pub is_above_scale: String,
    pub above_scale_period: String,
    pub enterprise_scale: String,
    pub is_high_tech: String,
    pub specialized_level: String,
    pub is_listed: String,
    pub employee_count: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub land_area: Option<Decimal>,
    pub main_products: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_output: Option<Decimal>,
    pub contact_name: String,
    pub contact_phone: String,
    pub liaison_leader: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub liaison_dept_id: Option<i64>,
    pub operating_status: String,
    pub need_output_report: String,
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
