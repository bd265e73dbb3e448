//! The technical-renovation facts of a 技术改造 project (domain-model §2.2.4): its kind of renovation, its
//! filing, the equipment it buys, whether it is a key renovation and asks for the renovation subsidy, and
//! what it is expected to add. Money in 万元 (`decimal(18,4)`), energy saving in 吨标煤 (`decimal(14,2)`).
//!
//! The row serialises in the wire conventions; the audit columns and the soft-delete flag stay off the wire.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_tech_renovation")]
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
    /// `renovation_type`
    pub renovation_type: String,
    /// 备案代码: the format of the project's approval code.
    pub filing_code: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub filing_date: Option<Date>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub equipment_investment: Decimal,
    /// 新增设备(台套)
    pub new_equipment_count: Option<i32>,
    pub is_key_renovation: String,
    pub subsidy_applied: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub subsidy_amount: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_new_output: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_new_tax: Option<Decimal>,
    /// 吨标煤
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_energy_saving: Option<Decimal>,
    #[serde(skip)]
    pub create_user: Option<i64>,
    #[serde(skip)]
    pub create_dept: Option<i64>,
    #[serde(skip)]
    pub create_time: DateTimeUtc,
    #[serde(skip)]
    pub update_user: Option<i64>,
    #[serde(skip)]
    pub update_time: DateTimeUtc,
    #[serde(skip)]
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
