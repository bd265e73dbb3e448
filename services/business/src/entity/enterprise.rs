//! An enterprise registered in a zone (domain-model §2.1). Money in 万元 as decimals.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "biz_enterprise")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub tenant_id: String,
    pub enterprise_name: String,
    pub short_name: String,
    pub credit_code: String,
    pub company_type: String,
    pub industry_code: String,
    pub leading_industry: String,
    pub dept_id: Option<i64>,
    pub industry_dept_id: Option<i64>,
    pub legal_person: String,
    pub registered_capital: Option<Decimal>,
    pub establish_date: Option<Date>,
    pub registered_address: String,
    pub production_address: String,
    pub longitude: Option<Decimal>,
    pub latitude: Option<Decimal>,
    pub stat_category: String,
    pub is_above_scale: String,
    pub above_scale_period: String,
    pub enterprise_scale: String,
    pub is_high_tech: String,
    pub specialized_level: String,
    pub is_listed: String,
    pub employee_count: Option<i32>,
    pub land_area: Option<Decimal>,
    pub main_products: String,
    pub last_year_output: Option<Decimal>,
    pub contact_name: String,
    pub contact_phone: String,
    pub liaison_leader: String,
    pub liaison_dept_id: Option<i64>,
    pub operating_status: String,
    pub need_output_report: String,
    pub remark: String,
    pub create_user: Option<i64>,
    pub create_dept: Option<i64>,
    pub create_time: DateTimeUtc,
    pub update_user: Option<i64>,
    pub update_time: DateTimeUtc,
    pub status: i32,
    pub is_deleted: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
