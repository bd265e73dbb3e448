//! What a user sees of an enterprise: the stored row on the wire conventions (ids as strings, decimals as
//! strings, local times) plus the labels of its dictionary, flag and department fields.
use schemars::JsonSchema;
use serde::Serialize;

use crate::checks::yes_no;
use crate::entity::enterprise;
use crate::reference::Reference;

/// The row as stored (in the wire conventions of `entity::enterprise`) plus the label of each dictionary,
/// flag and department field.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseView {
    #[serde(flatten)]
    pub row: enterprise::Model,
    pub company_type_name: String,
    pub industry_name: String,
    pub leading_industry_name: String,
    pub dept_name: String,
    pub industry_dept_name: String,
    pub stat_category_name: String,
    pub is_above_scale_name: String,
    pub enterprise_scale_name: String,
    pub is_high_tech_name: String,
    pub specialized_level_name: String,
    pub is_listed_name: String,
    pub liaison_dept_name: String,
    pub operating_status_name: String,
    pub need_output_report_name: String,
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
        row: e,
    }
}
