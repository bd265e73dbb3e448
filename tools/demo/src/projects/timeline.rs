//! A project's life on the calendar (domain-model §2.2.2): the statuses it passed on its way to the one it
//! stands at, and the dates each brought (signing, start, completion, production, full capacity, halt,
//! exit), all in order and none after the zone's today. [`check`] walks the path through the business
//! service's own lifecycle table, so a generated project is one the service could have moved there.
use chrono::NaiveDate;
use keeper_business::investment::project::lifecycle::{self, Actor, By, Facts, ProjectStatus as S};
use keeper_common::AppError;

use crate::clock::Clock;
use crate::rng::Rng;

pub struct Timeline {
    /// The status the project stands at.
    pub status: S,
    /// The last main-path status reached: `status` itself, or the one held before 停缓建 or 终止.
    pub held: S,
    /// Every status passed, from 储备 to `status`…
    pub path: Vec<S>,
    /// …and the day each was reached.
    pub days: Vec<NaiveDate>,
    /// When the project was entered on the platform.
    pub registered: NaiveDate,
    pub sign: Option<NaiveDate>,
    pub start: Option<NaiveDate>,
    pub completion: Option<NaiveDate>,
    pub production: Option<NaiveDate>,
    pub full_capacity: Option<NaiveDate>,
    pub halted: Option<NaiveDate>,
    pub exit: Option<NaiveDate>,
    pub planned_start: NaiveDate,
    pub planned_completion: NaiveDate,
}

const MAIN: [S; 8] =
    [S::Reserve, S::Negotiating, S::Signed, S::Preparing, S::UnderConstruction, S::Completed, S::InProduction, S::FullCapacity];

fn at_least(s: S, than: S) -> bool {
    let rank = |x: S| MAIN.iter().position(|m| *m == x);
    matches!((rank(s), rank(than)), (Some(a), Some(b)) if a >= b)
}

