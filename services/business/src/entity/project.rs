//! An investment project of a zone (domain-model §2.2.1): the one record the five investment screens are
//! views of. Money in 万元 as decimals (`decimal(18,4)`), foreign investment in 万美元.
//!
//! The row serialises in the wire conventions (ids and decimals as strings, days as `yyyy-MM-dd`, local
//! times), so that the view is this row plus labels and an update is the body laid over this row. The
//! audit columns, the soft-delete flag and the internal resume marker stay off the wire.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_project")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub project_no: String,
    pub approval_code: String,
    pub project_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub enterprise_id: Option<i64>,
    pub owner_name: String,
    pub investor_name: String,
    pub investor_origin: String,
    pub project_source: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub industry_dept_id: Option<i64>,
    pub project_type: String,
    pub project_status: String,
    pub library_status: String,
    pub construction_nature: String,
    pub industry_code: String,
    pub leading_industry: String,
    pub project_level: String,
    pub is_key_project: String,
    pub is_tracked: String,
    pub address: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub longitude: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub latitude: Option<Decimal>,
    #[sea_orm(column_type = "Text")]
    pub construction_content: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub total_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub fixed_asset_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub equipment_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub foreign_investment: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub land_area: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub building_area: Option<Decimal>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub sign_date: Option<Date>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub contract_amount: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub funds_in_place: Option<Decimal>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub planned_start_date: Option<Date>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub actual_start_date: Option<Date>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub planned_completion_date: Option<Date>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub actual_completion_date: Option<Date>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub production_date: Option<Date>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub full_capacity_date: Option<Date>,
    pub construction_start_year: Option<i32>,
    pub construction_end_year: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_annual_output: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_annual_tax: Option<Decimal>,
    pub expected_jobs: Option<i32>,
    pub responsible_leader: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub responsible_dept_id: Option<i64>,
    pub responsible_person: String,
    pub responsible_phone: String,
    pub owner_contact: String,
    pub owner_phone: String,
    pub is_stat_included: String,
    pub stat_included_period: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub cumulative_investment: Option<Decimal>,
    /// 开工至上线累计: what a project already under way had invested before the zone went live; its
    /// cumulative figures start from it.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub opening_investment: Option<Decimal>,
    pub current_stage: String,
    pub warning_level: String,
    pub exit_reason: String,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub exit_date: Option<Date>,
    /// The status held before 停缓建, where a resume returns to (§2.2.2).
    #[serde(skip)]
    pub suspended_from: String,
    // What a finished project achieved (§2.2.8), kept on the 已完成项目 screen.
    /// 竣工验收日期: `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub acceptance_date: Option<Date>,
    /// 实际完成总投资.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub actual_total_investment: Option<Decimal>,
    /// 新增生产能力.
    pub new_capacity: String,
    /// 投产后年产值.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub actual_annual_output: Option<Decimal>,
    /// 投产后年税收.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub actual_annual_tax: Option<Decimal>,
    /// 是否已入规: `Y`, `N`, or empty.
    pub entered_above_scale: String,
    // A status move the park proposed on the 已完成项目 screen, waiting for a reviewer (§2.2.2).
    /// The proposed `project_status`; empty without a proposal.
    pub proposed_status: String,
    /// The day the proposed status took effect (its 达产日期), `yyyy-MM-dd`.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub proposed_date: Option<Date>,
    pub proposal_reason: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub proposed_by: Option<i64>,
    pub proposed_by_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub proposed_time: Option<DateTimeUtc>,
    /// The reviewer's opinion of the last proposal returned; cleared by the next proposal.
    pub proposal_opinion: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub submit_user: Option<i64>,
    pub submit_user_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub submit_time: Option<DateTimeUtc>,
    /// `yyyy-MM-dd`, or empty.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::opt_day")]
    pub entry_date: Option<Date>,
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
