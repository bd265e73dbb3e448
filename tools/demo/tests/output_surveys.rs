//! The demo zone's output surveys (摸底, domain-model §2.3.5), loaded into in-memory SQLite with the
//! services' migrations: this year's turn-of-year round surveys every reporting firm with approved output
//! the year before, all verified; every survey's quarters add up to its year, its figure is verified
//! exactly when approved, its territory is its firm's, and its review history (read by the service) ends
//! where its status stands; next year's round, from mid-October, is under way.
mod common;

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use keeper_business::entity::{enterprise, output_report, output_survey};
use keeper_business::output::report::repo::owes_report;
use keeper_business::output::survey::REVIEW_KIND;
use keeper_business::review::{self, Status};
use rust_decimal::Decimal;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

#[tokio::test]
async fn each_reporting_firm_is_surveyed_and_verified_through_the_review_table() {
    // As of November: this year's two rounds are closed and next year's has begun.
    let as_of = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    let common::Loaded { biz, tenant, counts, .. } = common::load_as_of(as_of).await;
    let surveys = output_survey::Entity::find().filter(output_survey::Column::TenantId.eq(&tenant)).all(&biz).await.unwrap();
    assert_eq!(surveys.len(), counts.output_surveys);
    let firms: HashMap<i64, enterprise::Model> = enterprise::Entity::find()
        .filter(enterprise::Column::TenantId.eq(&tenant))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.id, e))
        .collect();
    let reported_2025: HashSet<i64> = output_report::Entity::find()
        .filter(output_report::Column::TenantId.eq(&tenant))
        .filter(output_report::Column::PeriodYear.eq(2025))
        .filter(output_report::Column::ReportStatus.eq("2"))
        .all(&biz)
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.month_output > Decimal::ZERO)
        .map(|r| r.enterprise_id)
        .collect();

    // 2026 年初: exactly the reporting firms with approved output in 2025, all verified.
    let mut early: Vec<i64> =
        surveys.iter().filter(|s| (s.survey_year, s.survey_round.as_str()) == (2026, "1")).map(|s| s.enterprise_id).collect();
    let mut want: Vec<i64> = firms.values().filter(|e| owes_report(e) && reported_2025.contains(&e.id)).map(|e| e.id).collect();
    early.sort();
    want.sort();
    assert_eq!(early, want);
    assert!(early.len() >= 20, "{} firms surveyed", early.len());
    assert!(surveys.iter().filter(|s| s.survey_year == 2026 && s.survey_round == "1").all(|s| s.report_status == Status::Approved.code()));
    // 2026 年中 revises the same firms; 2027 年初 is under way: drafts, waiting and approved ones.
    let by_round = |year: i32, round: &'static str| surveys.iter().filter(move |s| s.survey_year == year && s.survey_round == round);
    assert_eq!(by_round(2026, "2").count(), early.len());
    let next: HashSet<&str> = by_round(2027, "1").map(|s| s.report_status.as_str()).collect();
    assert_eq!(next, HashSet::from(["0", "1", "2"]), "next year's round is under way");

    let mut keys = HashSet::new();
    for s in &surveys {
        assert!(keys.insert((s.survey_year, s.survey_round.clone(), s.enterprise_id)), "one survey per firm and round");
        assert_eq!(Some(s.dept_id), firms[&s.enterprise_id].dept_id, "filed under the firm's territory");
        let quarters = [s.expected_q1, s.expected_q2, s.expected_q3, s.expected_q4];
        assert!(quarters.iter().all(|q| q.is_some_and(|q| q >= Decimal::ZERO)), "{quarters:?}");
        assert_eq!(quarters.iter().flatten().sum::<Decimal>(), s.expected_output);
        let approved = s.report_status == Status::Approved.code();
        assert_eq!(s.verified_output.is_some(), approved, "verified exactly when approved");
        assert!(s.verified_output.is_none_or(|v| v > Decimal::ZERO && v <= s.expected_output));
        assert_eq!(s.submit_time.is_some(), s.report_status != Status::Draft.code());
        assert!(s.submit_time.is_none_or(|t| t.date_naive() <= as_of) && s.audit_time.is_none_or(|t| t.date_naive() <= as_of));
        // The history, as the service reads it, ends at the status.
        let log = review::log::history(&biz, &tenant, REVIEW_KIND, s.id).await.unwrap();
        let end = log.last().map_or(Status::Draft.code(), |e| e.to_status.as_str());
        assert_eq!(end, s.report_status, "survey {}", s.id);
    }
    // The parks trim some hopeful figures.
    assert!(surveys.iter().any(|s| s.verified_output.is_some_and(|v| v < s.expected_output)));
}
