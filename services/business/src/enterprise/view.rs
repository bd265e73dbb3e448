//! What a user sees of an enterprise: every field on the wire conventions (ids as strings, decimals as
//! strings, local times) plus the labels of its dictionary, flag and department fields.
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use crate::enterprise::form::YES;
use crate::entity::enterprise;
use crate::reference::Reference;

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseView {
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub id: i64,
    pub tenant_id: String,
    pub enterprise_name: String,
    pub short_name: String,
    pub credit_code: String,
    pub company_type: String,
    pub company_type_name: String,
    pub industry_code: String,
    pub industry_name: String,
    pub leading_industry: String,
    pub leading_industry_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub industry_dept_id: Option<i64>,
    pub industry_dept_name: String,
    pub legal_person: String,
    pub registered_capital: Option<Decimal>,
    /// `yyyy-MM-dd`, or empty.
    pub establish_date: String,
    pub registered_address: String,
    pub production_address: String,
    pub longitude: Option<Decimal>,
    pub latitude: Option<Decimal>,
    pub stat_category: String,
    pub stat_category_name: String,
    pub is_above_scale: String,
    pub is_above_scale_name: String,
    pub above_scale_period: String,
    pub enterprise_scale: String,
    pub enterprise_scale_name: String,
    pub is_high_tech: String,
    pub is_high_tech_name: String,
    pub specialized_level: String,
    pub specialized_level_name: String,
    pub is_listed: String,
    pub is_listed_name: String,
    pub employee_count: Option<i32>,
    pub land_area: Option<Decimal>,
    pub main_products: String,
    pub last_year_output: Option<Decimal>,
    pub contact_name: String,
    pub contact_phone: String,
    pub liaison_leader: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub liaison_dept_id: Option<i64>,
    pub liaison_dept_name: String,
    pub operating_status: String,
    pub operating_status_name: String,
    pub need_output_report: String,
    pub need_output_report_name: String,
    pub remark: String,
    pub status: i32,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub create_time: DateTime<Utc>,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::time::local")]
    pub update_time: DateTime<Utc>,
}

pub fn yes_no(flag: &str) -> String {
    match flag {
        "" => String::new(),
        f if f == YES => "是".into(),
        _ => "否".into(),
    }
}

fn norm(d: Option<Decimal>) -> Option<Decimal> {
    d.map(|d| d.normalize())
}

pub fn view(e: enterprise::Model, r: &Reference) -> EnterpriseView {
    EnterpriseView {
        company_type_name: r.label("company_type", &e.company_type),
        industry_name: r.label("industry", &e.industry_code),
        leading_industry_name: r.label("industry_chain", &e.leading_industry),
        dept_name: r.dept_name(e.dept_id),
        industry_dept_name: r.dept_name(e.industry_dept_id),
        stat_category_name: r.label("stat_category", &e.stat_category),
        is_above_scale_name: yes_no(&e.is_above_scale),
        enterprise_scale_name: r.label("enterprise_scale", &e.enterprise_scale),
        is_high_tech_name: yes_no(&e.is_high_tech),
        specialized_level_name: r.label("specialized_level", &e.specialized_level),
        is_listed_name: yes_no(&e.is_listed),
        liaison_dept_name: r.dept_name(e.liaison_dept_id),
        operating_status_name: r.label("enterprise_status", &e.operating_status),
        need_output_report_name: yes_no(&e.need_output_report),
        establish_date: e.establish_date.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        registered_capital: norm(e.registered_capital),
        longitude: norm(e.longitude),
        latitude: norm(e.latitude),
        land_area: norm(e.land_area),
        last_year_output: norm(e.last_year_output),
        id: e.id,
        tenant_id: e.tenant_id,
        enterprise_name: e.enterprise_name,
        short_name: e.short_name,
        credit_code: e.credit_code,
        company_type: e.company_type,
        industry_code: e.industry_code,
        leading_industry: e.leading_industry,
        dept_id: e.dept_id,
        industry_dept_id: e.industry_dept_id,
        legal_person: e.legal_person,
        registered_address: e.registered_address,
        production_address: e.production_address,
        stat_category: e.stat_category,
        is_above_scale: e.is_above_scale,
        above_scale_period: e.above_scale_period,
        enterprise_scale: e.enterprise_scale,
        is_high_tech: e.is_high_tech,
        specialized_level: e.specialized_level,
        is_listed: e.is_listed,
        employee_count: e.employee_count,
        main_products: e.main_products,
        contact_name: e.contact_name,
        contact_phone: e.contact_phone,
        liaison_leader: e.liaison_leader,
        liaison_dept_id: e.liaison_dept_id,
        operating_status: e.operating_status,
        need_output_report: e.need_output_report,
        remark: e.remark,
        status: e.status,
        create_time: e.create_time,
        update_time: e.update_time,
    }
}
