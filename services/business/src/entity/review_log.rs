//! One move of a filing through the review workflow (domain-model §2.0: "each transition writes an audit
//! row"): which filing, from which status to which, the opinion, who and when. Written in the same
//! transaction as the status change, never edited.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_review_log")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    /// The kind of filing (`review::log::Kind`), e.g. `output_report`.
    pub biz_type: String,
    pub biz_id: i64,
    /// The step taken (`review::Step`, camelCase as on the wire).
    pub step: String,
    /// `report_status` keys.
    pub from_status: String,
    pub to_status: String,
    pub opinion: String,
    pub operator_id: i64,
    /// The operator's name when they acted: the history reads the same after a rename or removal.
    pub operator_name: String,
    pub create_time: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