/// A life ending at `status`. `attracted` (招商引资) projects negotiate and sign; others go straight to
/// their formalities. `recent` lives (a project still in the library workflow) began a few weeks ago.
pub fn plan(status: S, attracted: bool, recent: bool, clock: &Clock, rng: &mut Rng) -> Timeline {
    let held = match status {
        S::Suspended => rng.weighted(&[(3, S::UnderConstruction), (1, S::Preparing)]),
        S::Terminated if attracted => rng.pick(&[S::Reserve, S::Negotiating, S::Signed, S::Preparing, S::UnderConstruction]),
        S::Terminated => rng.pick(&[S::Reserve, S::Preparing, S::UnderConstruction]),
        s => s,
    };
    // Each status passed with the day (from registration) it was reached; the whole life is moved back
    // onto the calendar at the end.
    let mut path = vec![(S::Reserve, 0)];
    let mut t: i64 = 0;
    let (mut sign, mut start, mut completion, mut production, mut full, mut halted, mut exit) = (None, None, None, None, None, None, None);
    if attracted && at_least(held, S::Negotiating) && (held == S::Negotiating || rng.chance(0.6)) {
        t += rng.int(10, 60);
        path.push((S::Negotiating, t));
    }
    if attracted && at_least(held, S::Signed) {
        t += rng.int(15, 120);
        path.push((S::Signed, t));
        sign = Some(t);
    }
    if at_least(held, S::Preparing) && (held == S::Preparing || rng.chance(if attracted { 0.7 } else { 0.85 })) {
        t += rng.int(20, 200);
        path.push((S::Preparing, t));
    }
    if at_least(held, S::UnderConstruction) {
        t += rng.int(30, 240);
        path.push((S::UnderConstruction, t));
        start = Some(t);
    }
    // Production needs the completion date too: it "may be recorded together with 竣工" (§2.2.2).
    if at_least(held, S::Completed) {
        t += rng.int(240, 600);
        if held == S::Completed || rng.chance(0.75) {
            path.push((S::Completed, t));
        }
        completion = Some(t);
    }
    if at_least(held, S::InProduction) {
        // Trial production may come before the acceptance of completion; the move is taken after both.
        let p = (t + rng.int(-30, 60)).max(start.unwrap_or(0) + 1);
        production = Some(p);
        t = t.max(p);
        path.push((S::InProduction, t));
    }
    if held == S::FullCapacity {
        t += rng.int(180, 540);
        path.push((S::FullCapacity, t));
        full = Some(t);
    }
    if status == S::Suspended {
        t += rng.int(60, 360);
        path.push((S::Suspended, t));
        halted = Some(t);
    }
    if status == S::Terminated {
        t += rng.int(30, 400);
        path.push((S::Terminated, t));
        exit = Some(t);
    }
    // How long ago the last event was: a project under construction has been building for a while.
    let since = if recent {
        rng.int(15, 60)
    } else {
        match status {
            S::Reserve => rng.int(10, 400),
            S::Negotiating => rng.int(30, 300),
            S::Signed | S::Completed => rng.int(10, 300),
            S::Preparing => rng.int(30, 400),
            S::UnderConstruction | S::InProduction => rng.int(20, 700),
            S::FullCapacity | S::Suspended => rng.int(10, 400),
            S::Terminated => rng.int(5, 500),
        }
    };
    // On a clock with a longer history (a benchmark's zone), the lives that ended or run on in production
    // lie anywhere in it, so that every year holds reports. Drawn only then: the demo zone stays as it was.
    let since = match status {
        S::InProduction | S::FullCapacity | S::Suspended | S::Terminated if !recent && clock.history() > 1 => {
            since + rng.int(0, 365 * (i64::from(clock.history()) - 1))
        }
        _ => since,
    };
    let registered = clock.days_ago(t + since);
    let day = |offset: Option<i64>| offset.map(|o| registered + chrono::Duration::days(o));
    let (start, completion) = (day(start), day(completion));
    let planned_start = match start {
        // Most projects start later than planned.
        Some(s) => s - chrono::Duration::days(rng.int(-20, 90)),
        None => clock.as_of + chrono::Duration::days(rng.int(30, 360)),
    };
    let planned_completion = match completion {
        Some(c) => (c - chrono::Duration::days(rng.int(-30, 150))).max(planned_start + chrono::Duration::days(120)),
        None => planned_start + chrono::Duration::days(rng.int(300, 900)),
    };
    Timeline {
        status,
        held,
        days: path.iter().map(|&(_, o)| registered + chrono::Duration::days(o)).collect(),
        path: path.into_iter().map(|(s, _)| s).collect(),
        registered,
        sign: day(sign),
        start,
        completion,
        production: day(production),
        full_capacity: day(full),
        halted: day(halted),
        exit: day(exit),
        planned_start,
        planned_completion,
    }
}

/// Whether the service's lifecycle admits every move of the path, each by someone allowed to take it,
/// with the project's facts, and whether the project holds what its status requires.
pub fn check(t: &Timeline, facts: &Facts) -> Result<(), AppError> {
    for w in t.path.windows(2) {
        let m = lifecycle::find(w[0], w[1]).ok_or_else(|| AppError::bad(format!("no move {} → {}", w[0].label(), w[1].label())))?;
        let actor = match m.by {
            By::Filler => Actor::Filler,
            By::FillerAndReview => Actor::Reviewer,
            By::Committee => Actor::Committee,
        };
        lifecycle::check(w[0], w[1], actor, facts)?;
    }
    lifecycle::holds(t.status, facts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_life_is_in_order_and_in_the_past() {
        let clock = Clock::new(NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        let mut rng = Rng::stream(0, "timeline");
        for status in S::ALL {
            for attracted in [true, false] {
                if !attracted && matches!(status, S::Negotiating | S::Signed) {
                    continue;
                }
                for _ in 0..50 {
                    let t = plan(status, attracted, false, &clock, &mut rng);
                    assert_eq!(t.path.first(), Some(&S::Reserve));
                    assert_eq!(t.path.last(), Some(&status));
                    assert_eq!(t.days.len(), t.path.len());
                    assert!(t.days.windows(2).all(|w| w[0] <= w[1]) && t.days.last() <= Some(&clock.as_of));
                    let dates: Vec<_> = [t.sign, t.start, t.completion, t.full_capacity, t.halted, t.exit].into_iter().flatten().collect();
                    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{status:?} {dates:?}");
                    assert!(dates.iter().chain([&t.registered]).all(|d| *d <= clock.as_of && *d >= t.registered));
                    assert!(t.planned_completion >= t.planned_start);
                }
            }
        }
    }
}
