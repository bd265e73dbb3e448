//! The demo zone's annual plans and issue ledger (domain-model §2.2.1, §2.2.7), loaded into in-memory SQLite
//! databases with the services' migrations: issues stand at every level and status, each one's log
//! replays through the ledger's table to the row as stored, numbers run per year in the order raised,
//! some issues are overdue, the reports issues were raised with say so, plans' months add up to the year
//! and this year's plans put projects both on and behind the time schedule; a reload gives the same zone
//! without duplicating a row.
mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{Datelike, Months};
use keeper_business::entity::{project_issue, project_issue_log, project_plan, project_report};
use keeper_business::investment::issue::lifecycle::{self, Action, IssueStatus, Role};
use keeper_business::investment::plan::form::months_of;
use keeper_demo::business;
use keeper_demo::zone::{Kind, RoleKind};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

async fn issues(biz: &DatabaseConnection, tenant: &str) -> Vec<project_issue::Model> {
    project_issue::Entity::find().filter(project_issue::Column::TenantId.eq(tenant)).all(biz).await.unwrap()
}

/// What must come out the same on every load: the issues by number with their project, status, level and
/// words, and the plans by project and year.
async fn content(biz: &DatabaseConnection, tenant: &str) -> (Vec<(String, String, String, String, String)>, Vec<(String, i32, Decimal)>) {
    let names: HashMap<i64, String> = common::projects(biz, tenant).await.into_iter().map(|(id, p)| (id, p.project_name)).collect();
    let mut i: Vec<_> = issues(biz, tenant)
        .await
        .into_iter()
        .map(|r| (r.issue_no, names[&r.project_id].clone(), r.issue_status, r.issue_level, r.description))
        .collect();
    let mut p: Vec<_> = project_plan::Entity::find()
        .filter(project_plan::Column::TenantId.eq(tenant))
        .all(biz)
        .await
        .unwrap()
        .into_iter()
        .map(|p| (names[&p.project_id].clone(), p.plan_year, p.year_plan_investment))
        .collect();
    i.sort();
    p.sort();
    (i, p)
}

