//! The demo zone's monthly progress reports (domain-model §2.2.6), loaded into in-memory SQLite databases
//! with the services' migrations: every report passes the service's form and dictionaries, there is one
//! per project and month within the months the project reported, the figures the service recomputed add
//! up as computed here by hand, nothing passes a project's planned total, the workflow columns agree with
//! the review log, and a reload gives the same counts.
mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{Datelike, Months, NaiveDate};
use keeper_business::entity::{project_report, project_status_log, review_log};
use keeper_business::investment::report::REVIEW_KIND;
use keeper_business::investment::report::form::ReportForm;
use keeper_business::period::Period;
use keeper_demo::{business, reports};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Map, Value};

fn month(d: NaiveDate) -> NaiveDate {
    d.with_day(1).unwrap()
}

async fn all_reports(biz: &DatabaseConnection, tenant: &str) -> Vec<project_report::Model> {
    project_report::Entity::find()
        .filter(project_report::Column::TenantId.eq(tenant))
        .order_by_asc(project_report::Column::ProjectId)
        .order_by_asc(project_report::Column::PeriodYear)
        .order_by_asc(project_report::Column::PeriodMonth)
        .all(biz)
        .await
        .unwrap()
}

#[tokio::test]
async fn monthly_reports_pass_the_service_checks_follow_their_projects_and_add_up() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;

    let rows = all_reports(&biz, &tenant).await;
    assert_eq!(rows.len(), counts.reports);
    assert_eq!(rows.iter().filter(|r| r.report_status == "2").count(), counts.approved_reports);
    assert!(counts.reports > 1000 && counts.approved_reports * 10 > counts.reports * 8, "{counts:?}");
    let projects = common::projects(&biz, &tenant).await;
    let halts: HashMap<i64, NaiveDate> = project_status_log::Entity::find()
        .filter(project_status_log::Column::TenantId.eq(&tenant))
        .filter(project_status_log::Column::ToStatus.eq("90"))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|r| Some((r.project_id, r.change_date?)))
        .collect();
    let go_live = reports::go_live(&clock);
    let last_month = month(clock.as_of).checked_sub_months(Months::new(1)).unwrap();

    // Every report is a form the service takes, for a month the project reported in, once.
    let mut seen = BTreeSet::new();
    for r in &rows {
        let p = &projects[&r.project_id];
        let at = format!("{} {}-{:02}", p.project_name, r.period_year, r.period_month);
        let mut body = keeper_business::patch::over(r, Map::new()).unwrap();
        body.insert("period".into(), Value::String(format!("{}-{:02}", r.period_year, r.period_month)));
        let filed =
            ReportForm::from_json(&body).and_then(|f| f.validate(Period::of_day(clock.as_of))).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(filed.report.month_investment, r.month_investment, "{at}");
        assert!(filed.change.is_none() && r.status_change.is_empty() && r.from_status == r.project_status, "{at}");
        assert!(reference.has_key("project_stage", &r.current_stage) && reference.has_key("project_status", &r.project_status), "{at}");
        assert!(r.month_investment.scale() <= 4, "{at}");
        assert_eq!(r.dept_id, p.dept_id, "{at}");
        assert!(seen.insert((r.project_id, r.period_year, r.period_month)), "{at}: two reports of one month");

        assert_eq!(p.library_status, "2", "{at}: only projects in the library report");
        let start = p.actual_start_date.unwrap_or_else(|| panic!("{at}: a project reports once it has started"));
        let m = NaiveDate::from_ymd_opt(r.period_year, r.period_month as u32, 1).unwrap();
        assert!(m >= month(start).max(go_live) && m <= last_month, "{at}: started {start}");
        let stop = match p.project_status.as_str() {
            "80" => p.full_capacity_date,
            "90" => halts.get(&p.id).copied(),
            "99" => p.exit_date,
            _ => None,
        };
        if let Some(stop) = stop {
            assert!(m <= month(stop), "{at}: reporting ended {stop}");
        }
    }
    // Last month is still under review: every workflow status occurs; earlier months are all approved,
    // each with its review steps in the log.
    let last: BTreeSet<&str> = rows
        .iter()
        .filter(|r| (r.period_year, r.period_month as u32) == (last_month.year(), last_month.month()))
        .map(|r| r.report_status.as_str())
        .collect();
    assert_eq!(last, BTreeSet::from(["0", "1", "2", "3"]));
    let log = review_log::Entity::find()
        .filter(review_log::Column::TenantId.eq(&tenant))
        .filter(review_log::Column::BizType.eq(REVIEW_KIND))
        .order_by_asc(review_log::Column::CreateTime)
        .all(&biz)
        .await
        .unwrap();
    let mut steps: HashMap<i64, Vec<&review_log::Model>> = HashMap::new();
    for l in &log {
        steps.entry(l.biz_id).or_default().push(l);
    }
    for r in &rows {
        let at = format!("{} {}-{:02}", projects[&r.project_id].project_name, r.period_year, r.period_month);
        let moves = steps.get(&r.id).cloned().unwrap_or_default();
        if (r.period_year, r.period_month as u32) != (last_month.year(), last_month.month()) {
            assert_eq!(r.report_status, "2", "{at}");
        }
        assert!(moves.windows(2).all(|w| w[0].to_status == w[1].from_status && w[0].create_time < w[1].create_time), "{at}");
        assert_eq!(moves.last().map_or("0", |m| m.to_status.as_str()), r.report_status, "{at}");
        let submitted = moves.iter().rev().find(|m| m.step == "submit" || m.step == "resubmit");
        assert_eq!(r.submit_time, submitted.map(|m| m.create_time), "{at}");
        let approved = moves.iter().rev().find(|m| m.step == "approve").filter(|_| r.report_status == "2");
        assert_eq!(r.audit_time, approved.map(|m| m.create_time), "{at}");
        assert!(moves.first().is_none_or(|m| m.create_time > r.create_time), "{at}");
        if r.report_status == "3" {
            assert!(!r.review_opinion.is_empty(), "{at}: a returned report says why");
        }
    }

    // The service's figures, computed again by hand: year-to-date restarts each January, the cumulative
    // runs on from the opening balance; nothing passes the planned total.
    let mut by_project: BTreeMap<i64, Vec<&project_report::Model>> = BTreeMap::new();
    for r in &rows {
        by_project.entry(r.project_id).or_default().push(r);
    }
    let mut openings = 0;
    for (id, months) in &by_project {
        let p = &projects[id];
        let total = p.total_investment.unwrap();
        let opening = p.opening_investment;
        if let Some(o) = opening {
            openings += 1;
            assert!(month(p.actual_start_date.unwrap()) < go_live && o > Decimal::ZERO && o <= total, "{}", p.project_name);
        }
        let filed: Decimal = opening.unwrap_or_default() + months.iter().map(|r| r.month_investment).sum::<Decimal>();
        assert!(filed <= total, "{}: {filed} of {total}", p.project_name);
        let (mut ytd, mut cumulative, mut year) = (Decimal::ZERO, opening.unwrap_or_default(), 0);
        let mut last_cumulative = opening;
        for r in months {
            if r.report_status != "2" {
                assert_eq!((r.ytd_investment, r.cumulative_investment), (None, None), "{}", p.project_name);
                continue;
            }
            if r.period_year != year {
                (year, ytd) = (r.period_year, Decimal::ZERO);
            }
            ytd += r.month_investment;
            cumulative += r.month_investment;
            assert_eq!(r.ytd_investment, Some(ytd), "{} {}-{}", p.project_name, r.period_year, r.period_month);
            assert_eq!(r.cumulative_investment, Some(cumulative), "{} {}-{}", p.project_name, r.period_year, r.period_month);
            last_cumulative = Some(cumulative);
        }
        if months.iter().any(|r| r.report_status == "2") {
            assert_eq!(p.cumulative_investment, last_cumulative, "{}", p.project_name);
            let stage = months.iter().rev().find(|r| r.report_status == "2").map(|r| r.current_stage.clone());
            assert_eq!(Some(p.current_stage.clone()), stage, "{}", p.project_name);
        }
        // Projects in production have spent most of their plan.
        if matches!(p.project_status.as_str(), "70" | "80") && p.actual_start_date.is_some_and(|s| s >= go_live) {
            assert!(filed * Decimal::from(100) >= total * Decimal::from(60), "{}: {filed} of {total}", p.project_name);
        }
    }
    assert!(openings > 20, "projects building at go-live carry an opening balance ({openings})");
    assert!(projects.values().filter(|p| p.opening_investment.is_some()).all(|p| by_project.contains_key(&p.id)));

    // A reload replaces the reports and their review steps.
    let again = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    assert_eq!(again, counts);
    assert_eq!(all_reports(&biz, &tenant).await.len(), counts.reports);
    let log_rows = review_log::Entity::find().filter(review_log::Column::TenantId.eq(&tenant)).count(&biz).await.unwrap();
    assert_eq!(log_rows as usize, counts.review_log);
}
