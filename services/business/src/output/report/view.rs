//! What a person sees of an enterprise's month: the report (when filed) on the wire conventions, the
//! enterprise's name, territory and industry, the figures of `figures.rs`, and the review steps the
//! workflow allows. A month not filed yet (未填) has an empty `id` and status.
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;

use super::month::Shown;
use crate::checks::yes_no;
use crate::metrics;
use crate::money::Wan;
use crate::output::breakdown::InForce;
use crate::period::Period;
use crate::reference::Reference;
use crate::review::{self, Step};
use crate::split;

/// The label of a month without a report.
pub const MISSING_LABEL: &str = "未填";

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutputReportView {
    /// The report's id; empty for a month not filed.
    pub id: String,
    #[schemars(with = "String")]
    #[serde(with = "keeper_common::id::as_string")]
    pub enterprise_id: i64,
    pub enterprise_name: String,
    pub credit_code: String,
    /// The territory the report was filed under (the enterprise's, for a month not filed).
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    pub dept_name: String,
    pub industry_code: String,
    pub industry_name: String,
    pub is_above_scale: String,
    pub is_above_scale_name: String,
    /// Whether the enterprise owes the month's report (应报).
    pub expected: bool,
    /// `2026-03`
    pub period: String,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_output: Option<Decimal>,
    /// Σ approved months before this one.
    pub ytd_before: Wan,
    /// 1–N月累计, this month included.
    pub ytd_output: Option<Wan>,
    pub last_year_month_output: Option<Wan>,
    pub last_year_ytd_output: Option<Wan>,
    /// The last-year figures come from approved reports (else from what the filler typed).
    pub last_year_from_reports: bool,
    /// 同比 of 1–N月累计, percent with two decimals (`10.00`, as every rate is sent); none without a base.
    #[schemars(with = "Option<String>")]
    pub yoy: Option<Decimal>,
    /// 同比 of the month alone.
    #[schemars(with = "Option<String>")]
    pub month_yoy: Option<Decimal>,
    /// The enterprise's annual target in force (年度产值分解); none without one.
    pub annual_target: Option<Wan>,
    /// Its months 1..N.
    pub ytd_target: Option<Wan>,
    /// 1–N月累计 ÷ the annual target, percent; none without a target or a figure.
    #[schemars(with = "Option<String>")]
    pub completion: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_revenue: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_added_value: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_tax: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub month_profit: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub electricity: Option<Decimal>,
    pub employee_count: Option<i32>,
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub next_month_forecast: Option<Decimal>,
    pub decline_reason: String,
    pub problems: String,
    pub remark: String,
    /// A `report_status` key; empty for a month not filed.
    pub report_status: String,
    pub report_status_name: String,
    pub is_late: String,
    pub is_late_name: String,
    pub submit_user_name: String,
    pub submit_time: String,
    pub audit_user_name: String,
    pub audit_time: String,
    pub review_opinion: String,
    pub next_steps: Vec<Step>,
}

fn time(t: Option<chrono::DateTime<chrono::Utc>>) -> String {
    t.map(|t| keeper_common::time::format(&t)).unwrap_or_default()
}

/// The view of `row` at month `p`, with the enterprise's target in force when it has one.
pub fn view(shown: Shown, p: Period, r: &Reference, target: Option<&InForce>) -> OutputReportView {
    let dept_id = shown.row.dept_id();
    let status = shown.row.status();
    let Shown { row, report, figures: f } = shown;
    let (e, owes) = (row.enterprise, row.owes);
    let rep = report.as_ref();
    let text = |g: fn(&crate::entity::output_report::Model) -> &String| rep.map(|x| g(x).clone()).unwrap_or_default();
    OutputReportView {
        id: rep.map(|x| x.id.to_string()).unwrap_or_default(),
        enterprise_id: e.id,
        credit_code: e.credit_code.clone(),
        dept_name: r.dept_name(dept_id),
        dept_id,
        industry_name: r.label("industry", &e.industry_code),
        industry_code: e.industry_code.clone(),
        is_above_scale_name: yes_no(&e.is_above_scale),
        is_above_scale: e.is_above_scale.clone(),
        expected: owes,
        period: p.to_string(),
        month_output: rep.map(|x| x.month_output),
        ytd_before: f.ytd_before,
        ytd_output: f.ytd,
        last_year_month_output: f.last_year_month,
        last_year_ytd_output: f.last_year_ytd,
        last_year_from_reports: f.last_year_from_reports,
        yoy: f.yoy,
        month_yoy: f.month_yoy,
        annual_target: target.map(|t| t.annual),
        ytd_target: target.map(|t| split::cumulative(&t.months, p.month())),
        completion: target.and_then(|t| metrics::completion(f.ytd?, t.annual)),
        month_revenue: rep.and_then(|x| x.month_revenue),
        month_added_value: rep.and_then(|x| x.month_added_value),
        month_tax: rep.and_then(|x| x.month_tax),
        month_profit: rep.and_then(|x| x.month_profit),
        electricity: rep.and_then(|x| x.electricity),
        employee_count: rep.and_then(|x| x.employee_count),
        next_month_forecast: rep.and_then(|x| x.next_month_forecast),
        decline_reason: text(|x| &x.decline_reason),
        problems: text(|x| &x.problems),
        remark: text(|x| &x.remark),
        report_status: status.map(|s| s.code().to_string()).unwrap_or_default(),
        report_status_name: status.map_or(MISSING_LABEL, |s| s.label()).to_string(),
        is_late_name: rep.map(|x| yes_no(&x.is_late)).unwrap_or_default(),
        is_late: text(|x| &x.is_late),
        submit_user_name: text(|x| &x.submit_user_name),
        submit_time: time(rep.and_then(|x| x.submit_time)),
        audit_user_name: text(|x| &x.audit_user_name),
        audit_time: time(rep.and_then(|x| x.audit_time)),
        review_opinion: text(|x| &x.review_opinion),
        next_steps: status.map(review::allowed).unwrap_or_default(),
        enterprise_name: e.enterprise_name,
    }
}
