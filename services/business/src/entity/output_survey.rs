//! An enterprise's output survey (摸底, domain-model §2.3.5 `OutputSurvey`): at the turn of the year (年初)
//! or mid-year (年中) the enterprise states the output it expects for the year and what drives it; the
//! park verifies (核定) the figure through the review workflow. The committee sets and splits the targets
//! of 年度产值分解 from the verified figures. `dept_id` is the enterprise's territory when the survey was
//! filed. The row serialises in the wire conventions.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_output_survey")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    pub survey_year: i32,
    /// `survey_round` key: 1 年初, 2 年中, 3 其他.
    pub survey_round: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub dept_id: i64,
    /// 上年产值 (实际或预计), 万元.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub last_year_output: Decimal,
    /// 本年预计产值, as the enterprise states it.
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub expected_output: Decimal,
    /// 第1季度预计; the four add up to the year when given.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_q1: Option<Decimal>,
    /// 第2季度预计; the four add up to the year when given.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_q2: Option<Decimal>,
    /// 第3季度预计; the four add up to the year when given.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_q3: Option<Decimal>,
    /// 第4季度预计; the four add up to the year when given.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub expected_q4: Option<Decimal>,
    /// 新增产能贡献: what projects going into production add.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub new_capacity_output: Option<Decimal>,
    /// The projects bringing the new capacity, as comma-separated ids.
    pub new_project_ids: String,
    pub growth_factors: String,
    pub decline_factors: String,
    /// 园区核定产值: set by the park when it approves; none before.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub verified_output: Option<Decimal>,
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
    #[serde(skip)]
    pub status: i32,
    #[serde(skip)]
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
