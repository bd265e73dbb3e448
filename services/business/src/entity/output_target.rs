//! An enterprise's output target for a year (年度产值分解, domain-model §2.3.3 `OutputTarget`): the annual
//! target of 规上工业总产值 split into `m01` … `m12`, which add up to the year (January 0 and February both
//! months where the tenant merges them). `dept_id` is the enterprise's department when the target was
//! made, the department whose breakdown it belongs to. The row serialises in the wire conventions.
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_output_target")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    #[serde(skip)]
    pub tenant_id: String,
    pub target_year: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub dept_id: i64,
    /// 上年实际产值: Σ the enterprise's approved reports of the year before, when the target was saved.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub last_year_output: Option<Decimal>,
    /// 摸底预计产值: the verified figure of the enterprise's survey, when the target came from one.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub surveyed_output: Option<Decimal>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub annual_target: Decimal,
    /// 目标增速 in percent: (target − last year) ÷ last year; none without last year's output.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub target_growth: Option<Decimal>,
    /// `split_mode` key.
    pub split_mode: String,
    /// Quarterly checkpoints (cumulative % of the year at March, June, September) of split mode 3.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub q1_share: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub h1_share: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub q3_share: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m01: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m02: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m03: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m04: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m05: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m06: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m07: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m08: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m09: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m10: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m11: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub m12: Option<Decimal>,
    /// 1 草稿, 2 已下达, 3 已确认, 4 调整中 (`lifecycle::TargetStatus`).
    pub target_status: String,
    /// 1 for the first issue; each revision adds one.
    pub version: i32,
    #[serde(skip)]
    pub issued_by: Option<i64>,
    pub issued_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub issued_time: Option<DateTimeUtc>,
    #[serde(skip)]
    pub confirmed_by: Option<i64>,
    pub confirmed_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::time::opt_local")]
    pub confirmed_time: Option<DateTimeUtc>,
    pub revision_reason: String,
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
