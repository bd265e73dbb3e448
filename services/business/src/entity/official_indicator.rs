//! An official figure typed in by the bureau (`OfficialIndicatorValue`, domain-model §2.3.4): for what the
//! platform does not measure itself (固定资产投资, 省外到位资金, 实际使用外资 …), the department's 1–N月
//! cumulative value of an indicator as the statistics office published it (快报 or 正式).
use schemars::JsonSchema;
use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, JsonSchema)]
#[sea_orm(table_name = "biz_official_indicator")]
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
    pub dept_id: i64,
    pub period_year: i32,
    pub period_month: i32,
    /// `target_indicator` key.
    pub indicator_code: String,
    /// `data_source` key: 2 统计快报, 3 统计正式 (正式 supersedes 快报).
    pub data_source: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::decimal::normal")]
    pub indicator_value: Decimal,
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
