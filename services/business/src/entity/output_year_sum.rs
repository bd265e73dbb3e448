//! Each enterprise's approved month output of one year, by the department the reports were filed under,
//! the twelve months side by side (domain-model §6.2, pre-aggregated monthly sums): what the statistics
//! sum instead of the reports, a tenth of the rows. Derived, never typed: `output::year_sum` rewrites an
//! enterprise's years from its reports whenever a review step approves a report or takes an approval back,
//! in the same transaction.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_output_year_sum")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tenant_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub period_year: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub enterprise_id: i64,
    /// The department the reports were filed under; 0 for reports filed without one (a key column
    /// cannot be null).
    #[sea_orm(primary_key, auto_increment = false)]
    pub dept_id: i64,
    /// Month 1's approved output (万元); none where month 1 has no approved report under this department.
    pub m1: Option<Decimal>,
    pub m2: Option<Decimal>,
    pub m3: Option<Decimal>,
    pub m4: Option<Decimal>,
    pub m5: Option<Decimal>,
    pub m6: Option<Decimal>,
    pub m7: Option<Decimal>,
    pub m8: Option<Decimal>,
    pub m9: Option<Decimal>,
    pub m10: Option<Decimal>,
    pub m11: Option<Decimal>,
    pub m12: Option<Decimal>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// Month `m`'s column (1–12).
pub fn month(m: u32) -> Column {
    const MONTHS: [Column; 12] = [
        Column::M1,
        Column::M2,
        Column::M3,
        Column::M4,
        Column::M5,
        Column::M6,
        Column::M7,
        Column::M8,
        Column::M9,
        Column::M10,
        Column::M11,
        Column::M12,
    ];
    MONTHS[(m.clamp(1, 12) - 1) as usize]
}
