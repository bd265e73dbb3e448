//! How a project spends its money (domain-model §2.2.6): an S-curve from the start of construction to its
//! completion (slow at the foundations, fast in the main works, slow again at the fit-out), then a tail of
//! equipment and final payments until production runs at full capacity, never reaching past a share of
//! the planned total that the project ends at. Amounts are counted in units of 0.0001 万元 (`i64`), so
//! that sums are exact and every figure has at most four decimals.
use chrono::{Datelike, NaiveDate};
use keeper_business::investment::project::lifecycle::ProjectStatus as S;
use rust_decimal::Decimal;

use crate::clock::Clock;
use crate::projects::timeline::Timeline;
use crate::rng::Rng;

/// 1 万元 in units.
pub const UNIT: i64 = 10_000;

/// A project's spending over time, as shares of its planned total.
#[derive(Debug, Clone)]
pub struct Curve {
    pub start: NaiveDate,
    /// When the works are done (completion, or the expected one for a project still building).
    pub build_end: NaiveDate,
    /// When the last payments fall (full capacity, or some months after production).
    pub tail_end: NaiveDate,
    /// The share spent by the end of the works…
    pub at_completion: f64,
    /// …and in the end: what the project's cumulative investment comes to.
    pub final_share: f64,
}

impl Curve {
    /// The curve of a started project living `t`.
    pub fn plan(t: &Timeline, start: NaiveDate, clock: &Clock, rng: &mut Rng) -> Curve {
        let days = |d: NaiveDate, n: i64| d + chrono::Duration::days(n);
        let build_end = match t.completion.or(t.production) {
            Some(c) => c,
            // Still building (or halted, or given up while building): works run late more often than not.
            None => t.planned_completion.max(days(clock.as_of, rng.int(60, 420))),
        }
        .max(days(start, 90));
        let tail_end =
            t.full_capacity.unwrap_or_else(|| days(t.production.unwrap_or(build_end), rng.int(180, 360))).max(days(build_end, 60));
        let final_share = match t.held {
            S::InProduction | S::FullCapacity => rng.fraction(0.88, 1.0),
            S::Completed => rng.fraction(0.85, 0.97),
            _ => rng.fraction(0.9, 1.0),
        };
        Curve { start, build_end, tail_end, at_completion: final_share * rng.fraction(0.82, 0.93), final_share }
    }

    /// How far the works are on `day`, from 0 (start) to 1 (done).
    pub fn progress(&self, day: NaiveDate) -> f64 {
        let span = (self.build_end - self.start).num_days().max(1) as f64;
        ((day - self.start).num_days() as f64 / span).clamp(0.0, 1.0)
    }

    /// The share of the planned total spent by the end of `day`.
    pub fn share(&self, day: NaiveDate) -> f64 {
        if day < self.start {
            return 0.0;
        }
        if day < self.build_end {
            let x = self.progress(day);
            return self.at_completion * x * x * (3.0 - 2.0 * x);
        }
        let tail = (self.tail_end - self.build_end).num_days().max(1) as f64;
        let y = ((day - self.build_end).num_days() as f64 / tail).clamp(0.0, 1.0);
        self.at_completion + (self.final_share - self.at_completion) * y
    }
}

/// An amount in units, of `total` 万元 times `share`, rounded to `step` units (100: to the 分 of 万元).
pub fn units(total: f64, share: f64, step: i64) -> i64 {
    ((total * share * UNIT as f64 / step as f64).round() as i64 * step).max(0)
}

pub fn decimal(units: i64) -> Decimal {
    Decimal::new(units, 4).normalize()
}

/// How busy a month is: building slows down around the Spring Festival.
pub fn season(day: NaiveDate) -> f64 {
    match day.month() {
        1 => 0.8,
        2 => 0.5,
        3 => 1.15,
        _ => 1.0,
    }
}

