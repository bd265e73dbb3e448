//! Finished projects (已完成项目, domain-model §2.2.8): the projects in the library that reached 竣工, 投产 or
//! 达产, with what they achieved: the investment actually made against the plan (the completion figure
//! once recorded, else the cumulative figure of the approved monthly reports and the opening balance), how
//! long construction took, and the output realised against the output expected at full capacity. The
//! completion fields are kept here ([`completion`]); the screen's status moves (投产 → 达产, an
//! administrator's re-opening) go through the project lifecycle.
pub mod completion;
pub mod proposal;

use chrono::{Datelike, NaiveDate};
use keeper_common::AppError;
use keeper_common::page::{Page, PageRequest};
use keeper_excel::{Column, Sheet};
use keeper_security::CurrentUser;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::project::lifecycle::ProjectStatus;
use super::project::status::{self, Change};
use super::project::view::ProjectView;
use super::project::{self, repo as project_repo, scope};
use crate::checks::yes_no;
use crate::entity::project as entity;
use crate::metrics;
use crate::money::Wan;
use crate::period::Period;
use crate::review::Status;
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
    /// 实际完成投资: the actual total investment once recorded, else the cumulative figure.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub actual_investment: Option<Decimal>,
    /// 投资完成率: the investment made ÷ the planned total, in percent with two decimals.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub investment_completion: Option<Decimal>,
    /// 建设周期(月): whole months from the actual start to the actual completion.
    pub construction_months: Option<i32>,
    /// 产值兑现率: the actual annual output ÷ the output expected at full capacity, in percent with two
    /// decimals; none without either or when nothing was expected.
    #[schemars(with = "Option<String>")]
    #[serde(with = "keeper_common::decimal::opt_normal")]
    pub output_realisation: Option<Decimal>,
    /// 是否已入规: 是, 否, or empty.
    pub entered_above_scale_name: String,
}

/// Whole months from `start` to `end` (a month counts once its day is reached); none when the end
/// comes first.
pub fn whole_months(start: NaiveDate, end: NaiveDate) -> Option<i32> {
    let months = (end.year() - start.year()) * 12 + end.month() as i32 - start.month() as i32 - i32::from(end.day() < start.day());
    (months >= 0).then_some(months)
}

/// The investment a finished project made: what its completion records, else what its reports add up to.
pub fn actual_investment(p: &entity::Model) -> Option<Decimal> {
    p.actual_total_investment.or(p.cumulative_investment)
}

/// `part` ÷ `whole` in percent; none when either is missing or the whole is zero.
fn rate(part: Option<Decimal>, whole: Option<Decimal>) -> Option<Decimal> {
    metrics::completion(Wan::round(part?), whole.map(Wan::round))
}

fn finished_view(v: ProjectView) -> FinishedView {
    let p = &v.row;
    let actual_investment = actual_investment(p);
    let construction_months = match (p.actual_start_date, p.actual_completion_date) {
        (Some(s), Some(e)) => whole_months(s, e),
        _ => None,
    };
    FinishedView {
        investment_completion: rate(actual_investment, p.total_investment),
        output_realisation: rate(p.actual_annual_output, p.expected_annual_output),
        entered_above_scale_name: yes_no(&p.entered_above_scale),
        actual_investment,
        construction_months,
        project: v,
    }
}

/// Whether a project is one of the finished projects: in the library at 竣工, 投产 or 达产.
pub fn is_finished(p: &entity::Model) -> bool {
    p.library_status == Status::Approved.code()
        && ProjectStatus::of_code(&p.project_status).is_some_and(|s| project_repo::FINISHED_STATUSES.contains(&s))
}

/// The finished project `id` as the caller may act on it; any other project is not found.
pub async fn target(state: &AppState, me: &CurrentUser, id: i64) -> Result<entity::Model, AppError> {
    let scope = scope::resolve(state, me).await?;
    let rows = project_repo::visible(&state.db, &me.tenant_id, &scope, &[id]).await?;
    rows.into_iter().find(is_finished).ok_or_else(AppError::not_found)
}

/// A status change by the keeper of 已完成项目 who keeps no project list: of a finished project only (投产 →
/// 达产, an administrator's re-opening of a project at 达产); the lifecycle decides the rest.
pub async fn change_status(state: &AppState, me: &CurrentUser, c: Change) -> Result<(), AppError> {
    target(state, me, c.id).await?;
    status::change(state, me, c).await
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
            Column::decimal("actualInvestment", "实际完成投资(万元)", 16.0, 4),
            Column::decimal("investmentCompletion", "投资完成率(%)", 12.0, 2),
            Column::date("actualStartDate", "开工日期", 12.0),
            Column::date("actualCompletionDate", "竣工日期", 12.0),
            Column::date("acceptanceDate", "竣工验收日期", 12.0),
            Column::date("productionDate", "投产日期", 12.0),
            Column::date("fullCapacityDate", "达产日期", 12.0),
            Column::int("constructionMonths", "建设周期(月)", 12.0),
            Column::decimal("expectedAnnualOutput", "达产后预计产值(万元)", 18.0, 4),
            Column::decimal("actualAnnualOutput", "实际年产值(万元)", 16.0, 4),
            Column::decimal("outputRealisation", "产值兑现率(%)", 12.0, 2),
            Column::text("enteredAboveScaleName", "是否已入规", 10.0),
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

    fn dec(s: &str) -> Option<Decimal> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn rates_are_worked_out_to_the_hundredth_and_none_without_a_base() {
        // By hand: 48,000.5 ÷ 52,000.5 = 92.3078 %; 96,000 ÷ 120,000 = 80 %; 1 ÷ 3 = 33.33 %.
        for (part, whole, want) in [
            (dec("48000.5"), dec("52000.5"), dec("92.31")),
            (dec("96000"), dec("120000"), dec("80")),
            (dec("1"), dec("3"), dec("33.33")),
            (dec("0"), dec("12000"), dec("0")),
            (dec("500"), dec("0"), None),
            (dec("500"), None, None),
            (None, dec("120000"), None),
        ] {
            assert_eq!(rate(part, whole), want, "{part:?} ÷ {whole:?}");
        }
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
