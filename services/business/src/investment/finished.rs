//! Finished projects (已完成项目, domain-model §2.2.8): the projects in the library that reached 竣工, 投产 or
//! 达产, with what they achieved: the investment actually made (the cumulative figure of the approved
//! monthly reports and the opening balance) against the plan, and how long construction took. The output
//! they realised against what was expected comes with the output-value module.
use chrono::{Datelike, NaiveDate};
use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_excel::{Column, Sheet};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::project::view::ProjectView;
use super::project::{self, repo as project_repo};
use crate::metrics;
use crate::money::Wan;
use crate::period::Period;
use crate::state::AppState;

/// The query of `project/finished` and its export: the project list's filters plus the completion year.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishedQuery {
    /// `2026`: completed (actual completion date) in that year.
    pub completion_year: Option<String>,
    #[serde(flatten)]
    pub list: project_repo::ListQuery,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishedView {
    #[serde(flatten)]
    pub project: ProjectView,
    /// 投资完成率: the investment made (cumulative) ÷ the planned total, in percent with two decimals.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub investment_completion: Option<Decimal>,
    /// 建设周期(月): whole months from the actual start to the actual completion.
    pub construction_months: Option<i32>,
}

/// Whole months from `start` to `end` (a month counts once its day is reached); none when the end
/// comes first.
pub fn whole_months(start: NaiveDate, end: NaiveDate) -> Option<i32> {
    let months = (end.year() - start.year()) * 12 + end.month() as i32 - start.month() as i32 - i32::from(end.day() < start.day());
    (months >= 0).then_some(months)
}

fn finished_view(v: ProjectView) -> FinishedView {
    let p = &v.row;
    let investment_completion = match (p.cumulative_investment, p.total_investment) {
        (Some(c), Some(t)) => metrics::completion(Wan::round(c), Some(Wan::round(t))),
        _ => None,
    };
    let construction_months = match (p.actual_start_date, p.actual_completion_date) {
        (Some(s), Some(e)) => whole_months(s, e),
        _ => None,
    };
    FinishedView { investment_completion, construction_months, project: v }
}

fn filter_of(q: FinishedQuery) -> Result<project_repo::Filter, AppError> {
    let completion_year = match keeper_common::fields::bounded_filter("completionYear", q.completion_year, 4)? {
        None => None,
        Some(y) => Some(Period::parse("completionYear", &format!("{y}-01"))?.year()),
    };
    let mut filter = q.list.parse()?;
    filter.finished = true;
    filter.completion_year = completion_year;
    Ok(filter)
}

/// The newest completion first unless another order is asked.
fn order(sort: Vec<(String, bool)>) -> Vec<(String, bool)> {
    if sort.is_empty() { vec![("actual_completion_date".into(), false)] } else { sort }
}

pub async fn list(state: &AppState, me: &CurrentUser, q: FinishedQuery, mut req: PageRequest) -> Result<Page<FinishedView>, AppError> {
    req.sort = order(req.sort);
    let Page { records, total, size, current, pages } = project::list(state, me, filter_of(q)?, req).await?;
    Ok(Page { records: records.into_iter().map(finished_view).collect(), total, size, current, pages })
}

pub const EXPORT_FILE: &str = "已完成项目.xlsx";

pub fn sheet() -> Sheet {
    Sheet::new(
        "已完成项目",
        vec![
            Column::text("projectNo", "项目编号", 14.0),
            Column::text("projectName", "项目名称", 36.0),
            Column::text("enterpriseName", "项目单位", 30.0),
            Column::text("deptName", "属地园区", 16.0),
            Column::text("projectTypeName", "项目类型", 18.0),
            Column::text("industryName", "所属行业", 20.0),
            Column::decimal("totalInvestment", "计划总投资(万元)", 16.0, 4),
            Column::decimal("cumulativeInvestment", "实际完成投资(万元)", 16.0, 4),
            Column::decimal("investmentCompletion", "投资完成率(%)", 12.0, 2),
            Column::date("actualStartDate", "开工日期", 12.0),
            Column::date("actualCompletionDate", "竣工日期", 12.0),
            Column::date("productionDate", "投产日期", 12.0),
            Column::date("fullCapacityDate", "达产日期", 12.0),
            Column::int("constructionMonths", "建设周期(月)", 12.0),
            Column::decimal("expectedAnnualOutput", "达产后预计产值(万元)", 18.0, 4),
            Column::text("projectStatusName", "项目状态", 10.0),
        ],
    )
}

/// What `project/finished` shows for the same filters and order, all pages, as xlsx.
pub async fn export(state: &AppState, me: &CurrentUser, q: FinishedQuery, sort: Vec<(String, bool)>) -> Result<Vec<u8>, AppError> {
    project::excel::write(state, me, filter_of(q)?, order(sort), &sheet(), finished_view).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn construction_months_count_whole_months_from_start_to_completion() {
        for (start, end, months) in [
            ("2025-03-10", "2026-04-20", Some(13)),
            ("2025-03-10", "2026-04-10", Some(13)),
            ("2025-03-10", "2026-04-09", Some(12)),
            ("2025-12-31", "2026-01-30", Some(0)),
            ("2026-01-31", "2026-02-28", Some(0)),
            ("2026-05-01", "2026-05-01", Some(0)),
            ("2026-05-02", "2026-05-01", None),
        ] {
            assert_eq!(whole_months(day(start), day(end)), months, "{start} → {end}");
        }
    }
}
