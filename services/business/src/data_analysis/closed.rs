//! The period rule of the big screen (domain-model §4): it shows the latest *closed* month — the most
//! recent one locked, or with at least the tenant's share of the enterprises owing reports approved —
//! never the half-filled month being reported. Counting back from the month being reported (the one
//! before today's) over a year; a zone with no closed month yet shows the month before the one being
//! reported. A January merged into February is never a month of its own.
use std::collections::{HashMap, HashSet};

use keeper_common::AppError;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, StreamTrait};

use crate::entity::month_lock;
use crate::investment::project::scope::ProjectScope;
use crate::output::report::{lock, repo as report_repo};
use crate::period::{January, Period};

/// How far back a closed month is looked for.
const MONTHS_BACK: usize = 12;

/// The months looked at, the month being reported first.
fn candidates(reporting: Period, january: January) -> Vec<Period> {
    let mut out = Vec::with_capacity(MONTHS_BACK);
    let mut p = Some(reporting);
    while let Some(at) = p {
        if out.len() == MONTHS_BACK {
            break;
        }
        if at.is_reporting_month(january) {
            out.push(at);
        }
        p = at.previous();
    }
    out
}

/// The rule itself: the first candidate locked or approved to `rate`% of `owing`.
pub fn decide(
    reporting: Period,
    january: January,
    locked: &HashSet<Period>,
    approved: &HashMap<Period, u64>,
    owing: u64,
    rate: u32,
) -> Period {
    let closes = |p: &Period| locked.contains(p) || (owing > 0 && approved.get(p).copied().unwrap_or(0) * 100 >= owing * u64::from(rate));
    let looked = candidates(reporting, january);
    looked.iter().copied().find(closes).or_else(|| looked.get(1).copied()).unwrap_or(reporting)
}

/// The latest closed month of `tenant`.
pub async fn latest<C: ConnectionTrait + StreamTrait + Send + Sync>(
    db: &C,
    tenant: &str,
    reporting: Period,
    january: January,
    rate: u32,
) -> Result<Period, AppError> {
    let looked = candidates(reporting, january);
    let Some(oldest) = looked.last().copied() else { return Ok(reporting) };
    // The approved reports of each month looked at, from the year sums.
    let approved: HashMap<Period, u64> = crate::output::year_sum::approved_by_month(db, tenant, oldest.year()..=reporting.year())
        .await?
        .into_iter()
        .filter(|(p, _)| *p >= oldest)
        .collect();
    let locks = month_lock::Entity::find()
        .filter(month_lock::Column::TenantId.eq(tenant))
        .filter(month_lock::Column::Pillar.eq(lock::PILLAR))
        .all(db)
        .await?;
    let locked: HashSet<Period> = locks.into_iter().filter_map(|l| Period::new(l.period_year, l.period_month as u32).ok()).collect();
    let owing = report_repo::owing_count(db, tenant, &ProjectScope::All).await?;
    Ok(decide(reporting, january, &locked, &approved, owing, rate))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(y: i32, m: u32) -> Period {
        Period::new(y, m).unwrap()
    }

    #[test]
    fn the_latest_month_locked_or_approved_to_the_share_is_shown() {
        let reporting = p(2026, 10);
        let none = HashSet::new();
        // October 7 of 10 approved (70 % < 80 %), September 8 of 10: September.
        let approved = HashMap::from([(p(2026, 10), 7), (p(2026, 9), 8)]);
        assert_eq!(decide(reporting, January::Own, &none, &approved, 10, 80), p(2026, 9));
        // At 70 % October closes.
        assert_eq!(decide(reporting, January::Own, &none, &approved, 10, 70), p(2026, 10));
        // A locked month closes whatever was approved.
        let locked = HashSet::from([p(2026, 10)]);
        assert_eq!(decide(reporting, January::Own, &locked, &HashMap::new(), 10, 80), p(2026, 10));
        // Nothing closed in a year (a zone starting out, or no enterprise owing reports): the month before
        // the one being reported.
        assert_eq!(decide(reporting, January::Own, &none, &HashMap::new(), 10, 80), p(2026, 9));
        assert_eq!(decide(reporting, January::Own, &none, &approved, 0, 80), p(2026, 9));
    }

    #[test]
    fn a_january_merged_into_february_is_never_shown_on_its_own() {
        let approved = HashMap::from([(p(2026, 1), 10)]);
        // Reporting February: with January merged it is skipped, and nothing else closed: the month before
        // February that is a month of its own, December.
        assert_eq!(decide(p(2026, 2), January::MergedIntoFebruary, &HashSet::new(), &approved, 10, 80), p(2025, 12));
        assert_eq!(decide(p(2026, 2), January::Own, &HashSet::new(), &approved, 10, 80), p(2026, 1));
        assert_eq!(candidates(p(2026, 3), January::MergedIntoFebruary)[..3], [p(2026, 3), p(2026, 2), p(2025, 12)]);
    }
}
