//! The completions of the demo zone's finished projects (已完成项目, domain-model §2.2.8), loaded into
//! in-memory SQLite databases with the services' migrations: every project at 竣工, 投产 or 达产 has its
//! acceptance and the investment it made (within a tenth of the plan), built for whole months between a
//! start and a later completion; those in production report output and tax; no other project has any of
//! it; every completion passes the service's form again; and a reload records the same completions.
mod common;

use std::collections::BTreeMap;

use chrono::NaiveDate;
use keeper_business::entity::project;
use keeper_business::investment::finished::completion::CompletionForm;
use keeper_business::investment::finished::{actual_investment, whole_months};
use keeper_demo::business;
use rust_decimal::Decimal;
use sea_orm::DatabaseConnection;

const FINISHED: [&str; 3] = ["60", "70", "80"];

/// What a load records of each finished project, by name.
type Recorded = BTreeMap<String, (Option<NaiveDate>, Option<Decimal>, String, Option<Decimal>, Option<Decimal>, String)>;

async fn recorded(biz: &DatabaseConnection, tenant: &str) -> Recorded {
    common::projects(biz, tenant)
        .await
        .into_values()
        .filter(|p| FINISHED.contains(&p.project_status.as_str()))
        .map(|p| {
            let fields = (
                p.acceptance_date,
                p.actual_total_investment,
                p.new_capacity,
                p.actual_annual_output,
                p.actual_annual_tax,
                p.entered_above_scale,
            );
            (p.project_name, fields)
        })
        .collect()
}

/// The stored completion as the body `project/finished/submit` would take.
fn body(p: &project::Model) -> serde_json::Map<String, serde_json::Value> {
    let mut body = serde_json::Map::new();
    let text = |d: Option<Decimal>| d.map_or(serde_json::Value::Null, |d| d.to_string().into());
    body.insert("acceptanceDate".into(), p.acceptance_date.map_or(serde_json::Value::Null, |d| d.to_string().into()));
    body.insert("actualTotalInvestment".into(), text(p.actual_total_investment));
    body.insert("newCapacity".into(), p.new_capacity.clone().into());
    body.insert("actualAnnualOutput".into(), text(p.actual_annual_output));
    body.insert("actualAnnualTax".into(), text(p.actual_annual_tax));
    body.insert("enteredAboveScale".into(), p.entered_above_scale.clone().into());
    body
}

#[tokio::test]
async fn every_finished_project_records_what_it_achieved_and_a_reload_records_the_same() {
    let common::Loaded { biz, zone, tenant, reference, clock, counts } = common::load().await;
    let all = common::projects(&biz, &tenant).await;
    let (finished, others): (Vec<_>, Vec<_>) = all.values().partition(|p| FINISHED.contains(&p.project_status.as_str()));
    assert_eq!(finished.len(), counts.completions);
    assert_eq!(finished.len(), 90, "25 at 竣工, 40 at 投产 and 25 at 达产 (projects::STATUSES)");

    let ten_percent = Decimal::new(1, 1);
    for p in &finished {
        let name = &p.project_name;
        let (start, completed) = (p.actual_start_date.unwrap(), p.actual_completion_date.unwrap());
        let accepted = p.acceptance_date.unwrap_or_else(|| panic!("{name}: no acceptance"));
        assert!(start < completed && completed <= accepted && accepted <= clock.as_of, "{name}: {start} → {completed} → {accepted}");
        let months = whole_months(start, completed).unwrap();
        assert!((7..=24).contains(&months), "{name}: built in {months} months (240–600 days)");

        let planned = p.total_investment.unwrap();
        let actual = p.actual_total_investment.unwrap_or_else(|| panic!("{name}: no actual investment"));
        assert!((actual - planned).abs() <= planned * ten_percent, "{name}: {actual} of {planned} planned");
        assert_eq!(actual.round_dp(2), actual, "{name}: to the hundredth of 万元");
        assert_eq!(actual_investment(p), Some(actual), "{name}: the screen shows the recorded figure");

        let producing = p.project_status != "60" && p.expected_annual_output.is_some();
        assert_eq!(p.actual_annual_output.is_some(), producing, "{name} at {}: output", p.project_status);
        assert_eq!(p.actual_annual_tax.is_some(), producing, "{name}: tax");
        if let (Some(output), Some(tax)) = (p.actual_annual_output, p.actual_annual_tax) {
            assert!(tax > Decimal::ZERO && tax < output, "{name}: tax {tax} of output {output}");
            assert!(["Y", "N"].contains(&p.entered_above_scale.as_str()), "{name}");
        }
        assert_eq!(!p.new_capacity.is_empty(), matches!(p.project_type.as_str(), "01" | "02"), "{name}: capacity of a plant");

        CompletionForm::from_json(&body(p))
            .and_then(|f| f.validate(p.actual_completion_date))
            .unwrap_or_else(|err| panic!("{name}: {err}"));
    }
    assert!(finished.iter().any(|p| p.entered_above_scale == "Y") && finished.iter().any(|p| p.entered_above_scale == "N"));
    for p in &others {
        let none = p.acceptance_date.is_none()
            && p.actual_total_investment.is_none()
            && p.new_capacity.is_empty()
            && p.actual_annual_output.is_none()
            && p.actual_annual_tax.is_none()
            && p.entered_above_scale.is_empty();
        assert!(none, "{} at {}: a completion before finishing", p.project_name, p.project_status);
    }

    let first = recorded(&biz, &tenant).await;
    let again = business::write(&biz, &zone, &reference, &clock).await.unwrap();
    assert_eq!(again, counts);
    assert_eq!(recorded(&biz, &tenant).await, first, "a reload records the same completions");
}