#[tokio::test]
async fn issues_run_through_the_ledger_and_plans_set_the_warning_colours() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;
    println!("{counts:?}");
    let reviewer = zone.account(RoleKind::Reviewer).id;
    let zone_tz = keeper_common::time::zone();

    let rows = issues(&biz, &tenant).await;
    assert_eq!(rows.len(), counts.issues);
    assert!((60..=220).contains(&counts.issues), "about one issue for every two or three tracked projects: {counts:?}");
    assert_eq!(rows.iter().filter(|r| IssueStatus::from_code("s", &r.issue_status).unwrap().is_open()).count(), counts.open_issues);
    let statuses: BTreeSet<&str> = rows.iter().map(|r| r.issue_status.as_str()).collect();
    assert_eq!(statuses, BTreeSet::from(["10", "20", "30", "40", "50", "60"]), "every status");
    let levels: BTreeSet<&str> = rows.iter().map(|r| r.issue_level.as_str()).collect();
    assert_eq!(levels, BTreeSet::from(["1", "2", "3", "4"]), "every level");
    let open_levels: BTreeSet<&str> =
        rows.iter().filter(|r| IssueStatus::from_code("s", &r.issue_status).unwrap().is_open()).map(|r| r.issue_level.as_str()).collect();
    assert_eq!(open_levels, BTreeSet::from(["1", "2", "3", "4"]), "open issues of every level colour the tracked list");
    let overdue =
        rows.iter().filter(|r| matches!(r.issue_status.as_str(), "20" | "30") && r.deadline.is_some_and(|d| d < clock.as_of)).count();
    assert!(overdue >= 3, "some issues are overdue ({overdue})");
    assert!(rows.iter().filter(|r| r.issue_status == "50").count() * 3 > rows.len(), "most issues are struck off");

    // Numbers run 1, 2, 3… per raising year in the order raised.
    let mut by_year: BTreeMap<String, Vec<&project_issue::Model>> = BTreeMap::new();
    for r in &rows {
        let (year, n) = r.issue_no.trim_start_matches("WT").split_once('-').unwrap();
        assert_eq!(n.len(), 4, "{}", r.issue_no);
        assert_eq!(year.parse::<i32>().unwrap(), r.create_time.with_timezone(&zone_tz).year(), "{}", r.issue_no);
        by_year.entry(year.to_string()).or_default().push(r);
    }
    for list in by_year.values_mut() {
        list.sort_by_key(|r| r.issue_no.clone());
        for (n, r) in list.iter().enumerate() {
            assert_eq!(r.issue_no[r.issue_no.len() - 4..].parse::<usize>().unwrap(), n + 1, "{}", r.issue_no);
        }
        assert!(list.windows(2).all(|w| w[0].create_time <= w[1].create_time), "numbered in the order raised");
    }

    // Each issue's log replays through the ledger's table to the row as stored, on working days up to
    // the zone's today, the committee's moves by the reviewer.
    let log = project_issue_log::Entity::find()
        .filter(project_issue_log::Column::TenantId.eq(&tenant))
        .order_by_asc(project_issue_log::Column::CreateTime)
        .all(&biz)
        .await
        .unwrap();
    let mut logs: HashMap<i64, Vec<&project_issue_log::Model>> = HashMap::new();
    for l in &log {
        logs.entry(l.issue_id).or_default().push(l);
    }
    let all_roles = [Role::Committee, Role::Responsible, Role::CoOperating];
    let reports: HashMap<i64, project_report::Model> = project_report::Entity::find()
        .filter(project_report::Column::TenantId.eq(&tenant))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let projects = common::projects(&biz, &tenant).await;
    for r in &rows {
        let at = &r.issue_no;
        let entries = &logs[&r.id];
        let raise = entries[0];
        assert_eq!((raise.action.as_str(), raise.to_status.as_str(), raise.to_level.as_str()), ("raise", "10", "1"), "{at}");
        assert_eq!((Some(raise.operator_id), raise.create_time), (r.create_user, r.create_time), "{at}");
        let mut status = IssueStatus::Pending;
        let mut level = "1".to_string();
        for w in entries.windows(2) {
            assert!(w[0].create_time < w[1].create_time, "{at}");
        }
        for l in &entries[1..] {
            let action = Action::from_code("action", &l.action).unwrap();
            assert_eq!((l.from_status.as_str(), l.from_level.as_str()), (status.code(), level.as_str()), "{at} {}", l.action);
            let to = lifecycle::check(status, action, &all_roles).unwrap_or_else(|e| panic!("{at} {}: {e}", l.action));
            assert_eq!(l.to_status, to.code(), "{at} {}", l.action);
            if matches!(action, Action::Assign | Action::Confirm | Action::Reject | Action::Close | Action::Relevel) {
                assert_eq!(l.operator_id, reviewer, "{at} {}", l.action);
            }
            if action.needs_text() {
                assert!(!l.content.is_empty(), "{at} {}", l.action);
            }
            status = to;
            level = l.to_level.clone();
        }
        assert_eq!((status.code(), level.as_str()), (r.issue_status.as_str(), r.issue_level.as_str()), "{at}");
        for l in entries {
            let day = l.create_time.with_timezone(&zone_tz).date_naive();
            assert!(day <= clock.as_of && day.weekday().number_from_monday() <= 5, "{at} {} on {day}", l.action);
        }
        assert_eq!(entries.last().unwrap().create_time, r.update_time, "{at}");
        // The columns each action writes.
        assert_eq!(r.closed_date.is_some(), matches!(status, IssueStatus::StruckOff | IssueStatus::Closed), "{at}");
        if matches!(status, IssueStatus::Resolved | IssueStatus::StruckOff) {
            assert!(r.resolved_date.is_some() && !r.resolution.is_empty(), "{at}");
        }
        if status != IssueStatus::Pending && entries.iter().any(|l| l.action == "assign") {
            assert!(r.responsible_dept_id.is_some(), "{at}");
        }
        if status == IssueStatus::Pending {
            assert!(r.responsible_dept_id.is_none() && r.deadline.is_none(), "{at}");
        }
        if matches!(r.issue_level.as_str(), "3" | "4") && r.responsible_dept_id.is_some() {
            assert!(r.deadline.is_some(), "{at}: ordinary and key issues have a deadline");
        }
        // Raised by the clerk of the project's park, on a project in the library, with its own report.
        let p = &projects[&r.project_id];
        assert_eq!((p.library_status.as_str(), p.is_tracked.as_str()), ("2", "Y"), "{at}");
        assert_eq!(r.dept_id, p.dept_id, "{at}");
        let raiser_dept = zone.dept_index(r.raised_by_dept_id.unwrap()).unwrap();
        assert!(matches!(zone.dept(raiser_dept).kind, Kind::Park(_) | Kind::Bureau(_)), "{at}");
        if let Some(report) = r.report_id {
            let rep = &reports[&report];
            assert_eq!((rep.project_id, rep.has_issue.as_str()), (r.project_id, "Y"), "{at}");
            assert_eq!(r.raised_period, format!("{}-{:02}", rep.period_year, rep.period_month), "{at}");
        }
        assert!(reference.has_key("issue_type", &r.issue_type), "{at}");
    }
    assert!(rows.iter().any(|r| r.report_id.is_some()) && rows.iter().any(|r| r.report_id.is_none()));
    assert!(log.iter().any(|l| l.action == "reject") && log.iter().any(|l| l.action == "progress"));
    // Co-operating departments work issues.
    let co_ops: BTreeSet<i64> = zone.accounts.iter().filter(|a| a.role == RoleKind::CoOperating).map(|a| a.id).collect();
    assert!(log.iter().any(|l| co_ops.contains(&l.operator_id)), "co-operating departments' handlers act");

    // Plans: last year's and this year's of tracked projects, months adding up to the year.
    let plans = project_plan::Entity::find().filter(project_plan::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    assert_eq!(plans.len(), counts.plans);
    assert!(plans.len() > 60, "{counts:?}");
    let mut seen = BTreeSet::new();
    let mut split = 0;
    for p in &plans {
        assert!(seen.insert((p.project_id, p.plan_year)), "one plan a project and year");
        assert!([clock.year() - 1, clock.year()].contains(&p.plan_year));
        assert!(p.year_plan_investment > Decimal::ZERO && !p.year_milestone.is_empty());
        assert_eq!(projects[&p.project_id].is_tracked, "Y");
        if let Some(m) = months_of(p) {
            split += 1;
            assert_eq!(m.iter().copied().sum::<Decimal>(), p.year_plan_investment, "{}", p.project_id);
        }
    }
    assert!(split * 2 > plans.len(), "most plans are split into months");
    // This year's approved investment against the plan: some on schedule, some behind.
    let last_month = clock.as_of.with_day(1).unwrap().checked_sub_months(Months::new(1)).unwrap();
    if last_month.year() == clock.year() {
        let schedule = Decimal::from(last_month.month()) * Decimal::ONE_HUNDRED / Decimal::from(12);
        let mut ytd: HashMap<i64, Decimal> = HashMap::new();
        for r in reports.values().filter(|r| r.report_status == "2" && r.period_year == clock.year()) {
            *ytd.entry(r.project_id).or_default() += r.month_investment;
        }
        let lags: Vec<Decimal> = plans
            .iter()
            .filter(|p| p.plan_year == clock.year())
            .map(|p| schedule - ytd.get(&p.project_id).copied().unwrap_or_default() * Decimal::ONE_HUNDRED / p.year_plan_investment)
            .collect();
        let on = lags.iter().filter(|l| **l <= Decimal::TEN).count();
        let behind = lags.iter().filter(|l| **l > Decimal::from(20)).count();
        assert!(on * 2 > lags.len() && behind > 0, "on schedule {on}, well behind {behind} of {}", lags.len());
    }

    // A reload gives the same zone and duplicates nothing.
    let before = content(&biz, &tenant).await;
    let again = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    assert_eq!(again, counts);
    assert_eq!(
        project_issue::Entity::find().filter(project_issue::Column::TenantId.eq(&tenant)).count(&biz).await.unwrap() as usize,
        counts.issues
    );
    assert_eq!(
        project_plan::Entity::find().filter(project_plan::Column::TenantId.eq(&tenant)).count(&biz).await.unwrap() as usize,
        counts.plans
    );
    let log_rows = project_issue_log::Entity::find().filter(project_issue_log::Column::TenantId.eq(&tenant)).count(&biz).await.unwrap();
    assert_eq!(log_rows as usize, log.len());
    assert_eq!(content(&biz, &tenant).await, before, "the same day gives the same issues and plans");
}
