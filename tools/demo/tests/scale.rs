//! A zone scaled as a benchmark asks for it (`--projects`, `--years`), at a small scale so that it stays
//! quick: the project count is the one asked, the status mix keeps the demo zone's proportions, and the
//! monthly reports reach back to January `years` before this year, with reports in every year since.
mod common;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use keeper_business::entity::project_report;
use keeper_demo::{Scale, reports};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

#[tokio::test]
async fn a_scaled_zone_has_the_projects_and_years_of_reports_asked() {
    let as_of = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    let scale = Scale { projects: 60, years: 3, ..Scale::default() };
    let common::Loaded { biz, tenant, clock, counts, .. } = common::load_scaled(as_of, scale).await;

    assert_eq!(counts.projects, 60, "{counts:?}");
    let projects = common::projects(&biz, &tenant).await;
    let under_construction = projects.values().filter(|p| p.project_status == "50").count();
    assert_eq!(under_construction, 16, "80 of 300 in the demo zone, so 16 of 60");

    assert_eq!(reports::go_live(&clock), NaiveDate::from_ymd_opt(2023, 1, 1).unwrap());
    let rows = project_report::Entity::find().filter(project_report::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    assert_eq!(rows.len(), counts.reports);
    let mut by_year: BTreeMap<i32, usize> = BTreeMap::new();
    for r in &rows {
        *by_year.entry(r.period_year).or_default() += 1;
    }
    assert_eq!(by_year.keys().copied().collect::<Vec<_>>(), [2023, 2024, 2025, 2026], "{by_year:?}");
}