/// The statistics bureau's composition of a month (建筑工程, 安装工程, 设备工器具购置, 其他费用), summing
/// exactly to `month`: building dominates the foundations and main works, installation and equipment the
/// fit-out, equipment the trial production; a renovation (`02`) buys mostly equipment.
pub fn composition(month: i64, stage: u8, kind: &str, rng: &mut Rng) -> [i64; 4] {
    let (b, i, e) = match (kind, stage) {
        ("02", _) => (rng.fraction(0.05, 0.2), rng.fraction(0.08, 0.2), rng.fraction(0.55, 0.75)),
        (_, 0..=9) => (rng.fraction(0.7, 0.85), rng.fraction(0.02, 0.08), rng.fraction(0.0, 0.05)),
        (_, 10) => (rng.fraction(0.55, 0.7), rng.fraction(0.08, 0.18), rng.fraction(0.02, 0.1)),
        (_, 11) => (rng.fraction(0.2, 0.4), rng.fraction(0.15, 0.3), rng.fraction(0.25, 0.45)),
        (_, 12) => (rng.fraction(0.15, 0.3), rng.fraction(0.1, 0.25), rng.fraction(0.25, 0.45)),
        _ => (rng.fraction(0.0, 0.1), rng.fraction(0.05, 0.15), rng.fraction(0.6, 0.85)),
    };
    // The rest is 其他费用 (design, supervision, land tax…): never negative, and exact to the unit.
    let part = |share: f64| ((month as f64 * share / 100.0).round() as i64 * 100).max(0);
    let building = part(b).min(month);
    let install = part(i).min(month - building);
    let equipment = part(e).min(month - building - install);
    [building, install, equipment, month - building - install - equipment]
}

/// People on site at `stage`, for a project of `total` 万元: the main works need the most.
pub fn workers(total: f64, stage: u8, day: NaiveDate, rng: &mut Rng) -> Option<i32> {
    let peak = (total.powf(0.55) * 1.2).clamp(8.0, 1500.0);
    let load = match stage {
        8 => 0.45,
        9 => 1.0,
        10 => 0.85,
        11 => 0.6,
        12 => 0.2,
        13 | 14 if rng.chance(0.6) => 0.06,
        _ => return None,
    };
    let n = peak * load * season(day).min(1.0) * rng.fraction(0.8, 1.2);
    Some(n.round().max(3.0) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_rises_from_nothing_to_its_final_share_and_no_further() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let c = Curve { start: d(2024, 3, 10), build_end: d(2025, 9, 1), tail_end: d(2026, 6, 1), at_completion: 0.8, final_share: 0.95 };
        let mut last = 0.0;
        let mut day = d(2024, 1, 1);
        while day < d(2027, 1, 1) {
            let s = c.share(day);
            assert!(s >= last && s <= c.final_share, "{day}: {s}");
            last = s;
            day += chrono::Duration::days(7);
        }
        assert_eq!(c.share(d(2024, 3, 9)), 0.0);
        assert!((c.share(d(2025, 9, 1)) - 0.8).abs() < 1e-9);
        assert!((last - 0.95).abs() < 1e-9);
        // Slow at the start of the works, fast in the middle: 100 days of each.
        let early = c.share(d(2024, 6, 18)) - c.share(d(2024, 3, 10));
        let middle = c.share(d(2025, 1, 24)) - c.share(d(2024, 10, 16));
        assert!(middle > 2.0 * early, "{early} {middle}");
    }

    #[test]
    fn a_composition_adds_up_to_the_month_exactly() {
        let mut rng = Rng::stream(0, "curve");
        for _ in 0..2000 {
            let month = rng.int(0, 500_000_000);
            let stage = rng.int(8, 15) as u8;
            let kind = rng.pick(&["01", "02", "05"]);
            let parts = composition(month, stage, kind, &mut rng);
            assert!(parts.iter().all(|p| *p >= 0), "{parts:?}");
            assert_eq!(parts.iter().sum::<i64>(), month);
        }
        assert_eq!(decimal(12_345_600), "1234.56".parse::<Decimal>().unwrap());
        assert_eq!(units(3500.0, 0.5, 100), 17_500_000);
    }
}
