//! The enterprises' annual output targets (年度产值分解, domain-model §2.3.3) of last year and this year:
//! each park's target of 规上工业总产值 in force shared among its reporting firms by their approved output of
//! the year before, each share split into months by the firm's own last year — 按上年结构分解 exactly as
//! `outputTarget/generate` makes it (`decompose::proportional`, `split::split`, `form::made`). The
//! committee drafts and issues them a few days after the park's own target, and the park confirms them;
//! this year one park has not confirmed yet. A firm with no approved report of the year before gets no
//! target: its part stays with the park as 待落实, which the screen shows.
use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use keeper_business::dept_target::lifecycle::{self, Step, TargetStatus};
use keeper_business::entity::{dept_target, enterprise, output_report, output_target};
use keeper_business::money::Wan;
use keeper_business::output::report::repo::owes_report;
use keeper_business::output::breakdown::decompose;
use keeper_business::output::breakdown::form::{self, Context};
use keeper_business::period::January;
use keeper_business::reference::Reference;
use keeper_business::review::Status;
use keeper_business::split::{self, Months, Plan, Split, SplitMode};
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};

use crate::clock::Clock;
use crate::targets::OUTPUT;
use crate::zone::{RoleKind, Zone};

/// Generates the targets of every park with an output target in force, for each year it has one.
pub fn generate(
    zone: &Zone,
    firms: &[enterprise::ActiveModel],
    park_targets: &[dept_target::ActiveModel],
    reports: &[output_report::ActiveModel],
    reference: &Reference,
    clock: &Clock,
) -> anyhow::Result<Vec<output_target::ActiveModel>> {
    let january = keeper_business::output::report::january(reference);
    // The approved months of every firm and year, as the service sums them.
    let mut approved: HashMap<(i64, i32), Months> = HashMap::new();
    for r in reports {
        let r: output_report::Model = r.clone().try_into_model()?;
        if r.report_status == Status::Approved.code() && (1..=12).contains(&r.period_month) {
            approved.entry((r.enterprise_id, r.period_year)).or_insert([Wan::ZERO; 12])[(r.period_month - 1) as usize] +=
                Wan::round(r.month_output);
        }
    }
    let firms: Vec<enterprise::Model> = firms.iter().map(|f| f.clone().try_into_model()).collect::<Result<_, _>>()?;
    let parks: Vec<(usize, i64)> = zone.parks().into_iter().map(|p| (p, zone.dept_id(p))).collect();
    let last_park = parks.last().map(|(_, id)| *id);
    let committee = zone.account(RoleKind::Reviewer);
    let mut out = Vec::new();
    for t in park_targets {
        let t: dept_target::Model = t.clone().try_into_model()?;
        let Some(&(park, park_id)) = parks.iter().find(|(_, id)| *id == t.dept_id) else { continue };
        if t.indicator_code != OUTPUT || !TargetStatus::of_code(&t.target_status)?.in_force() {
            continue;
        }
        let territory = reference.subtree(park_id);
        let weighed: Vec<(&enterprise::Model, &Months)> = firms
            .iter()
            .filter(|e| owes_report(e) && e.dept_id.is_some_and(|d| territory.contains(&d)))
            .filter_map(|e| approved.get(&(e.id, t.target_year - 1)).filter(|m| m.iter().any(|w| !w.is_zero())).map(|m| (e, m)))
            .collect();
        let weights: Vec<(i64, Decimal)> = weighed.iter().map(|(e, m)| (e.id, m.iter().sum::<Wan>().decimal())).collect();
        let issued = t.issued_time.unwrap_or(t.create_time);
        let stamps = Stamps {
            created: issued + Duration::days(2),
            issued: issued + Duration::days(3),
            // This year's last park has not confirmed its firms' targets yet.
            confirmed: (!(t.target_year == clock.year() && last_park == Some(park_id))).then(|| issued + Duration::days(6)),
        };
        let confirmer = zone.filler(park);
        for (e, share) in decompose::proportional(Wan::round(t.annual_target), &weights) {
            let (firm, last) = weighed.iter().find(|(f, _)| f.id == e).copied().ok_or_else(|| anyhow::anyhow!("weighed firm {e}"))?;
            let row = target(firm, t.target_year, share, last, january)
                .map_err(|err| anyhow::anyhow!("output target {} of 「{}」: {err}", t.target_year, firm.enterprise_name))?;
            let author =
                |by: &crate::zone::Account, at| Author { tenant: zone.tenant(), user: by.id, dept: Some(zone.dept_id(by.dept)), at };
            let mut row = row.into_active_model();
            base::created::<output_target::Entity>(&mut row, keeper_common::id::next_id(), &author(committee, stamps.created));
            let mut status = lifecycle::next(TargetStatus::Draft, Step::Issue)?;
            row.surveyed_output = Set(None);
            row.version = Set(1);
            row.revision_reason = Set(String::new());
            row.issued_by = Set(Some(committee.id));
            row.issued_name = Set(committee.real_name.clone());
            row.issued_time = Set(Some(stamps.issued));
            base::updated::<output_target::Entity>(&mut row, &author(committee, stamps.issued));
            row.confirmed_by = Set(None);
            row.confirmed_name = Set(String::new());
            row.confirmed_time = Set(None);
            if let Some(at) = stamps.confirmed {
                status = lifecycle::next(status, Step::Confirm)?;
                row.confirmed_by = Set(Some(confirmer.id));
                row.confirmed_name = Set(confirmer.real_name.clone());
                row.confirmed_time = Set(Some(at));
                base::updated::<output_target::Entity>(&mut row, &author(confirmer, at));
            }
            row.target_status = Set(status.code().into());
            out.push(row);
        }
    }
    Ok(out)
}

struct Stamps {
    created: DateTime<Utc>,
    issued: DateTime<Utc>,
    confirmed: Option<DateTime<Utc>>,
}

/// A firm's target of `share`, split by its own last year as `outputTarget/generate` splits it.
fn target(firm: &enterprise::Model, year: i32, share: Wan, last: &Months, january: January) -> anyhow::Result<form::Target> {
    let months = split::split(share, Split::LastYear(last), january)?;
    let plan = Plan { mode: SplitMode::LastYear, checkpoints: None, typed: None };
    let dept_id = firm.dept_id.ok_or_else(|| anyhow::anyhow!("a reporting firm has a territory"))?;
    let c = Context { dept_id, last_year: Some(last), january };
    Ok(form::made(year, firm.id, share, &plan, &months, &c, String::new()))
}
